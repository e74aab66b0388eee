import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { chromiumAvailable } from "./support/chromium.ts"
import { useBrowser } from "./support/session.ts"
import { type Site, startSite } from "./support/site.ts"

/** The aim of issue 20: content arriving after the first paint moves nothing already on screen. */
const CLS_AIM = 0.02

/** The pages a visitor lands on from search or a shared link, and the ones data fills in late. */
const PAGES = ["/", "/gallery", "/leaderboard", "/contests", "/pricing", "/rewards"] as const

/**
 * Cumulative layout shift on a phone (412 × 823, Lighthouse's mobile screen), summed by a
 * PerformanceObserver from before the first paint until the page has settled. Shifts are a
 * count of pixels moved, not a time: a page whose header, card or plan list is pushed down as
 * its data arrives fails here, however fast the machine.
 */
describe.skipIf(!chromiumAvailable)("layout shift on a phone", () => {
  const session = useBrowser()
  let site: Site

  beforeAll(async () => {
    site = await startSite()
  })
  afterAll(async () => {
    await site?.stop()
  })

  test.each(PAGES)("%s moves nothing as its data arrives", async (path) => {
    const context = await session.newContext({ viewport: { width: 412, height: 823 } })
    const page = await context.newPage()
    await page.addInitScript(() => {
      const total = { value: 0 }
      Object.defineProperty(window, "__layoutShift", { get: () => total.value })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >) {
          if (!entry.hadRecentInput) total.value += entry.value
        }
      }).observe({ type: "layout-shift", buffered: true })
    })
    await page.goto(`${site.url}${path}`, { waitUntil: "networkidle" })
    await page.locator("footer").waitFor()
    // Late work (idle prefetches, fonts) has its second to move something.
    await page.waitForTimeout(1000)
    const shift = await page.evaluate(
      () => (window as unknown as { __layoutShift: number }).__layoutShift,
    )
    expect(shift, `CLS of ${path}`).toBeLessThanOrEqual(CLS_AIM)
  })

  test("the first response paints the header before any script runs, with its CSS inlined", async () => {
    const html = await (await fetch(`${site.url}/gallery`)).text()
    const head = html.slice(0, html.indexOf("</head>"))
    // The critical rules in the head; the whole stylesheet preloaded there (the entry applies it
    // before its first render), and linked for a browser without scripts.
    expect(head).toMatch(/<style>[^]+?<\/style>/)
    expect(head).not.toMatch(/rel="stylesheet"/)
    expect(head).toMatch(/<link rel="preload" as="style"[^>]*href="\/assets\/[^"]+\.css"/)
    expect(html).toMatch(/<noscript><link rel="stylesheet"[^>]*><\/noscript>\s*<\/body>/)

    const context = await session.newContext({
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
    })
    const page = await context.newPage()
    await page.goto(`${site.url}/gallery`)
    const banner = page.getByRole("banner")
    await expect.poll(() => banner.getByRole("link", { name: "Colorday" }).isVisible()).toBe(true)
    expect(await banner.getByRole("navigation", { name: "Main" }).getByRole("link").count()).toBe(9)
    // Styled from the inlined rules: the header is the sticky 64 px bar, not a page of links.
    expect(await banner.evaluate((header) => getComputedStyle(header).position)).toBe("sticky")
    expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(66)
  })
})
