/**
 * What the inspector shows of the selected element, as the canvas has it now: the computed values
 * (getComputedStyle) of the properties its controls edit, the root font size (for rem), the state
 * being previewed, and the app's colour tokens (its `--color-*` custom properties, as Tailwind 4's
 * `@theme` defines them on :root). The frame sends it as COMPUTED_STYLES whenever the selection,
 * the page, its style sheets, the previewed state or the frame's width change.
 */
import { allStyleRules } from "./css-rules.ts"
import type { StatePreview } from "./state-preview.ts"

/** The properties the inspector's controls show and edit. */
export const INSPECTED_PROPERTIES = [
  "display",
  "position",
  "top",
  "right",
  "bottom",
  "left",
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
  "border-top-width",
  "border-right-width",
  "border-bottom-width",
  "border-left-width",
  "border-top-style",
  "border-top-color",
  "border-top-left-radius",
  "border-top-right-radius",
  "border-bottom-right-radius",
  "border-bottom-left-radius",
  "box-shadow",
  "opacity",
  "color",
  "background-color",
  "font-size",
  "font-weight",
  "text-align",
  "flex-direction",
  "justify-content",
  "align-items",
  "gap",
] as const
export type InspectedProperty = (typeof INSPECTED_PROPERTIES)[number]

/** A colour token of the app: `--color-primary` and the colour it holds now. */
export interface ThemeColour {
  readonly name: string
  readonly value: string
}

export interface ComputedStylesReport {
  readonly elementKey: string | null
  /** Computed values by property; empty when no element is selected (or it is not rendered). */
  readonly styles: Readonly<Record<string, string>>
  readonly rootFontSize: number
  readonly state: StatePreview
  readonly themeColours: ReadonlyArray<ThemeColour>
}

export const computedStyles = (element: Element): Record<string, string> => {
  const computed = element.ownerDocument.defaultView?.getComputedStyle(element)
  const styles: Record<string, string> = {}
  for (const property of INSPECTED_PROPERTIES) {
    styles[property] = computed?.getPropertyValue(property).trim() ?? ""
  }
  return styles
}

export const rootFontSize = (doc: Document): number => {
  const size = Number.parseFloat(
    doc.defaultView?.getComputedStyle(doc.documentElement).getPropertyValue("font-size") ?? "",
  )
  return Number.isFinite(size) && size > 0 ? size : 16
}

/** At most this many tokens are listed: a theme has tens, a page that lists thousands is odd. */
export const MAX_THEME_COLOURS = 600

/**
 * The `--color-*` custom properties the page's style sheets set on the root (`:root`, `:host`,
 * `html`), each with the value it computes to now, in the order first defined.
 */
export const themeColours = (doc: Document): Array<ThemeColour> => {
  const names: Array<string> = []
  const raw = new Map<string, string>()
  for (const { rule } of allStyleRules(doc)) {
    if (!/(^|[\s,])(:root|:host|html)([\s,]|$)/.test(rule.selectorText)) continue
    for (let index = 0; index < rule.style.length; index += 1) {
      const property = rule.style.item(index)
      if (!property.startsWith("--color-") || raw.has(property)) continue
      names.push(property)
      raw.set(property, rule.style.getPropertyValue(property).trim())
      if (names.length >= MAX_THEME_COLOURS) break
    }
  }
  const root = doc.defaultView?.getComputedStyle(doc.documentElement)
  return names.map((name) => ({
    name,
    value: root?.getPropertyValue(name).trim() || (raw.get(name) ?? ""),
  }))
}

export const styleReport = (
  doc: Document,
  elementKey: string | null,
  element: Element | undefined,
  state: StatePreview,
  theme: ReadonlyArray<ThemeColour>,
): ComputedStylesReport => ({
  elementKey,
  styles: element ? computedStyles(element) : {},
  rootFontSize: rootFontSize(doc),
  state,
  themeColours: theme,
})
