import { readFile } from "node:fs/promises"
import { join } from "node:path"
import type { FrameLocator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { STEP_MS, visible } from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import {
  type EditorPage,
  type EditorProcess,
  openEditorPage,
  savedStep,
  selectInCanvas,
} from "./support/editor.ts"
import { useBrowser } from "./support/session.ts"

/**
 * Side by side (issue 21), in a real Chromium on a fresh copy of the sample app: the preview shows
 * the app live in a phone frame and a desktop frame at once; an element clicked in the desktop
 * frame is selected in both, the edit made there goes under the desktop's breakpoint (xl:), and
 * one undo puts the file back.
 */

describe.skipIf(!chromiumAvailable)("the phone and the desktop side by side", () => {
  const session = useBrowser()
  let opened: EditorPage
  let editor: EditorProcess
  let page: Page
  let firstSource = ""
  const appFile = () => readFile(join(editor.root, "src/App.tsx"), "utf8")
  const phone = (): FrameLocator => page.frameLocator('iframe[data-canvas-frame=""]')
  const desktop = (): FrameLocator => page.frameLocator('iframe[data-canvas-frame="second"]')
  const inspector = () => page.getByRole("complementary", { name: "Inspector" })
  const toolbar = () => page.getByRole("toolbar", { name: "Editing tools" })

  beforeAll(async () => {
    opened = await openEditorPage(session)
    ;({ editor, page } = opened)
    firstSource = await appFile()
  }, 180_000)

  afterAll(() => opened?.close())

  test("both frames show the app, live, at their widths", async () => {
    const hide = page.getByRole("button", { name: "Hide the introduction" })
    if ((await hide.count()) > 0) await hide.click()
    // Wide enough for both frames at 100% (Playwright's clicks do not reach into a scaled iframe).
    await page.setViewportSize({ width: 2400, height: 900 })
    await toolbar().getByLabel("Preview at").selectOption("side-by-side")
    await visible(phone().getByRole("heading", { name: "About" }))
    await visible(desktop().getByRole("heading", { name: "About" }))
    const widths = await Promise.all(
      [phone(), desktop()].map((frame) =>
        frame.locator("body").evaluate((body) => body.ownerDocument.documentElement.clientWidth),
      ),
    )
    expect(widths).toEqual([390, 1280])
  })

  test("an element clicked in the desktop frame is selected in both; its edit is written under xl", async () => {
    const heading = desktop().getByRole("heading", { name: "About" })
    await selectInCanvas(opened, heading)
    await visible(toolbar().getByText("Styles: xl and up"))
    // The phone frame draws the same selection.
    await visible(phone().locator('[data-outline="primary"]'))
    await saved(() => inspector().getByLabel("Padding", { exact: true }).fill("24px"), true)
    expect(await appFile()).toMatch(/<h2 className="[^"]*\bxl:p-6\b[^"]*">About/)
    // Both frames show it live: the desktop at its width has the padding, the phone has not.
    await expect
      .poll(() => heading.evaluate((element) => getComputedStyle(element).paddingTop), {
        timeout: STEP_MS,
      })
      .toBe("24px")
    const phonePadding = await phone()
      .getByRole("heading", { name: "About" })
      .evaluate((element) => getComputedStyle(element).paddingTop)
    expect(phonePadding).toBe("0px")
  })

  test("one undo puts the file back", async () => {
    await saved(() => toolbar().getByRole("button", { name: "Undo" }).click())
    expect(await appFile()).toBe(firstSource)
  })

  /** Runs an edit (Enter after a fill), and waits until it is saved and hot reloaded. */
  const saved = (action: () => Promise<void>, enter = false) =>
    savedStep(opened)(async () => {
      await action()
      if (enter) await page.keyboard.press("Enter")
    })
})
