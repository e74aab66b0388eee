import { twMerge } from "tailwind-merge"
import type { CustomClass, CustomProperties } from "../../domain/editing/source-rewriter.port.ts"
/**
 * CSS declarations as Tailwind 4 classes. Known properties get their utility with an arbitrary
 * value (`w-[120px]`, `text-[color:#f00]`) or a keyword utility (`flex`, `text-center`); any other
 * property becomes an arbitrary property (`[cursor:pointer]`). Setting a property first removes
 * the classes that set it under the same variants.
 */

const BREAKPOINTS = ["sm", "md", "lg", "xl", "2xl"]

const COLOR_VALUE =
  /^\[(color:|#|rgba?\(|hsla?\(|oklch\(|oklab\(|lab\(|lch\(|hwb\(|var\()|^(inherit|current|transparent|black|white)$|^[a-z]+-\d{2,3}(\/\d+)?$/
const FONT_SIZE_VALUE = /^(xs|sm|base|lg|xl|[2-9]xl)(\/.+)?$|^\[(length:)?[\d.]/

interface Utility {
  readonly prefix: string
  /** A type hint for values the prefix shares with another property (`text-` is colour and size). */
  readonly hint?: string
  /** Whether a utility's value (after `prefix-`) sets this property. */
  readonly owns?: (value: string) => boolean
  /** Keyword values written as a bare utility (`display: flex` → `flex`). */
  readonly keywords?: { readonly [value: string]: string }
  readonly unitless?: boolean
  /** On Tailwind's spacing scale, and whether negative steps exist (`-mt-2`). */
  readonly scale?: "positive" | "signed"
}

/** A utility whose values are on the spacing scale (`p-6`); `negative` ones take `-m-2`. */
const spacing = (prefix: string, negative = false): Utility => ({
  prefix,
  scale: negative ? "signed" : "positive",
})

const UTILITIES: { readonly [property: string]: Utility } = {
  color: { prefix: "text", hint: "color", owns: (value) => COLOR_VALUE.test(value) },
  "background-color": { prefix: "bg", hint: "color", owns: (value) => COLOR_VALUE.test(value) },
  "border-color": { prefix: "border", hint: "color", owns: (value) => COLOR_VALUE.test(value) },
  "font-size": { prefix: "text", hint: "length", owns: (value) => FONT_SIZE_VALUE.test(value) },
  "font-weight": {
    prefix: "font",
    unitless: true,
    owns: (value) =>
      /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\[\d+\])$/.test(value),
  },
  width: spacing("w"),
  height: spacing("h"),
  "min-width": spacing("min-w"),
  "max-width": spacing("max-w"),
  "min-height": spacing("min-h"),
  "max-height": spacing("max-h"),
  padding: spacing("p"),
  "padding-top": spacing("pt"),
  "padding-right": spacing("pr"),
  "padding-bottom": spacing("pb"),
  "padding-left": spacing("pl"),
  margin: spacing("m", true),
  "margin-top": spacing("mt", true),
  "margin-right": spacing("mr", true),
  "margin-bottom": spacing("mb", true),
  "margin-left": spacing("ml", true),
  gap: spacing("gap"),
  top: spacing("top", true),
  right: spacing("right", true),
  bottom: spacing("bottom", true),
  left: spacing("left", true),
  "border-radius": { prefix: "rounded" },
  "line-height": { prefix: "leading", unitless: true },
  "letter-spacing": { prefix: "tracking" },
  opacity: { prefix: "opacity", unitless: true },
  "z-index": { prefix: "z", unitless: true },
  "border-width": {
    prefix: "border",
    hint: "length",
    owns: (value) => /^(\d+|\[(length:)?[\d.])/.test(value),
  },
  display: {
    prefix: "",
    keywords: {
      block: "block",
      "inline-block": "inline-block",
      inline: "inline",
      flex: "flex",
      "inline-flex": "inline-flex",
      grid: "grid",
      "inline-grid": "inline-grid",
      none: "hidden",
      contents: "contents",
      table: "table",
      "flow-root": "flow-root",
    },
  },
  position: {
    prefix: "",
    keywords: Object.fromEntries(
      ["static", "fixed", "absolute", "relative", "sticky"].map((value) => [value, value]),
    ),
  },
  "text-align": {
    prefix: "text",
    keywords: Object.fromEntries(
      ["left", "center", "right", "justify", "start", "end"].map((value) => [value, value]),
    ),
  },
  "flex-direction": {
    prefix: "flex",
    keywords: {
      row: "row",
      "row-reverse": "row-reverse",
      column: "col",
      "column-reverse": "col-reverse",
    },
  },
  "justify-content": {
    prefix: "justify",
    keywords: {
      "flex-start": "start",
      start: "start",
      center: "center",
      "flex-end": "end",
      end: "end",
      "space-between": "between",
      "space-around": "around",
      "space-evenly": "evenly",
    },
  },
  "align-items": {
    prefix: "items",
    keywords: {
      "flex-start": "start",
      start: "start",
      center: "center",
      "flex-end": "end",
      end: "end",
      baseline: "baseline",
      stretch: "stretch",
    },
  },
}

/** `backgroundColor` → `background-color`; custom properties (`--brand`) stay as they are. */
export const kebabCase = (property: string) =>
  property.startsWith("--") ? property : property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

const keywordUtility = (utility: Utility, keyword: string) =>
  utility.prefix === "" ? keyword : `${utility.prefix}-${keyword}`

/** Splits `md:hover:bg-[red]` into its variants and its utility (brackets respected). */
export const splitVariants = (token: string) => {
  const parts: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i < token.length; i += 1) {
    const char = token[i]
    if (char === "[" || char === "(") depth += 1
    else if (char === "]" || char === ")") depth -= 1
    else if (char === ":" && depth === 0) {
      parts.push(token.slice(from, i))
      from = i + 1
    }
  }
  return { variants: parts, utility: token.slice(from) }
}

/** The variant prefix for modifiers: breakpoints first (sm … 2xl), then the rest as given. */
export const variantPrefix = (modifiers: ReadonlyArray<string>) => {
  const unique = [...new Set(modifiers.filter((modifier) => modifier !== ""))]
  const breakpoints = BREAKPOINTS.filter((breakpoint) => unique.includes(breakpoint))
  const others = unique.filter((modifier) => !BREAKPOINTS.includes(modifier))
  return [...breakpoints, ...others].map((modifier) => `${modifier}:`).join("")
}

const sameVariants = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((variant) => b.includes(variant))

/** Whether a utility (variants stripped) sets `property`. */
const setsProperty = (property: string, utility: string): boolean => {
  const bare = utility.replace(/^!|!$/g, "").replace(/^-/, "")
  if (bare.startsWith(`[${property}:`)) return true
  const known = UTILITIES[property]
  if (!known) return false
  if (known.keywords) {
    return Object.values(known.keywords).some((keyword) => bare === keywordUtility(known, keyword))
  }
  if (!bare.startsWith(`${known.prefix}-`)) return false
  const value = bare.slice(known.prefix.length + 1)
  return known.owns ? known.owns(value) : true
}

const arbitrary = (value: string) => value.trim().replace(/\s+/g, "_")

/** The class (without variants) that sets `property` to `value`, or null for no class. */
export const utilityFor = (property: string, value: string | number): string => {
  const known = UTILITIES[property]
  const text =
    typeof value === "number" && !(known?.unitless ?? false) && value !== 0
      ? `${value}px`
      : String(value)
  if (known?.keywords) {
    const keyword = known.keywords[text.trim()]
    if (keyword) return keywordUtility(known, keyword)
    return `[${property}:${arbitrary(text)}]`
  }
  const step = known?.scale ? spacingStep(text) : undefined
  if (known && step !== undefined && (step.sign === "" || known.scale === "signed")) {
    return `${step.sign}${known.prefix}-${step.step}`
  }
  if (known) {
    const hinted = known.hint ? `${known.hint}:${arbitrary(text)}` : arbitrary(text)
    return `${known.prefix}-[${hinted}]`
  }
  return `[${property}:${arbitrary(text)}]`
}

/** Tailwind 4's spacing unit: `--spacing` is 0.25rem, 4px at the browser's 16px rem. */
const SPACING_PX = 4
const REM_PX = 16

/**
 * The spacing-scale step of a length (`24px` → 6, `0.625rem` → 2.5, `1px` → px), when it is one:
 * Tailwind 4 accepts any multiple of a quarter step.
 */
export const spacingStep = (
  value: string,
): { readonly sign: "" | "-"; readonly step: string } | undefined => {
  const match = /^(-?)(\d*\.?\d+)(px|rem)?$/.exec(value.trim())
  if (!match) return undefined
  const [, sign = "", number = "", unit] = match
  const px = Number(number) * (unit === "rem" ? REM_PX : 1)
  if (unit === undefined && px !== 0) return undefined
  if (px === 1 && unit === "px") return { sign: sign === "-" ? "-" : "", step: "px" }
  const quarters = (px / SPACING_PX) * 4
  if (Math.abs(quarters - Math.round(quarters)) > 1e-9) return undefined
  const step = Math.round(quarters) / 4
  return { sign: sign === "-" && step !== 0 ? "-" : "", step: String(step) }
}

/**
 * The classes of `tokens` that an added class overrides as tailwind-merge sees it (`px-3 py-1`
 * under `p-6`, `text-blue-500` under `text-red-500`, `hover:mt-2` under `hover:mt-4`; never one
 * under other variants). They go with the add, else the stylesheet's order would decide and the
 * change might not show. An added class never overrides itself or another added class.
 */
export const overriddenBy = (
  tokens: ReadonlyArray<string>,
  added: ReadonlyArray<string>,
): ReadonlyArray<string> =>
  tokens.filter(
    (token) => !added.includes(token) && added.some((name) => twMerge(token, name) === name),
  )

/**
 * Writes the styling as classes: each declaration replaces the classes under the same variants
 * that set its property, by `classFor`'s class (a project's own) when it has one, else the
 * Tailwind utility for it.
 */
export const applyStyling = (
  tokens: ReadonlyArray<string>,
  declarations: ReadonlyArray<readonly [string, string | number | null]>,
  modifiers: ReadonlyArray<string>,
  classFor: (property: string, value: string | number) => string | undefined = () => undefined,
): ReadonlyArray<string> => {
  const prefix = variantPrefix(modifiers)
  const wanted = splitVariants(`${prefix}x`).variants
  let result = [...tokens]
  for (const [rawProperty, value] of declarations) {
    const property = kebabCase(rawProperty)
    result = result.filter((token) => {
      const { variants, utility } = splitVariants(token)
      return !(sameVariants(variants, wanted) && setsProperty(property, utility))
    })
    if (value !== null && value !== "") {
      const added = `${prefix}${classFor(property, value) ?? utilityFor(property, value)}`
      const overridden = new Set(overriddenBy(result, [added]))
      result = result.filter((token) => !overridden.has(token))
      if (!result.includes(added)) result.push(added)
    }
  }
  return result
}

/** `background-color` → `backgroundColor`, for inline style objects. */
export const camelCase = (property: string) =>
  property.startsWith("--")
    ? property
    : property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/** Whether custom properties came as tempo-devtools' list of classes and their CSS. */
export const isCustomClassList = (custom: CustomProperties): custom is ReadonlyArray<CustomClass> =>
  Array.isArray(custom)

const cssDeclarations = (css: string) =>
  css
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => {
      const colon = part.indexOf(":")
      return colon === -1
        ? null
        : ([kebabCase(part.slice(0, colon).trim()), part.slice(colon + 1).trim()] as const)
    })

/**
 * The custom class (tempo-devtools' ClassType, without a variant of its own) whose CSS is exactly
 * one declaration equal to `property: value`, for applyStyling.
 */
export const customClassFor =
  (classes: ReadonlyArray<CustomClass>) =>
  (property: string, value: string | number): string | undefined => {
    const wanted = `${kebabCase(property)}:${String(value).replace(/\s+/g, " ").trim()}`
    return classes.find((custom) => {
      if (custom.variant) return false
      const declarations = cssDeclarations(custom.css)
      const only = declarations[0]
      return (
        declarations.length === 1 &&
        only !== null &&
        only !== undefined &&
        `${only[0]}:${only[1].replace(/\s+/g, " ")}` === wanted
      )
    })?.tailwind
  }
