import { setupI18n, type Messages } from "@lingui/core"
import { I18nProvider } from "@lingui/react"
import { TransNoContext } from "@lingui/react/server"
import { useSyncExternalStore, type ReactNode } from "react"

/**
 * The apps' translations (issue 22), on Lingui: one i18n instance for the page, catalogs
 * compiled at build time by @lingui/vite-plugin (`?lingui` imports of locales/<language>/<area>.json),
 * English loaded with the app (its areas ride in the main chunk), another language's areas
 * loaded when it is chosen, before anything shows in it. Messages have explicit ids and no
 * macros (lingui.config.ts says why): `t("home.hero.title")` from `useT()`, or
 * `<T id="…" values={…} components={…} />` for a message with markup in it.
 *
 * `useT` and `T` read the instance directly (re-rendering when the language changes) rather
 * than through Lingui's React context, so a component renders the same in a test without the
 * app's provider; the apps still mount Lingui's I18nProvider (LanguageProvider) for anything
 * that reads the context. Which languages there are and how one is chosen is the apps' (from
 * domain/site/languages.ts); the kit knows a language by its code and its catalogs.
 */

/** A language's code ("en", "es"): the catalogs' folder names in locales/. */
export type Language = string

/** The catalogs' source language (the spec's texts), loaded with the app. */
export const SOURCE_LANGUAGE: Language = "en"
const DEFAULT_LANGUAGE = SOURCE_LANGUAGE

/** A compiled catalog module, as @lingui/vite-plugin makes one of a catalog file. */
export interface CatalogModule {
  readonly messages: Messages
}

export const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: {} } })

/** The catalogs of other languages, by language: loaded when that language is chosen. */
const lazyCatalogs = new Map<Language, Array<() => Promise<CatalogModule>>>()
const loaded = new Set<Language>([DEFAULT_LANGUAGE])

/** locales/es/web-home.json → "es". */
const languageOfPath = (path: string): Language | undefined =>
  /\/locales\/([a-z]{2,3})\//.exec(path)?.[1]

/**
 * Adds an app's or an area's catalogs: English at once (an eager glob), the other languages as
 * loaders (a lazy glob). A language already active gets the new areas before it is used again.
 */
export const addCatalogs = (
  english: Readonly<Record<string, CatalogModule>>,
  others: Readonly<Record<string, () => Promise<CatalogModule>>>,
): void => {
  for (const module of Object.values(english)) i18n.load(DEFAULT_LANGUAGE, module.messages)
  for (const [path, load] of Object.entries(others)) {
    const language = languageOfPath(path)
    if (language === undefined || language === DEFAULT_LANGUAGE) continue
    lazyCatalogs.set(language, [...(lazyCatalogs.get(language) ?? []), load])
    loaded.delete(language)
  }
}

/**
 * Loads catalogs of any language at once (an eager glob): for the build's prerendering
 * (render-shell.tsx), where nothing may load later.
 */
export const loadCatalogsNow = (modules: Readonly<Record<string, CatalogModule>>): void => {
  for (const [path, module] of Object.entries(modules)) {
    const language = languageOfPath(path)
    if (language === undefined) continue
    i18n.load(language, module.messages)
    loaded.add(language)
  }
}

// The shared components' own texts (apps/ui): toasts, dialogs, states.
addCatalogs(
  import.meta.glob<CatalogModule>("../../../locales/en/ui*.json", {
    query: "?lingui",
    eager: true,
  }),
  import.meta.glob<CatalogModule>(["../../../locales/*/ui*.json", "!../../../locales/en/**"], {
    query: "?lingui",
  }),
)

/** Loads a language's catalogs (once) without switching to it. */
export const loadLanguage = async (language: Language): Promise<void> => {
  if (loaded.has(language)) return
  const modules = await Promise.all((lazyCatalogs.get(language) ?? []).map((load) => load()))
  for (const module of modules) i18n.load(language, module.messages)
  loaded.add(language)
}

/** The language the page is in. */
export const currentLanguage = (): Language => i18n.locale

/**
 * Switches the page to a language: its catalogs first, then every text at once, and `<html lang>`
 * (screen readers, hyphenation, the browser's own controls).
 */
export const activateLanguage = async (language: Language): Promise<void> => {
  await loadLanguage(language)
  i18n.activate(language)
  if (typeof document !== "undefined") document.documentElement.lang = language
}

/**
 * The language the server chose for this page (`<html lang>`: the member's, the cookie's or the
 * browser's), when the page has catalogs for it; else the source language.
 */
export const pageLanguage = (): Language => {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang
  return lang === DEFAULT_LANGUAGE || lazyCatalogs.has(lang) ? lang : DEFAULT_LANGUAGE
}

const subscribe = (onChange: () => void) => i18n.on("change", onChange)
const localeSnapshot = () => i18n.locale

/** The values a message's placeholders take. */
export type MessageValues = Readonly<Record<string, unknown>>

/** Translates a message id in the page's language: `t("gallery.empty")`, `t("votes", { count })`. */
export type Translate = (id: string, values?: MessageValues) => string

/**
 * Translates in the page's current language, outside a component (a helper a component calls
 * while rendering; the component re-renders on a language change through useT / useLanguage).
 */
export const translate: Translate = (id, values) => i18n._(id, values as Record<string, unknown>)

/** The translate function, re-rendering the component when the language changes. */
export const useT = (): Translate => {
  useSyncExternalStore(subscribe, localeSnapshot, localeSnapshot)
  return translate
}

/** The page's language, re-rendering when it changes (for Intl formatting: format.ts). */
export const useLanguage = (): Language =>
  useSyncExternalStore(subscribe, localeSnapshot, localeSnapshot)

/**
 * A message with markup in it: `<T id="rules.read" components={{ 0: <a href="/rules" /> }} />`
 * for "Read the <0>rules</0>." (placeholders in `values`).
 */
export const T = (props: {
  readonly id: string
  readonly values?: MessageValues
  readonly components?: Readonly<Record<string, React.ReactElement>>
}) => {
  useSyncExternalStore(subscribe, localeSnapshot, localeSnapshot)
  return (
    <TransNoContext
      id={props.id}
      values={props.values}
      components={props.components}
      lingui={{ i18n }}
    />
  )
}

/** Lingui's provider over the page's instance, for anything that reads its context. */
export const LanguageProvider = ({ children }: { readonly children: ReactNode }) => (
  <I18nProvider i18n={i18n}>{children}</I18nProvider>
)
