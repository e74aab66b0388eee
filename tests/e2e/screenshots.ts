/**
 * Screenshots of the three apps, desktop (1280 × 800) and phone (390 × 844), for the README and
 * for comparing a change of the design system (apps/ui) before and after:
 *
 *   npm run build && node tests/e2e/screenshots.ts [out-dir]
 *
 * It starts a `colorday serve` on a fresh demo world (tests/e2e/support/site.ts) and a
 * `colorday editor` on the sample app (support/editor.ts), drives Debian's Chromium
 * (support/chromium.ts), and writes <app>-<page>-<desktop|phone>.png into out-dir
 * (docs/screenshots by default). The admin pages are taken signed in as the demo admin.
 *
 * With SCREENSHOT_LANG=es|fr|de the browser asks for that language (Accept-Language), the files
 * are named <app>-<page>-<size>.<lang>.png and the editor (English only) is left out: a look at a
 * translated site at 390 px, where longer words break layouts first.
 */
import { mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import type { Browser, BrowserContextOptions, Page } from "playwright-core"
import { chromiumAvailable, INSTALL_HINT, launchChromium } from "./support/chromium.ts"
import { startEditor } from "./support/editor.ts"
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, type Site, startSite } from "./support/site.ts"
import { resultAddresses } from "./support/site-pages.ts"

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const satisfies Record<string, BrowserContextOptions>

/** The pages shown of each app: a name for the file and the path under the server. */
const WEB_PAGES = [
  { name: "home", path: "/" },
  { name: "gallery", path: "/gallery" },
  { name: "leaderboard", path: "/leaderboard" },
] as const

/** The pages that hold an id, named by the demo world (the axe sweep's own list, site-pages.ts). */
const resultPages = async (site: Site) => {
  const addresses = await resultAddresses(site)
  return [
    { name: "contest", path: addresses.contest },
    { name: "entry", path: addresses.entry },
    { name: "artist", path: addresses.artist },
  ] as const
}
const ADMIN_PAGES = [
  { name: "overview", path: "/admin/" },
  { name: "members", path: "/admin/members" },
] as const

const settle = async (page: Page) => {
  await page.waitForLoadState("networkidle")
  // Fonts and images in view have loaded; animations are off (prefers-reduced-motion).
  await page.evaluate(() => document.fonts.ready)
}

const shoot = async (page: Page, url: string, file: string) => {
  await page.goto(url)
  await settle(page)
  await page.screenshot({ path: file })
  console.log(file)
}

const language = process.env.SCREENSHOT_LANG || undefined
const suffix = language ? `.${language}` : ""

const takeAll = async (browser: Browser, outDir: string) => {
  const site = await startSite()
  const editor = language
    ? null
    : await startEditor().catch((error: unknown) => {
        console.error(`the editor did not start, its screenshots are left out: ${String(error)}`)
        return null
      })
  try {
    const webPages = [...WEB_PAGES, ...(await resultPages(site))]
    for (const [size, options] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({
        ...options,
        reducedMotion: "reduce",
        ...(language ? { locale: language } : {}),
      })
      const page = await context.newPage()
      for (const { name, path } of webPages)
        await shoot(page, `${site.url}${path}`, join(outDir, `web-${name}-${size}${suffix}.png`))
      const signedIn = await context.request.post(`${site.url}/api/users/login`, {
        data: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
      })
      if (!signedIn.ok()) throw new Error(`the demo admin could not sign in: ${signedIn.status()}`)
      for (const { name, path } of ADMIN_PAGES)
        await shoot(page, `${site.url}${path}`, join(outDir, `admin-${name}-${size}${suffix}.png`))
      if (editor) {
        await page.goto(editor.url)
        // The canvas holds the edited app in an iframe: wait for its layers to be listed.
        await page.getByRole("tree").first().waitFor({ timeout: 60_000 })
        await settle(page)
        const file = join(outDir, `editor-${size}.png`)
        await page.screenshot({ path: file })
        console.log(file)
      }
      await context.close()
    }
  } finally {
    await site.stop()
    if (editor) editor.child.kill()
  }
}

if (!chromiumAvailable) {
  console.error(INSTALL_HINT)
  process.exit(1)
}
const outDir = resolve(process.argv[2] ?? "docs/screenshots")
mkdirSync(outDir, { recursive: true })
const browser = await launchChromium()
try {
  await takeAll(browser, outDir)
} finally {
  await browser.close()
}
