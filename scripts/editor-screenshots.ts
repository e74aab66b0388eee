/**
 * Screenshots of the visual editor for the README (issue 21), at 1440 × 900 and 1280 × 720:
 *
 *   npm run editor-screenshots [-- out-dir]
 *
 * It starts `colorday editor` on a fresh copy of the sample app as the e2e tests do
 * (tests/e2e/support/editor.ts; the editor is built first when its build is missing or older than
 * its sources), opens it in Debian's Chromium, hides the introduction card, selects the sample
 * app's "Get started" button in the canvas and waits until the inspector shows its computed
 * padding and the canvas its resize handles, then writes editor-<width>x<height>.png into out-dir
 * (docs/screenshots by default). The copy of the app is removed afterwards.
 */
import { mkdirSync } from "node:fs"
import { rm } from "node:fs/promises"
import { join, resolve } from "node:path"
import type { Browser, Page } from "playwright-core"
import { chromiumAvailable, INSTALL_HINT, launchChromium } from "../tests/e2e/support/chromium.ts"
import { type EditorProcess, startEditor } from "../tests/e2e/support/editor.ts"

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const

/** How long one step may take on a loaded machine (every wait ends as soon as it holds). */
const STEP_MS = 60_000

const inspector = (page: Page) => page.getByRole("complementary", { name: "Inspector" })

/** The editor with the sample app loaded and its "Get started" button selected. */
const selectButton = async (page: Page) => {
  await page
    .getByRole("tree", { name: "Page elements" })
    .getByText("TaskList")
    .first()
    .waitFor({ timeout: STEP_MS })
  const hide = page.getByRole("button", { name: "Hide the introduction" })
  if ((await hide.count()) > 0) await hide.click()
  const canvas = page.frameLocator('iframe[title="Canvas: the edited app"]')
  const button = canvas.getByRole("button", { name: "Get started" })
  const padding = inspector(page).getByLabel("Padding top", { exact: true })
  // Vite may reload a fresh copy of the app once while it optimises: click until selected.
  const deadline = Date.now() + STEP_MS
  for (;;) {
    await button.waitFor({ timeout: STEP_MS })
    await button.click()
    const shown = await padding.inputValue({ timeout: 2_000 }).catch(() => "")
    if (shown === "4") break
    if (Date.now() > deadline) {
      throw new Error(`the inspector did not show the button's padding (it shows "${shown}")`)
    }
  }
  await canvas.locator('[data-resize-handle="corner"]').waitFor({ timeout: STEP_MS })
  // The pointer leaves the canvas, so no hover outline is drawn over the selection.
  await page.mouse.move(0, 0)
  await page.evaluate(() => document.fonts.ready)
}

const takeAll = async (browser: Browser, editor: EditorProcess, outDir: string) => {
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size, reducedMotion: "reduce" })
    try {
      const page = await context.newPage()
      await page.goto(editor.url)
      await selectButton(page)
      const file = join(outDir, `editor-${size.width}x${size.height}.png`)
      await page.screenshot({ path: file })
      console.log(file)
    } finally {
      await context.close()
    }
  }
}

if (!chromiumAvailable) {
  console.error(INSTALL_HINT)
  process.exit(1)
}
const outDir = resolve(process.argv[2] ?? "docs/screenshots")
mkdirSync(outDir, { recursive: true })
const editor = await startEditor()
try {
  const browser = await launchChromium()
  try {
    await takeAll(browser, editor, outDir)
  } finally {
    await browser.close()
  }
} finally {
  const exited = new Promise((done) => editor.child.once("exit", done))
  editor.child.kill("SIGINT")
  await exited
  await rm(editor.root, { recursive: true, force: true })
}
