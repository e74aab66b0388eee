/** The CSS of instant updates' previews: the rules of temporary classes, in the frame's own sheet. */

import {
  BREAKPOINT_MIN_WIDTHS,
  isBreakpoint,
  isPseudoModifier,
} from "../../domain/editing/styling.ts"
import { FRAME_OWNED_ATTRIBUTE } from "./constants.ts"
import { MOVED_AWAY_CLASS, REMOVED_CLASS } from "./temporary.ts"

/** CSS declarations for a class the page's style sheets do not have yet (a new Tailwind class). */
export type ClassCss = Readonly<Record<string, string | number | null>>

const kebab = (property: string): string =>
  property.startsWith("--") ? property : property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** `.class` with pseudo modifiers, inside a media query for a breakpoint modifier. */
export const ruleFor = (
  className: string,
  declarations: Readonly<Record<string, string | number | null>>,
  modifiers: ReadonlyArray<string>,
): string => {
  const pseudo = modifiers
    .filter(isPseudoModifier)
    .map((m) => `:${m}`)
    .join("")
  const body = Object.entries(declarations)
    .map(
      ([property, value]) =>
        `${kebab(property)}: ${value === null || value === "" ? "unset" : String(value)} !important;`,
    )
    .join(" ")
  const rule = `.${CSS.escape(className)}${pseudo} { ${body} }`
  const breakpoint = modifiers.find(isBreakpoint)
  return breakpoint ? `@media (min-width: ${BREAKPOINT_MIN_WIDTHS[breakpoint]}) { ${rule} }` : rule
}

/** The class as the source writes it: Tailwind's variants in front (hover:bg-red-500). */
export const classWithModifiers = (
  className: string,
  modifiers: ReadonlyArray<string>,
  tailwind: boolean,
): string => (tailwind && modifiers.length > 0 ? `${modifiers.join(":")}:${className}` : className)

/** The frame's own style sheet for previews, made (again) when it is not in the page. */
export const createPreviewSheet = (doc: Document) => {
  let sheetElement: HTMLStyleElement | undefined

  const sheet = (): CSSStyleSheet | null => {
    if (!sheetElement?.isConnected) {
      sheetElement = doc.createElement("style")
      sheetElement.setAttribute(FRAME_OWNED_ATTRIBUTE, "instant-updates")
      sheetElement.textContent = `.${REMOVED_CLASS}, .${MOVED_AWAY_CLASS} { display: none !important; }`
      doc.head.appendChild(sheetElement)
    }
    return sheetElement.sheet
  }

  const addRule = (rule: string): boolean => {
    const target = sheet()
    try {
      if (!target) throw new Error("no style sheet")
      target.insertRule(rule, target.cssRules.length)
      return true
    } catch (error) {
      console.error("Error adding rule", rule, error)
      return false
    }
  }

  const removeRulesFor = (className: string) => {
    const target = sheet()
    if (!target) return
    const needle = `.${CSS.escape(className)}`
    for (let index = target.cssRules.length - 1; index >= 0; index -= 1) {
      if (target.cssRules[index]?.cssText.includes(needle)) target.deleteRule(index)
    }
  }

  return { sheet, addRule, removeRulesFor }
}
