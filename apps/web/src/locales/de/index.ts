import type { CatalogModule } from "../../../../ui/src/i18n.tsx"
import { languageCatalog } from "../language-catalog.ts"

/** The site's catalogs in this language as one module: one request when it is chosen. */
export const { messages } = languageCatalog(
  import.meta.glob<CatalogModule>("../../../../../locales/de/{pages,web-*}.json", {
    query: "?lingui",
    eager: true,
  }),
)
