import { setupI18n, type I18n, type Messages } from "@lingui/core"
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage"
import { readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from "../../domain/site/languages.ts"

/**
 * The server's translations (issue 22): the same catalogs as the apps (locales/<language>/<area>.json,
 * lingui.config.ts), every area, read and compiled once when first used, one Lingui instance per
 * language. The server runs its .ts with no build, so it cannot use Lingui's macros or its Vite
 * plugin: messages are looked up by id (`t(language)("mail.verify.subject")`), as in the apps.
 */

/** Where the catalogs are, from this file's place in the repository (adapters/i18n). */
export const LOCALES_DIR = resolve(import.meta.dirname, "../../locales")

/** A language's catalogs, every area merged: id → ICU MessageFormat text. */
export const readCatalogs = (language: Language, dir = LOCALES_DIR): Record<string, string> => {
  const folder = join(dir, language)
  const merged: Record<string, string> = {}
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()) {
    Object.assign(merged, JSON.parse(readFileSync(join(folder, file), "utf8")) as object)
  }
  return merged
}

const compiled = (catalog: Readonly<Record<string, string>>): Messages =>
  Object.fromEntries(Object.entries(catalog).map(([id, text]) => [id, compileMessageOrThrow(text)]))

const instances = new Map<Language, I18n>()

/** The Lingui instance of a language (its catalogs compiled on first use, then kept). */
export const i18nOf = (language: Language): I18n => {
  const known = instances.get(language)
  if (known) return known
  const made = setupI18n({
    locale: language,
    messages: { [language]: compiled(readCatalogs(language)) },
  })
  instances.set(language, made)
  return made
}

/** The values a message's placeholders take. */
export type MessageValues = Readonly<Record<string, unknown>>

/** Translates message ids in one language (which it names, for `lang` attributes and Intl). */
export interface Translate {
  (id: string, values?: MessageValues): string
  readonly language: Language
}

/** The translate function of a language: `t("es")("mail.verification.subject")`. */
export const t = (language: Language = DEFAULT_LANGUAGE): Translate =>
  Object.assign(
    (id: string, values?: MessageValues) =>
      i18nOf(language)._(id, values as Record<string, unknown>),
    { language },
  )

/** Every language's instance made now (at start), so no request pays for compiling them. */
export const warmTranslations = (): void => {
  for (const language of LANGUAGE_CODES) i18nOf(language)
}
