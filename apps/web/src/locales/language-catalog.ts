import type { CatalogModule } from "../../../ui/src/i18n.tsx"

/**
 * A language's catalogs (its areas' files) merged into one module, so that choosing a language
 * loads the site's texts in one chunk, and the site's entry carries one loader per language rather
 * than one per file (apps/web/src/i18n.ts).
 */
export const languageCatalog = (
  modules: Readonly<Record<string, CatalogModule>>,
): CatalogModule => ({
  messages: Object.fromEntries(
    Object.values(modules).flatMap((module) => Object.entries(module.messages)),
  ),
})
