import { addCatalogs, type CatalogModule } from "../../../ui/src/i18n.tsx"

/**
 * The plans' English texts (web-plans.json, and the badges' in web-plans-badge.json), in the
 * chunks of the screens that show plans or badges (pricing, rewards, profile, billing, FAQ, the
 * submission dialog's upgrade step) rather than the site's entry (apps/web/src/i18n.ts leaves them
 * out of its eager glob): the home route carries only what its first screen reads. Every file that
 * reads these keys imports this module, so a screen rendered alone (a component test) has them too.
 * Other languages' copies load with the rest of their language (apps/ui/src/i18n.tsx).
 */
addCatalogs(
  import.meta.glob<CatalogModule>("../../../../locales/en/{web-plans,web-plans-badge}.json", {
    query: "?lingui",
    eager: true,
  }),
  {},
)
