import { addCatalogs, type CatalogModule } from "../../ui/src/i18n.tsx"

/**
 * The site's catalogs (issue 22): its own areas (web-*.json), the pages' titles (pages.json) and the
 * server's errors the screens show (errors*.json); `web-*` includes the badges' texts the dashboard
 * shares (web-plans-badge.json). English rides in the main chunk, but for the areas only screens of
 * their own chunk read (static pages, profile, rewards, billing: their folders' catalog.ts); the other
 * languages load when chosen (apps/ui/src/i18n.tsx). A new area is a new file in locales/<language>/
 * named web-<area>.json: this glob finds it.
 */
addCatalogs(
  import.meta.glob<CatalogModule>(
    [
      "../../../locales/en/{pages,web-*,errors*}.json",
      // Read only by screens of their own chunk, which bring these (screens/<folder>/catalog.ts).
      "!../../../locales/en/{web-static,web-profile,web-settings,web-rewards,web-billing}.json",
    ],
    { query: "?lingui", eager: true },
  ),
  import.meta.glob<CatalogModule>(
    ["../../../locales/*/{pages,web-*,errors*}.json", "!../../../locales/en/**"],
    { query: "?lingui" },
  ),
)
