import { type BrowserContextOptions, request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { onScreen, STEP_MS, visible } from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import { useBrowser } from "./support/session.ts"
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, type Site, startSite } from "./support/site.ts"

/**
 * Issue 19, in a real Chromium against `colorday serve` on the demo world: the day's contest made
 * subscribers-only by the admin; a member on the free plan (the demo admin is one: the admin runs
 * the site on the free plan) sees "Subscribers only" on the home card and the way to the plans,
 * before any photo is picked, and no Submit button.
 */
describe.skipIf(!chromiumAvailable)("a subscribers-only contest on home", () => {
  const session = useBrowser()
  let site: Site
  let signedIn: BrowserContextOptions["storageState"]
  let title = ""

  beforeAll(async () => {
    site = await startSite()
    const api = await request.newContext({ baseURL: site.url })
    try {
      const login = await api.post("/api/users/login", {
        data: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
      })
      expect(login.status(), await login.text()).toBe(200)
      const current = await api.get("/api/challenges/current-active")
      expect(current.status()).toBe(200)
      const contest = (await current.json()) as { id: string; title: string }
      title = contest.title
      const made = await api.put(`/api/admin/contests/${contest.id}`, {
        data: { subscribersOnly: true },
      })
      expect(made.status(), await made.text()).toBe(200)
      const plan = (await (await api.get("/api/subscription")).json()) as {
        subscription: { tier: string }
      }
      expect(plan.subscription.tier).toBe("free")
      signedIn = await api.storageState()
    } finally {
      await api.dispose()
    }
  })

  afterAll(async () => {
    await site?.stop()
  })

  test("a free member sees 'Subscribers only' and the upgrade link instead of Submit", async () => {
    const context = await session.newContext({
      ...onScreen(390, 844),
      storageState: signedIn,
    })
    try {
      const page = await context.newPage()
      await page.goto(`${site.url}/`)
      const card = page.getByRole("article", { name: title })
      await visible(card.getByText("Subscribers only", { exact: true }))
      await visible(card.getByText(/Members on Color Lite, Pro or Champ may enter/))
      const upgrade = await visible(card.getByRole("link", { name: "Choose a plan to enter" }))
      expect(await upgrade.getAttribute("href")).toBe("/pricing")
      expect(await card.getByRole("button", { name: "Submit Your Artwork" }).count()).toBe(0)

      await (await visible(card.getByRole("link", { name: "See the plans" }))).click()
      await page.waitForURL(`${site.url}/pricing`, { timeout: STEP_MS })
      const lite = page.getByRole("list", { name: "Color Lite perks" })
      await visible(lite.getByText("Enter subscriber-only contests"))
    } finally {
      await context.close()
    }
  })
})
