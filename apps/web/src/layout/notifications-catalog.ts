import { addCatalogs, type CatalogModule } from "../../../ui/src/i18n.tsx"

/**
 * The notifications' English texts (web-notifications.json): the bell's menu (BellMenu, its own
 * chunk, loaded when the bell is opened) and the profile's push settings, rather than the site's
 * entry (apps/web/src/i18n.ts leaves them out of its eager glob). Every file that reads these keys
 * imports this module, so a screen rendered alone (a component test) has them too. Other
 * languages' copies load with the rest of their language (apps/ui/src/i18n.tsx).
 */
addCatalogs(
  import.meta.glob<CatalogModule>("../../../../locales/en/web-notifications.json", {
    query: "?lingui",
    eager: true,
  }),
  {},
)
