/**
 * Tailwind 4's colour palette (slate-50 … rose-950) for the colour pickers, with each step's
 * colour read from Tailwind's own theme (`tailwindcss/theme.css`, as class-css.ts compiles with),
 * so the swatches show what the class will.
 */

export const PALETTE_HUES = [
  "slate",
  "gray",
  "zinc",
  "neutral",
  "stone",
  "red",
  "orange",
  "amber",
  "yellow",
  "lime",
  "green",
  "emerald",
  "teal",
  "cyan",
  "sky",
  "blue",
  "indigo",
  "violet",
  "purple",
  "fuchsia",
  "pink",
  "rose",
] as const

export const PALETTE_SHADES = [
  "50",
  "100",
  "200",
  "300",
  "400",
  "500",
  "600",
  "700",
  "800",
  "900",
  "950",
] as const

/** Colours without steps. */
export const PALETTE_PLAIN = ["black", "white", "transparent", "current"] as const

const PALETTE_NAMES: ReadonlySet<string> = new Set([
  ...PALETTE_PLAIN,
  ...PALETTE_HUES.flatMap((hue) => PALETTE_SHADES.map((shade) => `${hue}-${shade}`)),
])

/** Whether a token (`--color-rose-500`) is a step of Tailwind's palette rather than the app's own. */
export const isPaletteToken = (customProperty: string): boolean =>
  PALETTE_NAMES.has(customProperty.replace(/^--color-/, ""))

/** `--color-name: value;` declarations of a theme's CSS, by name (`rose-500`). */
export const paletteColours = (themeCss: string): ReadonlyMap<string, string> => {
  const colours = new Map<string, string>()
  for (const match of themeCss.matchAll(/--color-([a-z]+(?:-\d+)?)\s*:\s*([^;]+);/g)) {
    const [, name = "", value = ""] = match
    if (PALETTE_NAMES.has(name)) colours.set(name, value.trim())
  }
  colours.set("transparent", "transparent")
  colours.set("current", "currentColor")
  return colours
}

let loaded: Promise<ReadonlyMap<string, string>> | undefined

/** The palette's colours, from Tailwind's theme, loaded once (empty if it cannot be loaded). */
export const loadPalette = (): Promise<ReadonlyMap<string, string>> => {
  loaded ??= import("tailwindcss/theme.css?raw").then(
    (module: { default: string }) => paletteColours(module.default),
    () => new Map<string, string>(),
  )
  return loaded
}
