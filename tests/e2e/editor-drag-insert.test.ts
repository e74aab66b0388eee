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
 * Dragging from Add element onto the canvas (issue 21), in a real Chromium on a fresh copy of the
 * sample app: Text pressed in the menu and dragged over the About heading's bottom quarter shows
 * the drop indicator after the heading; let go, <p>New text</p> is written after it; undo puts the
 * file back.
 */

describe.skipIf(!chromiumAvailable)("dragging a new element onto the canvas", () => {
  const session = useBrowser()
  let opened: EditorPage
  let editor: EditorProcess
  let page: Page
  let canvas: FrameLocator
  let firstSource = ""
  const appFile = () => readFile(join(editor.root, "src/App.tsx"), "utf8")
  const toolbar = () => page.getByRole("toolbar", { name: "Editing tools" })

  beforeAll(async () => {
    opened = await openEditorPage(session)
    ;({ editor, page, canvas } = opened)
    firstSource = await appFile()
  }, 180_000)

  afterAll(() => opened?.close())

  test("Text dragged below the About heading shows where, and is written there when let go", async () => {
    const hide = page.getByRole("button", { name: "Hide the introduction" })
    if ((await hide.count()) > 0) await hide.click()
    await selectInCanvas(opened, canvas.getByRole("button", { name: "Get started" }))
    await toolbar().getByRole("button", { name: "Add element" }).click()
    const item = await visible(page.getByRole("menuitem", { name: "Text" }))
    const from = await item.boundingBox()
    const heading = await visible(canvas.getByRole("heading", { name: "About" }))
    const to = await heading.boundingBox()
    if (!from || !to) throw new Error("the menu item or the heading has no box")
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    const x = to.x + to.width / 4
    const y = to.y + to.height * 0.9
    await page.mouse.move(x, y, { steps: 12 })
    // The menu is gone and the canvas shows a bar under the heading.
    await expect.poll(() => page.getByRole("menu").count(), { timeout: STEP_MS }).toBe(0)
    await expect
      .poll(
        () =>
          canvas.locator('[data-colorday-frame="insert-indicator"]').getAttribute("data-position"),
        { timeout: STEP_MS },
      )
      .toBe("after")
    await savedStep(opened)(() => page.mouse.up())
    expect(await appFile()).toMatch(/>About<\/h2>\s*<p>New text<\/p>/)
    await expect
      .poll(() =>
        canvas.locator('[data-colorday-frame="insert-indicator"] [data-insert-indicator]').count(),
      )
      .toBe(0)
  })

  test("undo puts the file back", async () => {
    await savedStep(opened)(() => toolbar().getByRole("button", { name: "Undo" }).click())
    expect(await appFile()).toBe(firstSource)
  })
})
