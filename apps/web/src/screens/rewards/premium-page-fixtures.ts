import { http, HttpResponse } from "msw"
import { server } from "../../test/server.ts"

/** GET /api/premium-page as a visitor or a member without the perk gets it. */
export const lockedPremiumPage = (title: string | null = "Winter Owl") =>
  server.use(
    http.get("*/api/premium-page", () =>
      HttpResponse.json({
        week: "2026-W48",
        access: "locked",
        unlockedBy: "Color Pro",
        title,
        page: null,
      }),
    ),
  )

/** GET /api/premium-page for a Pro or Champ member; `page: null` before the week's is uploaded. */
export const grantedPremiumPage = (page: { title: string } | null = { title: "Winter Owl" }) =>
  server.use(
    http.get("*/api/premium-page", () =>
      HttpResponse.json({
        week: "2026-W48",
        access: "granted",
        unlockedBy: "Color Pro",
        title: page?.title ?? null,
        page: page && {
          title: page.title,
          image: "/images/line-art/owl.png",
          downloads: {
            png: "/api/premium-page.png",
            pdf: {
              letter: "/api/premium-page.pdf?paper=letter",
              a4: "/api/premium-page.pdf?paper=a4",
            },
          },
        },
      }),
    ),
  )
