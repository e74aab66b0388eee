/**
 * The Tailwind 4 classes the inspector suggests while a class is typed: the common utilities of
 * spacing, colour, typography and layout, generated from their scales rather than listed.
 */

const SPACING = [
  "0",
  "0.5",
  "1",
  "1.5",
  "2",
  "2.5",
  "3",
  "4",
  "5",
  "6",
  "8",
  "10",
  "12",
  "16",
  "20",
  "24",
]
const COLOURS = [
  "slate",
  "gray",
  "red",
  "orange",
  "amber",
  "yellow",
  "green",
  "emerald",
  "teal",
  "sky",
  "blue",
  "indigo",
  "violet",
  "purple",
  "pink",
  "rose",
]
const SHADES = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900"]

const spacing = [
  "p",
  "px",
  "py",
  "pt",
  "pr",
  "pb",
  "pl",
  "m",
  "mx",
  "my",
  "mt",
  "mr",
  "mb",
  "ml",
  "gap",
  "space-x",
  "space-y",
].flatMap((prefix) => SPACING.map((step) => `${prefix}-${step}`))
const colours = ["text", "bg", "border"].flatMap((prefix) => [
  `${prefix}-white`,
  `${prefix}-black`,
  `${prefix}-transparent`,
  ...COLOURS.flatMap((colour) => SHADES.map((shade) => `${prefix}-${colour}-${shade}`)),
])
const typography = [
  ...["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl", "5xl"].map((size) => `text-${size}`),
  ...["thin", "light", "normal", "medium", "semibold", "bold", "extrabold"].map(
    (weight) => `font-${weight}`,
  ),
  ...["left", "center", "right", "justify"].map((align) => `text-${align}`),
  ...["none", "tight", "snug", "normal", "relaxed", "loose"].map((lead) => `leading-${lead}`),
  ...["tighter", "tight", "normal", "wide", "wider"].map((track) => `tracking-${track}`),
  "italic",
  "underline",
  "uppercase",
  "lowercase",
  "capitalize",
  "truncate",
]
const layout = [
  "block",
  "inline-block",
  "inline",
  "flex",
  "inline-flex",
  "grid",
  "hidden",
  "flex-row",
  "flex-col",
  "flex-wrap",
  "flex-1",
  "grow",
  "shrink-0",
  ...["start", "center", "end", "stretch", "baseline"].map((align) => `items-${align}`),
  ...["start", "center", "end", "between", "around", "evenly"].map(
    (justify) => `justify-${justify}`,
  ),
  ...["1", "2", "3", "4", "6", "12"].map((columns) => `grid-cols-${columns}`),
  ...["full", "auto", "screen", "fit", "1/2", "1/3", "2/3"].flatMap((size) => [
    `w-${size}`,
    `h-${size}`,
  ]),
  ...["xs", "sm", "md", "lg", "xl", "2xl", "prose"].map((size) => `max-w-${size}`),
  "mx-auto",
  ...["relative", "absolute", "fixed", "sticky"],
  ...["none", "sm", "", "md", "lg", "xl", "2xl", "full"].map((size) =>
    size === "" ? "rounded" : `rounded-${size}`,
  ),
  ...["", "2", "4", "0"].map((width) => (width === "" ? "border" : `border-${width}`)),
  ...["sm", "", "md", "lg", "xl", "none"].map((size) =>
    size === "" ? "shadow" : `shadow-${size}`,
  ),
  ...["0", "25", "50", "75", "100"].map((opacity) => `opacity-${opacity}`),
  "overflow-hidden",
  "overflow-auto",
  "cursor-pointer",
]

export const TAILWIND_CLASSES: ReadonlyArray<string> = [
  ...new Set([...layout, ...spacing, ...typography, ...colours]),
]

/**
 * Classes starting with what was typed (after any variant prefix such as `hover:`), then those
 * containing it; at most `limit`, none already on the element.
 */
export const suggestClasses = (
  typed: string,
  present: ReadonlyArray<string>,
  limit = 8,
): ReadonlyArray<string> => {
  const text = typed.trim()
  if (text === "") return []
  const cut = text.lastIndexOf(":")
  const variant = cut >= 0 ? text.slice(0, cut + 1) : ""
  const utility = text.slice(cut + 1)
  if (utility === "") return []
  const starting = TAILWIND_CLASSES.filter((name) => name.startsWith(utility))
  const containing = TAILWIND_CLASSES.filter(
    (name) => !name.startsWith(utility) && name.includes(utility),
  )
  return [...starting, ...containing]
    .map((name) => `${variant}${name}`)
    .filter((name) => name !== text && !present.includes(name))
    .slice(0, limit)
}
