/** Classes the frame adds for instant previews; the hot reload that carries the real change drops them. */
export const TEMPORARY_CLASS_PREFIX = "arb89-"
export const TEMPORARY_STYLING_CLASS = "arb89-temp-styling"

/**
 * A class name safe to put in a selector and a className: every character other than a letter, a
 * digit, an underscore or a hyphen becomes a hyphen, and a leading digit gets a hyphen before it.
 */
export const sanitiseClassName = (name: string): string => {
  const replaced = name.replace(/[^A-Za-z0-9_-]/gu, "-")
  return /^[0-9]/.test(replaced) ? `-${replaced}` : replaced
}

export const isTemporaryClass = (className: string): boolean =>
  className.startsWith(TEMPORARY_CLASS_PREFIX)

/** The class list as whitespace-separated names, each once, in first-seen order. */
export const splitClassList = (classList: string): Array<string> => [
  ...new Set(classList.split(/\s+/).filter((name) => name !== "")),
]
