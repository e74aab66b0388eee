import { currentLanguage, SOURCE_LANGUAGE } from "../../../ui/src/i18n.tsx"

/**
 * Dates and figures as the dashboard shows them, in the admin's own time zone (the browser's) and
 * the page's language (issue 22): English keeps the spec's en-US formats. Components re-render on
 * a change of language through useT(), and these read the language on each call.
 */

const locale = (): string => {
  const language = currentLanguage()
  return language === SOURCE_LANGUAGE ? "en-US" : language
}

/** "Nov 22, 2026, 3:04 PM". */
export const dateTime = (iso: string): string =>
  new Date(iso).toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" })

const dayParts = (day: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN
}

/** A calendar day "2026-11-24" as "Tue, Nov 24" (a day has no time zone: it is shown as is). */
export const dayLabel = (day: string, style: "short" | "long" = "short"): string => {
  const at = dayParts(day)
  if (Number.isNaN(at)) return day
  return new Date(at).toLocaleDateString(locale(), {
    timeZone: "UTC",
    weekday: style,
    month: style,
    day: "numeric",
    ...(style === "long" ? { year: "numeric" } : {}),
  })
}

/** Today's calendar day (YYYY-MM-DD) where the admin is. */
export const today = (now = new Date()): string => {
  const parts = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ""
  return `${part("year")}-${part("month")}-${part("day")}`
}

/** The calendar day `days` after `day` (negative: before). */
export const addDays = (day: string, days: number): string => {
  const at = dayParts(day)
  if (Number.isNaN(at)) return day
  return new Date(at + days * 86_400_000).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (YYYY-MM-DD), NaN when either is not a day. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((dayParts(to) - dayParts(from)) / 86_400_000)

export const isDay = (value: string): boolean => !Number.isNaN(dayParts(value))

const pad = (n: number) => String(n).padStart(2, "0")

/** An instant as a datetime-local input's value (the browser's time zone). */
export const toLocalInput = (iso: string): string => {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ""
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

/** A datetime-local input's value as an ISO instant, or null when it is not a date and time. */
export const fromLocalInput = (value: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? null : at.toISOString()
}

/** 12,345 */
export const count = (n: number): string => n.toLocaleString(locale())

/** 0.1234 → "12.3%" (in English; "12,3 %" in French). */
export const percent = (rate: number): string =>
  new Intl.NumberFormat(locale(), {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rate)

const money = new Map<string, Intl.NumberFormat>()

/**
 * US dollars as every dashboard page writes money, in the page's language, with cents only when
 * there are some: "$25" and "$4.99" in English, as the site writes prizes and prices; "25 US$"
 * and "4,99 US$" in Spanish.
 */
export const dollars = (amount: number): string => {
  const language = locale()
  let format = money.get(language)
  if (format === undefined) {
    format = new Intl.NumberFormat(language, {
      style: "currency",
      currency: "USD",
      trailingZeroDisplay: "stripIfInteger",
    })
    money.set(language, format)
  }
  return format.format(amount)
}
