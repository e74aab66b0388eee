/**
 * What the inspector shows of an element's styles: the CSS rules that apply to it (or would,
 * under a pseudo-class), its computed values, and its own classes.
 */
import { classWithPseudoClasses, isValidSelector } from "../../domain/editing/selectors.ts"
import { codebaseIdInClassList, isCodebaseId } from "./codebase-ids.ts"
import { FRAME_OWNED_ATTRIBUTE } from "./constants.ts"
import { isTemporaryClass } from "./temporary.ts"

/** The ~60 properties collected for the selected element (§9). */
export const COLLECTED_PROPERTIES = [
  "display",
  "position",
  "top",
  "right",
  "bottom",
  "left",
  "z-index",
  "float",
  "clear",
  "box-sizing",
  "width",
  "height",
  "min-width",
  "min-height",
  "max-width",
  "max-height",
  "margin-top",
  "margin-right",
  "margin-bottom",
  "margin-left",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "overflow-x",
  "overflow-y",
  "flex-direction",
  "flex-wrap",
  "justify-content",
  "align-items",
  "align-content",
  "align-self",
  "flex-grow",
  "flex-shrink",
  "flex-basis",
  "order",
  "gap",
  "row-gap",
  "column-gap",
  "grid-template-columns",
  "grid-template-rows",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "line-height",
  "letter-spacing",
  "text-align",
  "text-decoration-line",
  "text-transform",
  "white-space",
  "color",
  "background-color",
  "background-image",
  "opacity",
  "box-shadow",
  "border-top-width",
  "border-right-width",
  "border-bottom-width",
  "border-left-width",
  "border-style",
  "border-color",
  "border-radius",
  "cursor",
  "visibility",
] as const

/** The ~30 of them a child inherits unless told otherwise (§9). */
export const INHERITED_PROPERTIES: ReadonlySet<string> = new Set([
  "color",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "font-variant",
  "line-height",
  "letter-spacing",
  "word-spacing",
  "text-align",
  "text-indent",
  "text-transform",
  "white-space",
  "word-break",
  "overflow-wrap",
  "direction",
  "visibility",
  "cursor",
  "list-style-type",
  "list-style-position",
  "list-style-image",
  "quotes",
  "border-collapse",
  "border-spacing",
  "caption-side",
  "empty-cells",
  "tab-size",
  "hyphens",
  "text-shadow",
  "font-stretch",
])

export interface ProcessedCssRule {
  readonly filename: string
  readonly selector: string
  readonly styles: Record<string, string>
  readonly applied: boolean
  readonly codebaseId: string | null
  readonly removable: boolean
  readonly allowChanges: boolean
  readonly inherited: boolean
  readonly eligibleToApply: boolean
  readonly modifiers: Array<string>
  readonly cssText: string
  readonly classParsed: string | null
}

export interface CssEvals {
  readonly styles: Record<string, string>
  readonly inherited: Array<string>
  readonly parent: { readonly display: string; readonly flexDirection: string }
}

const sheetName = (sheet: CSSStyleSheet): string => {
  if (sheet.href) return sheet.href
  const owner = sheet.ownerNode
  // Vite's dev server names the module a <style> tag came from.
  if (owner instanceof Element) return owner.getAttribute("data-vite-dev-id") ?? "inline"
  return "inline"
}

interface FoundRule {
  readonly rule: CSSStyleRule
  readonly sheet: CSSStyleSheet
  readonly media: ReadonlyArray<string>
}

const walkRules = (
  rules: CSSRuleList,
  sheet: CSSStyleSheet,
  media: Array<string>,
  out: Array<FoundRule>,
) => {
  for (const rule of rules) {
    if (rule instanceof CSSStyleRule) out.push({ rule, sheet, media })
    else if (rule instanceof CSSMediaRule)
      walkRules(rule.cssRules, sheet, [...media, rule.conditionText], out)
    else if ("cssRules" in rule && rule.cssRules instanceof CSSRuleList) {
      walkRules(rule.cssRules, sheet, media, out)
    }
  }
}

export const allStyleRules = (doc: Document): Array<FoundRule> => {
  const out: Array<FoundRule> = []
  for (const sheet of doc.styleSheets) {
    if (sheet.ownerNode instanceof Element && sheet.ownerNode.hasAttribute(FRAME_OWNED_ATTRIBUTE))
      continue
    try {
      walkRules(sheet.cssRules, sheet, [], out)
    } catch {
      // A cross-origin sheet: its rules cannot be read.
    }
  }
  return out
}

const stylesOf = (rule: CSSStyleRule): Record<string, string> => {
  const styles: Record<string, string> = {}
  for (let index = 0; index < rule.style.length; index += 1) {
    const property = rule.style.item(index)
    styles[property] = rule.style.getPropertyValue(property)
  }
  return styles
}

const browserAccepts = (doc: Document) => (selector: string) => {
  try {
    doc.createDocumentFragment().querySelector(selector)
    return true
  } catch {
    return false
  }
}

/** A selector both the browser and the selector parser accept, matching the element (§5). */
export const ruleMatchesElement = (element: Element, selector: string): boolean =>
  isValidSelector(selector, browserAccepts(element.ownerDocument)) && element.matches(selector)

/** The rules that apply to an element, and those of its classes under pseudo-classes. */
export const processRules = (element: Element): Array<ProcessedCssRule> => {
  const doc = element.ownerDocument
  const codebaseId = codebaseIdInClassList(element.classList) ?? null
  const processed: Array<ProcessedCssRule> = []
  for (const { rule, sheet, media } of allStyleRules(doc)) {
    const selector = rule.selectorText
    const single = classWithPseudoClasses(selector)
    let applied: boolean
    try {
      applied = element.matches(selector)
    } catch {
      continue // a selector this browser does not know
    }
    // Only a single class with one or more pseudo-classes is collected beside the applied rules.
    const eligible = single !== undefined && element.classList.contains(single.className)
    if (!applied && !eligible) continue
    const filename = sheetName(sheet)
    const classParsed = /^\.[A-Za-z0-9_\\:-]+$/.test(selector)
      ? selector.slice(1).replace(/\\/g, "")
      : (single?.className ?? null)
    processed.push({
      filename,
      selector,
      styles: stylesOf(rule),
      applied:
        applied &&
        media.every((condition) => doc.defaultView?.matchMedia?.(condition).matches ?? true),
      codebaseId,
      removable: classParsed !== null && element.classList.contains(classParsed),
      allowChanges: !filename.includes("/node_modules/"),
      inherited: false,
      eligibleToApply: eligible,
      modifiers: [...(single?.pseudoClasses ?? []), ...media],
      cssText: rule.cssText,
      classParsed,
    })
  }
  return processed
}

export const cssEvals = (element: Element): CssEvals => {
  const view = element.ownerDocument.defaultView
  const computed = view?.getComputedStyle(element)
  const styles: Record<string, string> = {}
  for (const property of COLLECTED_PROPERTIES) {
    styles[property] = computed?.getPropertyValue(property) ?? ""
  }
  const parent = element.parentElement
  const parentStyle = parent ? view?.getComputedStyle(parent) : undefined
  return {
    styles,
    inherited: COLLECTED_PROPERTIES.filter((property) => INHERITED_PROPERTIES.has(property)),
    parent: {
      display: parentStyle?.getPropertyValue("display") ?? "",
      flexDirection: parentStyle?.getPropertyValue("flex-direction") ?? "",
    },
  }
}

/** The element's own classes: no codebase id, outline, temporary or placeholder class (§5). */
export const elementClassList = (element: Element): Array<string> =>
  [...element.classList].filter((name) => !isCodebaseId(name) && !isTemporaryClass(name))
