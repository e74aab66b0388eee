/**
 * The Tailwind 4 class the inspector writes for a value: a step of Tailwind's scale when one
 * matches (`pt-6` for 24px, `rounded-lg` for 8px, `w-1/2` for 50%), an arbitrary value only where
 * none fits (`pt-[23px]`). Variants (`md:`, `hover:`) are not written here: the session sends the
 * breakpoint and the state with the class, and the server puts them in front.
 */

export type LengthUnit = "px" | "rem" | "%"

/** A CSS length as typed or computed: `24px`, `1.5rem`, `50%`, `0`. */
export interface Length {
  readonly value: number
  readonly unit: LengthUnit
}

export const parseLength = (text: string): Length | undefined => {
  const match = /^\s*(-?\d*\.?\d+)\s*(px|rem|%)?\s*$/.exec(text)
  if (!match) return undefined
  const value = Number(match[1])
  const unit = (match[2] ?? "px") as LengthUnit
  if (!Number.isFinite(value)) return undefined
  // A bare number other than 0 is taken as px, as the inspector's fields are.
  return { value, unit }
}

/** The utility prefix of each length the inspector edits, and whether it takes negative steps. */
const LENGTHS: Readonly<Record<string, { readonly prefix: string; readonly signed: boolean }>> = {
  padding: { prefix: "p", signed: false },
  "padding-top": { prefix: "pt", signed: false },
  "padding-right": { prefix: "pr", signed: false },
  "padding-bottom": { prefix: "pb", signed: false },
  "padding-left": { prefix: "pl", signed: false },
  margin: { prefix: "m", signed: true },
  "margin-top": { prefix: "mt", signed: true },
  "margin-right": { prefix: "mr", signed: true },
  "margin-bottom": { prefix: "mb", signed: true },
  "margin-left": { prefix: "ml", signed: true },
  gap: { prefix: "gap", signed: false },
  width: { prefix: "w", signed: false },
  height: { prefix: "h", signed: false },
  "min-width": { prefix: "min-w", signed: false },
  "min-height": { prefix: "min-h", signed: false },
  "max-width": { prefix: "max-w", signed: false },
  "max-height": { prefix: "max-h", signed: false },
  top: { prefix: "top", signed: true },
  right: { prefix: "right", signed: true },
  bottom: { prefix: "bottom", signed: true },
  left: { prefix: "left", signed: true },
}

export const isLengthProperty = (property: string): boolean => property in LENGTHS

/** Keywords each kind of length has a utility for. */
const KEYWORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  margin: { auto: "auto" },
  size: {
    auto: "auto",
    "100%": "full",
    "fit-content": "fit",
    "min-content": "min",
    "max-content": "max",
    none: "none",
  },
  offset: { auto: "auto", "100%": "full" },
}

const keywordsOf = (property: string) =>
  property.startsWith("margin")
    ? KEYWORDS.margin
    : /width|height/.test(property)
      ? KEYWORDS.size
      : ["top", "right", "bottom", "left"].includes(property)
        ? KEYWORDS.offset
        : undefined

/** Tailwind's fractions for percentages of sizes and offsets. */
const FRACTIONS: ReadonlyArray<string> = [
  "1/2",
  "1/3",
  "2/3",
  "1/4",
  "3/4",
  "1/5",
  "2/5",
  "3/5",
  "4/5",
  "1/6",
  "5/6",
]
const fractionFor = (percent: number): string | undefined =>
  FRACTIONS.find((fraction) => {
    const [top = 0, bottom = 1] = fraction.split("/").map(Number)
    return Math.abs((top / bottom) * 100 - percent) < 0.01
  })

/** Tailwind 4's spacing unit (`--spacing`: 0.25rem). */
const SPACING_REM = 0.25

const trimNumber = (value: number) => String(Number(value.toFixed(4)))

/**
 * The class that sets `property` to the length `text` (`24px`, `1.5rem`, `50%`, `auto`), or
 * undefined when it is not a length the property takes.
 */
export const lengthClass = (
  property: string,
  text: string,
  rootFontSize = 16,
): string | undefined => {
  const known = LENGTHS[property]
  if (!known) return undefined
  const { prefix, signed } = known
  const typed = text.trim()
  const keyword = keywordsOf(property)?.[typed]
  if (keyword) return `${prefix}-${keyword}`
  const length = parseLength(typed)
  if (!length) return undefined
  const negative = length.value < 0
  if (negative && !signed) return undefined
  const sign = negative ? "-" : ""
  const size = Math.abs(length.value)
  if (length.unit === "%") {
    if (property.startsWith("padding") || property.startsWith("margin") || property === "gap") {
      return `${prefix}-[${typed}]`
    }
    if (size === 100) return `${sign}${prefix}-full`
    const fraction = fractionFor(size)
    return fraction ? `${sign}${prefix}-${fraction}` : `${prefix}-[${trimNumber(length.value)}%]`
  }
  const px = length.unit === "rem" ? size * rootFontSize : size
  if (px === 0) return `${prefix}-0`
  if (px === 1 && length.unit === "px") return `${sign}${prefix}-px`
  // Whole and half steps of the spacing scale (`p-6`, `p-1.5`); a quarter step reads as odd.
  const steps = px / (SPACING_REM * rootFontSize)
  if (Math.abs(steps * 2 - Math.round(steps * 2)) < 1e-9) {
    return `${sign}${prefix}-${trimNumber(Math.round(steps * 2) / 2)}`
  }
  const written = `${trimNumber(length.value)}${length.unit}`
  return `${prefix}-[${written}]`
}

/** Tailwind 4's radius scale in px at a 16px rem (`--radius-lg: 0.5rem`). */
const RADII: ReadonlyArray<readonly [number, string]> = [
  [0, "rounded-none"],
  [2, "rounded-xs"],
  [4, "rounded-sm"],
  [6, "rounded-md"],
  [8, "rounded-lg"],
  [12, "rounded-xl"],
  [16, "rounded-2xl"],
  [24, "rounded-3xl"],
  [32, "rounded-4xl"],
]

/** `rounded-full` sets a radius this large or larger (calc(infinity * 1px) computes huge). */
export const FULL_RADIUS_PX = 9999

export const radiusClass = (text: string, rootFontSize = 16): string | undefined => {
  const typed = text.trim()
  if (typed === "full") return "rounded-full"
  const length = parseLength(typed)
  if (!length || length.value < 0 || length.unit === "%") {
    return length?.unit === "%" && length.value >= 0 ? `rounded-[${typed}]` : undefined
  }
  const px = length.unit === "rem" ? length.value * rootFontSize : length.value
  if (px >= FULL_RADIUS_PX) return "rounded-full"
  const step = RADII.find(([size]) => Math.abs(size - px) < 0.01)
  return step ? step[1] : `rounded-[${trimNumber(length.value)}${length.unit}]`
}

export const borderWidthClass = (text: string): string | undefined => {
  const length = parseLength(text)
  if (!length || length.value < 0 || length.unit !== "px") {
    return length && length.value >= 0 && length.unit === "rem"
      ? `border-[${trimNumber(length.value)}rem]`
      : undefined
  }
  if (length.value === 1) return "border"
  return Number.isInteger(length.value)
    ? `border-${length.value}`
    : `border-[${trimNumber(length.value)}px]`
}

export const BORDER_STYLES = ["solid", "dashed", "dotted", "double", "hidden", "none"] as const

/** Tailwind 4's shadows, smallest first, with what each sets (`--shadow-md`), for inline styles. */
export const SHADOW_CSS = {
  none: "none",
  "2xs": "0 1px rgb(0 0 0 / 0.05)",
  xs: "0 1px 2px 0 rgb(0 0 0 / 0.05)",
  sm: "0 1px 3px 0 rgb(0 0 0 / 0.1), 0 1px 2px -1px rgb(0 0 0 / 0.1)",
  md: "0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)",
  lg: "0 10px 15px -3px rgb(0 0 0 / 0.1), 0 4px 6px -4px rgb(0 0 0 / 0.1)",
  xl: "0 20px 25px -5px rgb(0 0 0 / 0.1), 0 8px 10px -6px rgb(0 0 0 / 0.1)",
  "2xl": "0 25px 50px -12px rgb(0 0 0 / 0.25)",
} as const
export type ShadowSize = keyof typeof SHADOW_CSS
export const SHADOWS = Object.keys(SHADOW_CSS) as ReadonlyArray<ShadowSize>

/** Opacity as a percentage 0–100 (Tailwind 4 takes any whole number: `opacity-35`). */
export const opacityClass = (percent: number): string | undefined =>
  Number.isFinite(percent) && percent >= 0 && percent <= 100
    ? Number.isInteger(percent)
      ? `opacity-${percent}`
      : `opacity-[${trimNumber(percent / 100)}]`
    : undefined

export const POSITIONS = ["static", "relative", "absolute", "fixed", "sticky"] as const

/** What a colour picker hands back: a theme token, a palette step, or a colour of its own. */
export type ColourChoice =
  | { readonly kind: "token"; readonly name: string }
  | { readonly kind: "palette"; readonly name: string }
  | { readonly kind: "free"; readonly value: string }

export type ColourTarget = "text" | "bg" | "border"

/** The CSS property each colour target sets. */
export const COLOUR_PROPERTIES: Readonly<Record<ColourTarget, string>> = {
  text: "color",
  bg: "background-color",
  border: "border-color",
}

/** `--color-brand-600` → `brand-600`: the name Tailwind 4 gives its utilities. */
export const tokenName = (customProperty: string): string => customProperty.replace(/^--color-/, "")

/** `bg-primary`, `bg-rose-500`, `bg-[#1e293b]`. */
export const colourClass = (target: ColourTarget, choice: ColourChoice): string => {
  switch (choice.kind) {
    case "token":
      return `${target}-${tokenName(choice.name)}`
    case "palette":
      return `${target}-${choice.name}`
    case "free":
      return `${target}-[${choice.value.trim().replace(/\s+/g, "_")}]`
  }
}

/** A hex colour as a free colour picker writes it, or undefined. */
export const hexColour = (text: string): string | undefined => {
  const typed = text.trim().toLowerCase()
  const hex = typed.startsWith("#") ? typed : `#${typed}`
  return /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(hex) ? hex : undefined
}
