/** How an app is styled; the styling mutation writes inline styles, CSS or Tailwind classes. */
export const STYLING_FRAMEWORKS = ["Inline", "CSS", "Tailwind"] as const
export type StylingFramework = (typeof STYLING_FRAMEWORKS)[number]

/** The pseudo-classes an instant update can preview (and Tailwind writes as `hover:` etc.). */
export const PSEUDO_MODIFIERS = [
  "hover",
  "required",
  "focus",
  "active",
  "invalid",
  "disabled",
] as const
export type PseudoModifier = (typeof PSEUDO_MODIFIERS)[number]

/** Tailwind's responsive breakpoints (§9), smallest first. */
export const BREAKPOINTS = ["sm", "md", "lg", "xl", "2xl"] as const
export type Breakpoint = (typeof BREAKPOINTS)[number]
/** The min-width at which each breakpoint's styles apply. */
export const BREAKPOINT_MIN_WIDTHS: Readonly<Record<Breakpoint, string>> = {
  sm: "40rem",
  md: "48rem",
  lg: "64rem",
  xl: "80rem",
  "2xl": "96rem",
}

export const isStylingFramework = (value: string): value is StylingFramework =>
  (STYLING_FRAMEWORKS as ReadonlyArray<string>).includes(value)

export const isPseudoModifier = (value: string): value is PseudoModifier =>
  (PSEUDO_MODIFIERS as ReadonlyArray<string>).includes(value)

export const isBreakpoint = (value: string): value is Breakpoint =>
  (BREAKPOINTS as ReadonlyArray<string>).includes(value)
