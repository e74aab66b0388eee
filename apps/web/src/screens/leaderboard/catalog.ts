import { addCatalogs, type CatalogModule } from "../../../../ui/src/i18n.tsx"

/**
 * This area's English texts (web-leaderboard.json), in the chunk of the screens that use them rather
 * than the site's entry (apps/web/src/i18n.ts leaves them out of its eager glob): the home route
 * carries only what its first screen reads. Every file that reads these keys imports this module,
 * so a screen rendered alone (a component test) has them too. Other languages' copies load with
 * the rest of their language (apps/ui/src/i18n.tsx).
 */
addCatalogs(
  import.meta.glob<CatalogModule>("../../../../../locales/en/web-leaderboard.json", {
    query: "?lingui",
    eager: true,
  }),
  {},
)
