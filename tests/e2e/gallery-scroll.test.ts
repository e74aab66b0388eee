import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest"
import { STEP_MS } from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import { useBrowser } from "./support/session.ts"
import { type Site, startSite } from "./support/site.ts"

/**
 * The gallery in a real browser (issue 20): scrolling to the end of the grid loads the next page,
 * with no button to press, and no entry twice.
 */
describe.skipIf(!chromiumAvailable)("paging the gallery", () => {
  const session = useBrowser()
  let site: Site

  beforeAll(async () => {
    site = await startSite()
  })
  afterAll(async () => {
    await site?.stop()
  })

  /** The gallery on a phone, its first cards drawn; the browser context closes with the test. */
  const openGallery = async () => {
    const context = await session.newContext({ viewport: { width: 390, height: 800 } })
    onTestFinished(() => context.close())
    const page = await context.newPage()
    await page.goto(`${site.url}/gallery`)
    const cards = page.locator("main article")
    await cards.first().waitFor({ timeout: STEP_MS })
    return { page, cards }
  }

  test("scrolling to the end of the grid loads the next page", async () => {
    const listed = await fetch(`${site.url}/api/gallery?tab=all&sort=newest&limit=24`)
    const first = (await listed.json()) as { items: unknown[]; nextCursor: string | null }
    // The demo world has more than one page of entries.
    expect(first.nextCursor).not.toBeNull()

    const context = await session.newContext({ viewport: { width: 390, height: 800 } })
    try {
      const page = await context.newPage()
      const asked: Array<URL> = []
      page.on("request", (request) => {
        const url = new URL(request.url())
        if (url.pathname === "/api/gallery") asked.push(url)
      })
      await page.goto(`${site.url}/gallery`)
      const cards = page.locator("main article")
      await cards.first().waitFor({ timeout: STEP_MS })
      expect(await cards.count()).toBe(24)
      // The first page came with the HTML: the page asked the API only for later ones.
      expect(asked.filter((url) => !url.searchParams.has("cursor"))).toEqual([])
      expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0)

      await page.mouse.wheel(0, 100_000)
      await page.waitForFunction(
        () => document.querySelectorAll("main article").length > 24,
        null,
        {
          timeout: STEP_MS,
        },
      )
      // No entry twice across the pages.
      const ids = await cards.evaluateAll((articles) =>
        articles.map((article) => article.querySelector("a")?.getAttribute("href")),
      )
      expect(new Set(ids).size).toBe(ids.length)
      expect(await page.getByRole("alert").count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  test("back from an artist's page puts the gallery where it was", async () => {
    const { page, cards } = await openGallery()
    // Two pages down, so the position is past what the first page alone would allow.
    await page.mouse.wheel(0, 100_000)
    await page.waitForFunction(() => document.querySelectorAll("main article").length > 24, null, {
      timeout: STEP_MS,
    })
    const artist = cards.nth(30).locator("p a").first()
    await artist.scrollIntoViewIfNeeded()
    const before = await page.evaluate(() => window.scrollY)
    expect(before).toBeGreaterThan(2000)
    await artist.click()
    await page.waitForURL(/\/artists\//, { timeout: STEP_MS })
    // Another page starts at its top.
    await page.getByRole("heading", { level: 1 }).waitFor({ timeout: STEP_MS })
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.goBack()
    await page.waitForURL(/\/gallery/, { timeout: STEP_MS })
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, before, {
      timeout: STEP_MS,
    })
    expect(await cards.count()).toBeGreaterThan(24)
  })

  test("a lightbox opens and closes over the gallery where it is, and a reload keeps the place", async () => {
    const { page, cards } = await openGallery()
    const card = cards.nth(10).locator("a").first()
    await card.scrollIntoViewIfNeeded()
    const before = await page.evaluate(() => window.scrollY)
    expect(before).toBeGreaterThan(1000)

    await card.click()
    await page.getByRole("dialog").waitFor({ timeout: STEP_MS })
    expect(await page.evaluate(() => window.scrollY)).toBe(before)
    await page.keyboard.press("Escape")
    await page.waitForURL(/\/gallery/, { timeout: STEP_MS })
    await page.getByRole("dialog").waitFor({ state: "detached", timeout: STEP_MS })
    expect(await page.evaluate(() => window.scrollY)).toBe(before)

    await page.reload()
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, before, {
      timeout: STEP_MS,
    })
    // Opened anew (a link, the address typed), the gallery starts at the top, although the
    // tab's first history entry had the same key as this one.
    await page.goto(`${site.url}/gallery`)
    await cards.nth(10).waitFor({ timeout: STEP_MS })
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })
})
