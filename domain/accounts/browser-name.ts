/**
 * A browser as a person names it, from its User-Agent header: its name and system when this knows
 * them ("Firefox", "Windows"), else the header itself, cut short ("" without one). Names of
 * browsers and systems are names and stay as they are; the sentence around them ("Firefox on
 * Windows", "an unknown browser") is worded in the reader's language where the mail is written
 * (issue 22), through `wordBrowser`.
 */
export interface BrowserName {
  /** "Firefox", "Chrome", "Safari", "Edge", "Opera"; null when the header names none of them. */
  readonly browser: string | null
  /** "Windows", "macOS", "iOS", "Android", "ChromeOS", "Linux"; null when unknown. */
  readonly system: string | null
  /** The header, one line, cut to 60 characters ("" when there was none). */
  readonly header: string
}

/** The words around a browser's name, in one language. */
export interface BrowserWords {
  /** "{browser} on {system}". */
  readonly on: (browser: string, system: string) => string
  /** Said when the request sent no User-Agent: "an unknown browser". */
  readonly unknown: string
}

/** The English words (the spec's): "Firefox on Windows", "an unknown browser". */
export const ENGLISH_BROWSER_WORDS: BrowserWords = {
  on: (browser, system) => `${browser} on ${system}`,
  unknown: "an unknown browser",
}

/** Reads a User-Agent header: which browser on which system, and the header kept short. */
export const readBrowser = (userAgent: string): BrowserName => {
  const ua = userAgent.replace(/[\r\n\t]+/g, " ").trim()
  const browser = /\bEdg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /\b(OPR|Opera)\//.test(ua)
      ? "Opera"
      : /\b(Firefox|FxiOS)\//.test(ua)
        ? "Firefox"
        : /\b(Chrome|CriOS|Chromium)\//.test(ua)
          ? "Chrome"
          : /\bVersion\/[\d.]+.*\bSafari\//.test(ua)
            ? "Safari"
            : null
  const system = /\b(iPhone|iPad|iPod)\b/.test(ua)
    ? "iOS"
    : /\bAndroid\b/.test(ua)
      ? "Android"
      : /\bWindows\b/.test(ua)
        ? "Windows"
        : /\bMac OS X\b|\bMacintosh\b/.test(ua)
          ? "macOS"
          : /\bCrOS\b/.test(ua)
            ? "ChromeOS"
            : /\bLinux\b/.test(ua)
              ? "Linux"
              : null
  return { browser, system, header: ua.length <= 60 ? ua : `${ua.slice(0, 59)}…` }
}

/** A browser in words: "Firefox on Windows", "Firefox", the header itself, or "an unknown browser". */
export const wordBrowser = (name: BrowserName, words: BrowserWords): string => {
  if (name.browser === null) return name.header === "" ? words.unknown : name.header
  return name.system === null ? name.browser : words.on(name.browser, name.system)
}

/** A browser as an English reader names it ("Firefox on Windows"), from its User-Agent header. */
export const browserName = (userAgent: string): string =>
  wordBrowser(readBrowser(userAgent), ENGLISH_BROWSER_WORDS)
