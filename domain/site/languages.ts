import { isLanguage, LANGUAGES, type Language } from "../accounts/member-settings.ts"

/**
 * Which language a page, a screen or a mail is in (issue 22): the member's setting when signed
 * in, else the language a visitor picked in the footer (the `colorday_lang` cookie), else the
 * browser's Accept-Language, else English. Plain functions: the server (adapters/http/web-app.ts)
 * and the web apps (apps/ui/src/i18n.tsx) choose with the same rule.
 */

export { isLanguage, LANGUAGES, type Language }

/** The languages' codes, English (the source of every catalog) first. */
export const LANGUAGE_CODES: ReadonlyArray<Language> = LANGUAGES.map((language) => language.code)

export const DEFAULT_LANGUAGE: Language = "en"

/** The cookie a visitor's footer choice is kept in (a year, readable by the page). */
export const LANGUAGE_COOKIE = "colorday_lang"
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

/** Each language's name in itself, as the footer's switch offers it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
}

/** The language a tag such as "es-MX" or "de" names, if it is one of ours. */
export const languageOfTag = (tag: string | null | undefined): Language | undefined => {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0]
  return isLanguage(primary) ? primary : undefined
}

/** The language chosen: the member's setting, else the cookie, else the best accepted one, else English. */
export const chooseLanguage = (from: {
  readonly member?: Language | null | undefined
  readonly cookie?: string | null | undefined
  /** The browser's preference (Accept-Language, already matched against ours). */
  readonly accepted?: string | null | undefined
}): Language =>
  from.member ?? languageOfTag(from.cookie) ?? languageOfTag(from.accepted) ?? DEFAULT_LANGUAGE
