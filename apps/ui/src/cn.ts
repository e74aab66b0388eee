import { clsx, type ClassValue } from "clsx"
import { extendTailwindMerge } from "tailwind-merge"

/** tailwind-merge, told the theme's own names (theme.css) so they replace the stock ones. */
const TAILWIND_MERGE = {
  extend: {
    theme: {
      radius: ["control", "card", "dialog", "pill"],
      shadow: ["control", "card", "overlay"],
    },
  },
}

/**
 * Built on the first call that needs it: building its class map is ~50 ms of a phone's first
 * render (issue 20), and most calls have nothing to merge (see `cn`).
 */
let merger: ((classes: string) => string) | undefined
const merge = (classes: string): string => (merger ??= extendTailwindMerge(TAILWIND_MERGE))(classes)

/**
 * Roots (a utility's first word) whose classes tailwind-merge may let replace each other although
 * the roots differ: each line is a root and the roots it meets (the relation is symmetric). Two
 * classes of the same root always count as meeting. cn.test.ts derives every such pair from
 * tailwind-merge's own configuration and fails when one is missing here.
 */
/* eslint-disable lingui/no-unlocalized-strings -- class roots, never shown */
const MEETING: ReadonlyArray<string> = [
  // display (and line-clamp, which also sets overflow)
  "block inline flex table flow grid contents list hidden line",
  "inline flex table flow grid contents list hidden line",
  "flex table flow grid contents list hidden line basis grow shrink",
  "table flow grid contents list hidden line",
  "flow grid contents list hidden line",
  "grid contents list hidden line",
  "contents list hidden line",
  "list hidden line",
  "hidden line",
  "line overflow underline overline no",
  // position, inset, visibility
  "static fixed absolute relative sticky",
  "fixed absolute relative sticky",
  "absolute relative sticky",
  "relative sticky",
  "inset start end top right bottom left",
  "visible invisible collapse",
  "invisible collapse",
  // padding and margin, sizes
  "p px py ps pe pbs pbe pt pr pb pl",
  "px ps pe pr pl",
  "py pbs pbe pt pb",
  "m mx my ms me mbs mbe mt mr mb ml",
  "mx ms me mr ml",
  "my mbs mbe mt mb",
  "size w h",
  // typography: text-* is five things (see textRoot), and an arbitrary text-[…] may be any of them
  "text text@size text@align text@color text@overflow text@wrap text@shadow leading truncate",
  "text@size leading",
  "text@overflow truncate",
  "antialiased subpixel",
  "isolate isolation",
  "not sr italic",
  "normal ordinal slashed lining oldstyle proportional tabular diagonal stacked uppercase lowercase capitalize",
  "lining oldstyle",
  "proportional tabular",
  "diagonal stacked",
  "uppercase lowercase capitalize",
  "lowercase capitalize",
  "underline overline no",
  "overline no",
]
/* eslint-enable lingui/no-unlocalized-strings */

const meets = new Map<string, ReadonlyArray<string>>()
for (const line of MEETING) {
  const [root, ...others] = line.split(" ") as [string, ...string[]]
  for (const other of others) {
    meets.set(root, [...(meets.get(root) ?? []), other])
    meets.set(other, [...(meets.get(other) ?? []), root])
  }
}

/**
 * A class's variants (sorted, so `hover:md:` and `md:hover:` are one) and its root: `md:hover:-mt-2!`
 * → "hover:md:" and "mt". tailwind-merge only lets a class replace another of the same variants.
 */
const variantsAndRoot = (name: string): readonly [string, string] => {
  const variants: string[] = []
  let depth = 0
  let start = 0
  for (let index = 0; index < name.length; index += 1) {
    const char = name[index]
    if (char === "[" || char === "(") depth += 1
    else if (char === "]" || char === ")") depth -= 1
    else if (char === ":" && depth === 0) {
      variants.push(name.slice(start, index))
      start = index + 1
    }
  }
  let base = name.slice(start)
  if (base.startsWith("!")) base = base.slice(1)
  if (base.startsWith("-")) base = base.slice(1)
  // Arbitrary properties ([mask-type:alpha]) all count as one root.
  const end = base.startsWith("[") ? 1 : base.search(/[-/]/)
  const root = end < 0 ? base : base.slice(0, end)
  const prefix =
    variants.length > 1
      ? `${variants.sort().join(":")}:`
      : variants.length === 1
        ? `${variants[0]}:`
        : ""
  return [prefix, root === "text" ? textRoot(base.slice(5)) : root]
}

const TEXT_KINDS: Readonly<Record<string, string>> = {
  left: "text@align",
  center: "text@align",
  right: "text@align",
  justify: "text@align",
  start: "text@align",
  end: "text@align",
  ellipsis: "text@overflow",
  clip: "text@overflow",
  wrap: "text@wrap",
  nowrap: "text@wrap",
  balance: "text@wrap",
  pretty: "text@wrap",
  shadow: "text@shadow",
  base: "text@size",
}

/**
 * text-sm, text-center and text-slate-700 never replace each other, and a kit's text size meets a
 * caller's text colour all the time: the kinds as tailwind-merge tells them apart (a T-shirt size
 * is a size, a word it does not know a colour), an arbitrary value any of them.
 */
const textRoot = (value: string): string => {
  if (value.startsWith("[") || value.startsWith("(")) return "text"
  const word = value.split(/[-/]/)[0] ?? value
  return (
    TEXT_KINDS[word] ?? (/^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/.test(word) ? "text@size" : "text@color")
  )
}

/** The parts of a clsx input, each a string: a string, each set key of an object, each array item. */
const partsOf = (input: ClassValue, parts: string[]): string[] => {
  if (typeof input === "string") {
    if (input !== "") parts.push(input)
  } else if (typeof input === "number" || typeof input === "bigint") {
    if (input !== 0) parts.push(String(input))
  } else if (Array.isArray(input)) {
    for (const item of input) partsOf(item as ClassValue, parts)
  } else if (typeof input === "object" && input !== null) {
    for (const [key, on] of Object.entries(input)) if (on) parts.push(key)
  }
  return parts
}

/** Whether a class of one part may replace a class of an earlier part (see `cn`). */
export const partsMayMeet = (parts: ReadonlyArray<string>): boolean => {
  const seen = new Set<string>()
  for (const part of parts) {
    const mine: string[] = []
    for (const name of part.split(/\s+/)) {
      if (name === "") continue
      const [variants, root] = variantsAndRoot(name)
      if (seen.has(variants + root)) return true
      for (const other of meets.get(root) ?? []) if (seen.has(variants + other)) return true
      mine.push(variants + root)
    }
    for (const key of mine) seen.add(key)
  }
  return false
}

/**
 * Class names, conditional (clsx) and merged (tailwind-merge): a caller's `px-2` replaces the
 * kit's `px-4` instead of both staying and the stylesheet's order deciding.
 *
 * tailwind-merge runs only when a class of one part (a string argument, an object's key, an
 * array's item) may replace a class of an earlier part: the same variants and the same root, or
 * roots listed in MEETING. Otherwise nothing would change but the spacing, and the classes are
 * joined. Within one string nothing is merged: a literal says each thing once, and the button's
 * variants are written so that none of them repeats its base (cn.test.ts checks both). The answer
 * is the same as tailwind-merge's on the whole list.
 */
export const cn = (...inputs: ReadonlyArray<ClassValue>): string => {
  const parts = partsOf(inputs, [])
  if (parts.length > 1 && partsMayMeet(parts)) return merge(clsx(inputs))
  return parts.join(" ").trim().split(/\s+/).join(" ")
}
