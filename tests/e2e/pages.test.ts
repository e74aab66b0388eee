import type { Page, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { axeInEveryPage, seriousAxeViolations } from "./support/axe.ts"
import { STEP_MS, visible } from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import { useBrowser } from "./support/session.ts"
import { DEMO_MEMBER_EMAIL, DEMO_PASSWORD, type Site, startSite } from "./support/site.ts"
import { RESULT_PAGES, resultAddresses, ROUTES } from "./support/site-pages.ts"

/**
 * Every route of the site, as a visitor and as a member: no serious or critical axe-core
 * violation, no horizontal scroll at 360 px, grid images sized and lazy. Plus: the home page loads
 * nothing of the admin or editor apps, and a shared gallery link and an entry's page preview (Open
 * Graph, Twitter).
 */

const NARROW = { width: 360, height: 740 }
const DESKTOP = { width: 1280, height: 720 }

/** A tab and the requests it has on their way (the document, chunks, API calls, images). */
interface Tab {
  readonly page: Page
  /** Forgets the previous document's requests: a visit begins. */
  readonly visiting: () => void
  /** How many requests the tab has made so far. */
  readonly started: () => number
  /** The addresses of the requests on their way. */
  readonly open: () => ReadonlyArray<string>
  /** Resolves once no request is on its way. */
  readonly quiet: () => Promise<void>
}

/** Counts a tab's requests from Playwright's events: each is answered or fails in the end. */
const tabOf = (page: Page): Tab => {
  const open = new Set<Request>()
  let started = 0
  let waiting: Array<() => void> = []
  const wake = () => {
    if (open.size > 0) return
    for (const resolve of waiting) resolve()
    waiting = []
  }
  const done = (request: Request) => {
    if (open.delete(request)) wake()
  }
  page.on("request", (request) => {
    open.add(request)
    started += 1
  })
  page.on("requestfinished", done)
  page.on("requestfailed", done)
  return {
    page,
    visiting: () => {
      open.clear()
      wake()
    },
    started: () => started,
    open: () => [...open].map((request) => request.url()),
    quiet: () =>
      open.size === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve)),
  }
}

/** A spinner still saying what it waits for. */
const loading = (page: Page) => page.getByRole("status").filter({ hasText: /Loading|Verifying/i })

/**
 * Waits until the page shows what it will show: its heading is up (the route's chunk has loaded
 * and rendered), no request is on its way and none started over the two frames that render what
 * the last answers brought, no spinner is left, and the fonts are in. Conditions, not a pause:
 * `networkidle` waited 500 ms of quiet after every visit, 56 visits a run.
 */
const settle = async (tab: Tab): Promise<void> => {
  const { page } = tab
  await visible(page.locator("main h1"))
  const deadline = Date.now() + STEP_MS
  for (;;) {
    const left = deadline - Date.now()
    let timer: ReturnType<typeof setTimeout> | undefined
    const quiet = await Promise.race([
      tab.quiet().then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), left))),
    ])
    clearTimeout(timer)
    if (!quiet) {
      throw new Error(`${page.url()}: requests still on their way: ${tab.open().join(", ")}`)
    }
    const started = tab.started()
    await page.evaluate(async () => {
      await document.fonts.ready
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    })
    const spinner = loading(page).first()
    if (await spinner.isVisible()) {
      await spinner.waitFor({ state: "hidden", timeout: Math.max(deadline - Date.now(), 1) })
      continue
    }
    if (tab.started() === started && tab.open().length === 0) return
    if (Date.now() > deadline) {
      throw new Error(`${page.url()}: requests kept starting: ${tab.open().join(", ")}`)
    }
  }
}

/**
 * Images of a grid or list (cards, thumbnails) lacking width, height or loading="lazy". A page's
 * own picture (fetchpriority="high": an entry's, a contest's line art) loads at once on purpose,
 * so it only needs its size.
 */
const unsizedGridImages = (page: Page) =>
  page.evaluate(() => {
    // Where the app ended up (a members-only page sends a visitor home).
    const path = window.location.pathname
    const inGrid = (element: Element): boolean => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const display = getComputedStyle(node).display
        if (display === "grid" || display === "inline-grid") return true
        if (["UL", "OL", "TABLE"].includes(node.tagName)) return true
      }
      return false
    }
    return [...document.querySelectorAll("main img")]
      .filter((img) => inGrid(img))
      .filter((img) => !(path === "/" && (img.getAttribute("src") ?? "").includes("/line-art/")))
      .filter(
        (img) =>
          !img.getAttribute("width") ||
          !img.getAttribute("height") ||
          (img.getAttribute("loading") !== "lazy" && img.getAttribute("fetchpriority") !== "high"),
      )
      .map((img) => img.outerHTML.slice(0, 200))
  })

const problemsOf = async (tab: Tab, site: Site, route: string): Promise<Array<string>> => {
  const { page } = tab
  const problems: Array<string> = []
  await page.setViewportSize(DESKTOP)
  tab.visiting()
  const response = await page.goto(`${site.url}${route}`)
  if (!response || response.status() !== 200) {
    problems.push(`GET ${route} answered ${String(response?.status())} (the SPA should serve it)`)
    return problems
  }
  await settle(tab)
  const main = await page.locator("main").count()
  if (main === 0) problems.push("no <main>: the app did not render")
  for (const violation of await seriousAxeViolations(page)) problems.push(`axe ${violation}`)
  for (const img of await unsizedGridImages(page)) {
    problems.push(`grid image without width, height or loading="lazy": ${img}`)
  }
  await page.setViewportSize(NARROW)
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  if (scrollWidth > NARROW.width) {
    const culprits = await page.evaluate((width) => {
      return [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .slice(0, 3)
        .map((element) => element.outerHTML.slice(0, 160))
    }, NARROW.width)
    problems.push(
      `horizontal scroll at ${NARROW.width} px: scrollWidth ${scrollWidth}; widest: ${culprits.join(" | ")}`,
    )
  }
  return problems
}

describe.skipIf(!chromiumAvailable)("every page", () => {
  const session = useBrowser()
  let site: Site
  let visitorTab: Tab
  let memberTab: Tab

  // The visits only read: one visitor's tab and one member's tab (signed in through the API) for
  // the file, traced test by test, rather than the app loaded cold twice for every route. axe-core
  // comes with every page they load.
  beforeAll(async () => {
    site = await startSite()
    const [visitor, member] = await Promise.all([
      session.newContext({ viewport: DESKTOP }),
      session.newContext({ viewport: DESKTOP }),
    ])
    await Promise.all([axeInEveryPage(visitor), axeInEveryPage(member)])
    const signedIn = await member.request.post(`${site.url}/api/users/login`, {
      data: { email: DEMO_MEMBER_EMAIL, password: DEMO_PASSWORD },
    })
    expect(signedIn.status(), await signedIn.text()).toBe(200)
    const [visitorPage, memberPage] = await Promise.all([visitor.newPage(), member.newPage()])
    visitorTab = tabOf(visitorPage)
    memberTab = tabOf(memberPage)
  })

  afterAll(async () => {
    await site?.stop()
  })

  // The visitor's and the member's visit of a route run side by side: two tabs of one browser.
  test.each(ROUTES)(
    "%s as a visitor and as a member: accessible, no horizontal scroll at 360 px, sized lazy grid images",
    async (route) => {
      const [asVisitor, asMember] = await Promise.all([
        problemsOf(visitorTab, site, route),
        problemsOf(memberTab, site, route),
      ])
      expect({ visitor: asVisitor, member: asMember }).toEqual({ visitor: [], member: [] })
    },
  )

  test.each(RESULT_PAGES)(
    "%s as a visitor and as a member: accessible, no horizontal scroll at 360 px, sized lazy grid images",
    async (_name, addressOf) => {
      const route = addressOf(await resultAddresses(site))
      const [asVisitor, asMember] = await Promise.all([
        problemsOf(visitorTab, site, route),
        problemsOf(memberTab, site, route),
      ])
      expect({ route, visitor: asVisitor, member: asMember }).toEqual({
        route,
        visitor: [],
        member: [],
      })
    },
  )

  test("the home page loads no part of the admin or editor apps", async () => {
    const context = await session.newContext()
    try {
      const page = await context.newPage()
      const requested: Array<string> = []
      page.on("request", (request) => requested.push(request.url()))
      const tab = tabOf(page)
      await page.goto(`${site.url}/`)
      // Whatever the page fetches late (an idle prefetch) counts too: 500 ms of quiet as well.
      await settle(tab)
      await page.waitForLoadState("networkidle", { timeout: STEP_MS })
      const assets = requested.filter((url) => url.startsWith(site.url))
      expect(assets.some((url) => /\.js(\?|$)/.test(url))).toBe(true)
      expect(assets.filter((url) => /admin|editor/i.test(new URL(url).pathname))).toEqual([])
    } finally {
      await context.close()
    }
  })

  // A shared gallery link and an entry's own page: what a link preview bot sees.
  test.each([
    ["a shared gallery link", (entryId: string) => `/gallery?submission=${entryId}`],
    ["an entry's page", (entryId: string) => `/entries/${entryId}`],
  ] as const)(
    "%s previews: Open Graph and Twitter card tags in the HTML itself, a JPEG or PNG with its size",
    async (_name, addressOf) => {
      const listed = await fetch(`${site.url}/api/gallery?tab=all&sort=newest`)
      const { items } = (await listed.json()) as {
        items: Array<{ id: string; imageUrl: string; thumbnailUrl?: string | null }>
      }
      const entry = items[0]
      if (!entry) throw new Error("the demo world has no entry in the gallery")

      // Plain HTTP, no JavaScript.
      const html = await (await fetch(`${site.url}${addressOf(entry.id)}`)).text()
      const meta = (attribute: "property" | "name", key: string) =>
        new RegExp(`<meta[^>]*${attribute}=["']${key}["'][^>]*>`, "i").exec(html)?.[0]
      const contentOf = (tag: string | undefined) =>
        /content=["']([^"']*)["']/i.exec(tag ?? "")?.[1]

      const ogImage = contentOf(meta("property", "og:image"))
      expect(ogImage, "og:image meta tag").toBeTruthy()
      expect(contentOf(meta("name", "twitter:card")), "twitter:card meta tag").toBeTruthy()
      expect(contentOf(meta("name", "twitter:image")), "twitter:image meta tag").toBe(ogImage)
      // A preview needs an absolute address of an image every preview bot reads (JPEG or PNG),
      // with its size.
      expect(ogImage).toMatch(/^https?:\/\//)
      const image = await fetch(new URL(ogImage ?? "", site.url))
      expect(image.status).toBe(200)
      expect(image.headers.get("content-type")).toMatch(/^image\/(jpeg|png)/)
      expect(Number(contentOf(meta("property", "og:image:width")))).toBeGreaterThan(0)
      expect(Number(contentOf(meta("property", "og:image:height")))).toBeGreaterThan(0)
      // …made from the shared entry's own picture (the same stored image, another rendition).
      const stored = (url: string) =>
        /\/images\/entry\/([^/.]+)\./.exec(new URL(url, site.url).pathname)?.[1]
      expect(stored(ogImage ?? "")).toBeTruthy()
      expect(stored(ogImage ?? "")).toBe(stored(entry.imageUrl))
    },
  )
})
