import { addCatalogs, type CatalogModule } from "../../ui/src/i18n.tsx"

/**
 * The admin dashboard's catalogs (issue 22): its own areas (admin-*.json), the server's errors it
 * shows (errors*.json), and the badges' names and descriptions, shared with the site
 * (web-plans-badge.json). English rides in the main chunk; the other languages load when
 * chosen (apps/ui/src/i18n.tsx). A new area is a new file in locales/<language>/ named
 * admin-<area>.json: this glob finds it.
 */
addCatalogs(
  import.meta.glob<CatalogModule>("../../../locales/en/{admin-*,errors*,web-plans-badge}.json", {
    query: "?lingui",
    eager: true,
  }),
  import.meta.glob<CatalogModule>(
    ["../../../locales/*/{admin-*,errors*,web-plans-badge}.json", "!../../../locales/en/**"],
    { query: "?lingui" },
  ),
)
