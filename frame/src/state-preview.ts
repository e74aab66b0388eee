/**
 * Forcing a pseudo-class state (hover, focus, active, disabled…) on the selected element, so the
 * canvas shows what the inspector's state switch edits: the declarations of the element's
 * `.class:hover` rules (the page's, and the frame's own previews of edits not yet hot reloaded)
 * copied under one temporary class. A browser cannot be told to treat an element as hovered, so
 * this is how the state is shown; rules of another shape (`.group:hover .x`) are not forced.
 */
import { classWithPseudoClasses } from "../../domain/editing/selectors.ts"
import { allStyleRules } from "./css-rules.ts"
import { MODIFIER_PREVIEW_CLASS } from "./temporary.ts"

/** What the state preview did for the element: the states asked for and how many declarations. */
export interface StatePreview {
  readonly modifiers: ReadonlyArray<string>
  /** Declarations copied from the element's rules for those states (0: it has none yet). */
  readonly forced: number
}

const declarationsOf = (rule: CSSStyleRule): Array<string> => {
  const out: Array<string> = []
  for (let index = 0; index < rule.style.length; index += 1) {
    const property = rule.style.item(index)
    out.push(`${property}: ${rule.style.getPropertyValue(property)} !important;`)
  }
  return out
}

/**
 * Whether a rule's media conditions hold in the frame now. `(hover: hover)` (Tailwind 4 puts
 * hover: under it) is taken as true: forcing hover is the point, whatever the pointer.
 */
const mediaHolds = (win: Window | null, media: ReadonlyArray<string>): boolean =>
  media.every(
    (condition) =>
      win?.matchMedia?.(condition.replace(/\(\s*hover\s*:\s*hover\s*\)/g, "all")).matches ?? true,
  )

/** The frame's own rules (instant previews of edits), as the page's rules are walked. */
const ownRules = (sheet: CSSStyleSheet | null) => {
  const out: Array<{ readonly rule: CSSStyleRule; readonly media: ReadonlyArray<string> }> = []
  if (!sheet) return out
  for (const rule of sheet.cssRules) {
    if (rule instanceof CSSStyleRule) out.push({ rule, media: [] })
    else if (rule instanceof CSSMediaRule) {
      for (const inner of rule.cssRules) {
        if (inner instanceof CSSStyleRule) out.push({ rule: inner, media: [rule.conditionText] })
      }
    }
  }
  return out
}

/** The declarations that `modifiers` add to the element, in the order the page defines them. */
export const stateDeclarations = (
  element: Element,
  modifiers: ReadonlyArray<string>,
  sheet: CSSStyleSheet | null,
): Array<string> => {
  if (modifiers.length === 0) return []
  const win = element.ownerDocument.defaultView
  const declarations: Array<string> = []
  for (const { rule, media } of [...allStyleRules(element.ownerDocument), ...ownRules(sheet)]) {
    if (rule.selectorText.includes(MODIFIER_PREVIEW_CLASS)) continue
    const single = classWithPseudoClasses(rule.selectorText)
    if (!single || !element.classList.contains(single.className)) continue
    if (!single.pseudoClasses.every((pseudo) => modifiers.includes(pseudo))) continue
    if (!mediaHolds(win, media)) continue
    declarations.push(...declarationsOf(rule))
  }
  return declarations
}

/**
 * The state preview of one element at a time. apply() is idempotent: asked again for the same
 * element and the same declarations it touches nothing, so the frame can re-apply it after every
 * change of the page (its own class change would otherwise start another round of updates).
 */
export const createStatePreview = (sheet: () => CSSStyleSheet | null) => {
  let current: { readonly element: Element; readonly rule: string } | null = null

  const removeRule = () => {
    const target = sheet()
    if (!target) return
    for (let index = target.cssRules.length - 1; index >= 0; index -= 1) {
      if (target.cssRules[index]?.cssText.includes(MODIFIER_PREVIEW_CLASS)) target.deleteRule(index)
    }
  }

  const clear = () => {
    if (!current) return
    current.element.classList.remove(MODIFIER_PREVIEW_CLASS)
    for (const old of current.element.ownerDocument.querySelectorAll(
      `.${MODIFIER_PREVIEW_CLASS}`,
    )) {
      old.classList.remove(MODIFIER_PREVIEW_CLASS)
    }
    removeRule()
    current = null
  }

  const apply = (element: Element | undefined, modifiers: ReadonlyArray<string>): StatePreview => {
    const declarations = element ? stateDeclarations(element, modifiers, sheet()) : []
    if (!element || declarations.length === 0) {
      clear()
      return { modifiers, forced: 0 }
    }
    const rule = `.${MODIFIER_PREVIEW_CLASS} { ${declarations.join(" ")} }`
    const unchanged =
      current?.element === element &&
      current.rule === rule &&
      element.classList.contains(MODIFIER_PREVIEW_CLASS)
    if (!unchanged) {
      clear()
      const target = sheet()
      try {
        if (!target) throw new Error("no style sheet")
        target.insertRule(rule, target.cssRules.length)
        element.classList.add(MODIFIER_PREVIEW_CLASS)
        current = { element, rule }
      } catch (error) {
        console.error("Error adding rule", error)
        return { modifiers, forced: 0 }
      }
    }
    return { modifiers, forced: declarations.length }
  }

  return { apply, clear }
}

export type StatePreviewer = ReturnType<typeof createStatePreview>
