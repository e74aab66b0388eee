import { currentLanguage } from "./i18n.tsx"

/**
 * Dates and money as the spec shows them (§9), with the browser's Intl. Each format is one
 * Intl.DateTimeFormat per language and time zone, made on first use and kept:
 * `toLocaleDateString(locale, options)` builds a new formatter on every call, which cost a
 * gallery of 24 cards ~60 ms of its first render.
 *
 * In the page's language (issue 22): English keeps the spec's en-US formats exactly; Spanish,
 * French and German get their own ("22 nov 2026", "22 nov. 2026", "22. Nov. 2026"). Components
 * showing them re-render on a language change through useT / useLanguage.
 *
 * Dates are shown in the display time zone: a signed-in member's setting (the web app sets it
 * with setDisplayTimeZone once their settings are read), else the browser's own. Each function
 * also takes a zone of its own.
 */

let displayTimeZone: string | undefined
const listeners = new Set<() => void>()

/**
 * The zone dates are shown in from now on; undefined: the browser's. Safe while rendering: it
 * tells no one (announceDisplayTimeZone does, from an effect).
 */
export const setDisplayTimeZone = (timeZone: string | undefined): void => {
  displayTimeZone = timeZone
}

/** Tells the dates already on screen (useDisplayTimeZone) to show the display zone. */
export const announceDisplayTimeZone = (): void => {
  for (const listener of listeners) listener()
}

/** For useSyncExternalStore: called when the display zone may have changed. */
export const subscribeDisplayTimeZone = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

interface WithTemporal {
  readonly Temporal?: { readonly Now?: { readonly timeZoneId?: () => string } }
}

/**
 * The browser's own zone (an IANA name). Temporal.Now.timeZoneId() where the browser has Temporal:
 * the same answer as Intl's default zone (both are the host's zone), without building an
 * Intl.DateTimeFormat, which took a phone's first render of the leaderboard ~100 ms at 4x
 * (issue 20). Intl elsewhere.
 */
export const systemTimeZone = (): string =>
  (globalThis as WithTemporal).Temporal?.Now?.timeZoneId?.() ||
  Intl.DateTimeFormat().resolvedOptions().timeZone ||
  "UTC"

/**
 * The browser's zone, asked once: currentTimeZone is read on every render of every date
 * (useDisplayTimeZone's snapshot), which cost a gallery's first render ~70 ms before (issue 20).
 */
let browserTimeZone: string | undefined

/** The zone dates are shown in: the member's setting, else the browser's. */
export const currentTimeZone = (): string =>
  displayTimeZone ?? (browserTimeZone ??= systemTimeZone())

/** The Intl locale of the page's language: English is the spec's en-US. */
export const intlLocale = (language: string = currentLanguage()): string =>
  language === "en" ? "en-US" : language

const formatter = (options: Intl.DateTimeFormatOptions) => {
  const made = new Map<string, Intl.DateTimeFormat>()
  return (at: Date, timeZone: string) => {
    const locale = intlLocale()
    const key = `${locale} ${timeZone}`
    let format = made.get(key)
    if (format === undefined) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone })
      made.set(key, format)
    }
    return format.format(at)
  }
}

const galleryDay = formatter({ month: "short", day: "numeric", year: "numeric" })
const billingDay = formatter({ month: "short", day: "2-digit", year: "numeric" })
// A 12-hour clock in English (the spec's "3:04 PM"), the language's own clock otherwise.
const billingTime = formatter({ hour: "numeric", minute: "2-digit" })
const month = formatter({ month: "long", year: "numeric" })
const calendarDay = formatter({ year: "numeric", month: "2-digit", day: "2-digit" })

// en-US's short month names, as Intl writes them ("Sep", not "Sept").
const SHORT_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ")

/**
 * Gallery dates: short month, day, year (en-US), e.g. "Nov 22, 2026". In English and the browser's
 * own zone (a visitor's, the usual first load) written from Date's local getters: the first
 * Intl.DateTimeFormat a page builds costs ~25 ms (~100 ms on a throttled phone, issue 20), and
 * home, the gallery, the leaderboard and an entry's page each show a date in their first render.
 * format.test.ts holds it to Intl's answer.
 */
export const shortDate = (iso: string, timeZone?: string): string => {
  const at = new Date(iso)
  const zone = timeZone ?? displayTimeZone
  if (zone === undefined && intlLocale() === "en-US") {
    return `${SHORT_MONTHS[at.getMonth()] ?? ""} ${String(at.getDate())}, ${String(at.getFullYear())}`
  }
  return galleryDay(at, zone ?? currentTimeZone())
}

/** Billing dates: "MMM dd, yyyy" and "h:mm a", e.g. "Nov 02, 2026 3:04 PM". */
export const billingDate = (
  iso: string,
  timeZone = currentTimeZone(),
): { readonly date: string; readonly time: string } => {
  const at = new Date(iso)
  return { date: billingDay(at, timeZone), time: billingTime(at, timeZone) }
}

/** "November 2026": the profile's member-since and the billing's latest payment. */
export const monthYear = (iso: string, timeZone = currentTimeZone()): string =>
  month(new Date(iso), timeZone)

/** A clock time, "7:00 PM" (en-US). */
export const clockTime = (iso: string, timeZone = currentTimeZone()): string =>
  billingTime(new Date(iso), timeZone)

/**
 * The member's zone setting, undefined while dates are shown in the browser's own: a caller that
 * can answer for the browser's zone with Date's local getters asks this instead of
 * currentTimeZone, whose first call builds an Intl.DateTimeFormat (~25 ms, ~100 ms on a throttled
 * phone, during home's first render: issue 20).
 */
export const displayTimeZoneSetting = (): string | undefined => displayTimeZone

const localDay = (at: Date) => at.getFullYear() * 10_000 + at.getMonth() * 100 + at.getDate()

/**
 * Whether two instants fall on different calendar days in `timeZone` (undefined: the browser's
 * own, read from Date's local getters without Intl).
 */
export const differentDays = (a: string, b: string, timeZone?: string): boolean =>
  timeZone === undefined
    ? localDay(new Date(a)) !== localDay(new Date(b))
    : calendarDay(new Date(a), timeZone) !== calendarDay(new Date(b), timeZone)

const money = new Map<string, Intl.NumberFormat>()

/** Dollars with 2 decimals: "$12.00" in English, "12,00 US$" in Spanish. */
export const dollars = (amount: number): string => {
  const locale = intlLocale()
  if (locale === "en-US") return `$${amount.toFixed(2)}`
  let format = money.get(locale)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" })
    money.set(locale, format)
  }
  return format.format(amount)
}

export const dollarsFromCents = (cents: number): string => dollars(cents / 100)
