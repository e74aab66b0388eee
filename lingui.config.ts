import { defineConfig } from "@lingui/conf"
import { formatter } from "@lingui/format-json"
import { readdirSync } from "node:fs"
import { join } from "node:path"

/**
 * Lingui's configuration (issue 22): English (the spec's exact texts, the source language),
 * Spanish, French and German. Messages have explicit ids ("home.hero.title"), no macros: the
 * server runs our .ts through Node's type stripping with no build, so it cannot use them, and one
 * way everywhere is easier to read and lint. Catalogs are JSON (id → ICU MessageFormat), one file
 * per area and language, locales/<language>/<area>.json, so helpers converting different areas never
 * edit the same file; every area found on disk is a catalog here (a new area is a
 * new file in each language, no edit to this file). @lingui/vite-plugin compiles the imported
 * catalogs at build time (`?lingui`); the server compiles them once at start
 * (adapters/i18n/server-i18n.ts).
 */
export const LOCALES = ["en", "es", "fr", "de"]

const root = import.meta.dirname
// Every area any language has (a language missing one fails tests/lint/i18n-catalogs.test.ts).
const areas = [
  ...new Set(
    LOCALES.flatMap((locale) => readdirSync(join(root, "locales", locale)))
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.slice(0, -".json".length)),
  ),
].sort()

export default defineConfig({
  sourceLocale: "en",
  locales: LOCALES,
  fallbackLocales: false,
  format: formatter({ style: "minimal" }),
  catalogs: areas.map((area) => ({
    path: `<rootDir>/locales/{locale}/${area}`,
    // Ids are written by hand; nothing is extracted from the source.
    include: [],
  })),
})
