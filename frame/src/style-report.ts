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
 * The app's colour tokens: the `--color-*` custom properties its style sheets set on the root
 * (`:root`, `:host`, `html`), then those its colour utilities read from a variable without one
 * (`.bg-primary { background-color: var(--primary) }`), each with the value it computes to now.
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
  const resolve = (value: string) => {
    const variable = /^var\(\s*(--[A-Za-z0-9_-]+)\s*\)$/.exec(value)?.[1]
    return variable ? root?.getPropertyValue(variable).trim() || value : value
  }
  // Tokens mapped without a variable of their own (`@theme inline { --color-primary:
  // var(--primary) }`, as shadcn/ui does): the colour utilities the page's CSS has for them.
  for (const { rule } of allStyleRules(doc)) {
    const utility = COLOUR_UTILITY.exec(rule.selectorText)
    const name = utility ? `--color-${utility[2] ?? ""}` : undefined
    if (!utility || !name || raw.has(name) || names.length >= MAX_THEME_COLOURS) continue
    const property =
      utility[1] === "bg" ? "background-color" : utility[1] === "text" ? "color" : "border-color"
    const value = rule.style.getPropertyValue(property).trim()
    if (!value.startsWith("var(")) continue
    names.push(name)
    raw.set(name, value)
  }
  return names.map((name) => ({
    name,
    value: root?.getPropertyValue(name).trim() || resolve(raw.get(name) ?? ""),
  }))
}

/** A colour utility of one class and no variant: `.bg-primary`, `.text-muted-foreground`. */
const COLOUR_UTILITY = /^\.(bg|text|border)-([a-z][a-z0-9-]*)$/

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
