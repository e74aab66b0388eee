/**
 * A browser as a person names it ("Firefox on Windows"), from its User-Agent header; the header
 * itself, cut short, when it names no browser this knows; "an unknown browser" without one.
 */
export const browserName = (userAgent: string): string => {
  const ua = userAgent.replace(/[\r\n\t]+/g, " ").trim()
  if (ua === "") return "an unknown browser"
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
  if (browser === null) return ua.length <= 60 ? ua : `${ua.slice(0, 59)}…`
  return system === null ? browser : `${browser} on ${system}`
}
