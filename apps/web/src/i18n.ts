import { addCatalogs, type CatalogModule } from "../../ui/src/i18n.tsx"

/**
 * The site's catalogs (issue 22): its own areas (web-*.json, which include the badges' texts the
 * dashboard shares, web-plans-badge.json) and the pages' titles (pages.json). The server's errors
 * (errors.json) are not here: the API answers in the page's language, and no screen reads them.
 * English rides in the main chunk but for the areas only screens of their own chunk read (static
 * pages, profile, rewards, billing, sign-in and account pages, entries, gallery, artist,
 * leaderboard, judging, contact, pricing, plans and badges, notifications, payment, the submission
 * dialog), which their folders' catalog.ts bring (screens/<folder>, session/auth, entries, plans,
 * layout/notifications-catalog.ts, screens/home/submit-catalog.ts). The other languages load when
 * chosen (apps/ui/src/i18n.tsx), each as one chunk (./locales/<language>/index.ts). A new area is a
 * new file in locales/<language>/ named web-<area>.json: these globs find it.
 */
addCatalogs(
  import.meta.glob<CatalogModule>(
    [
      "../../../locales/en/{pages,web-*}.json",
      // Read only by screens of their own chunk, which bring these (<folder>/catalog.ts).
      "!../../../locales/en/{web-static,web-profile,web-settings,web-rewards,web-billing}.json",
      "!../../../locales/en/{web-auth,web-entry,web-gallery,web-artist,web-leaderboard}.json",
      "!../../../locales/en/{web-judging,web-contact,web-pricing,web-plans,web-plans-badge}.json",
      "!../../../locales/en/{web-notifications,web-payment,web-submit}.json",
    ],
    { query: "?lingui", eager: true },
  ),
  // Each other language's files in one module (locales/<language>/index.ts).
  import.meta.glob<CatalogModule>(["./locales/*/index.ts", "!./locales/en/**"]),
)
