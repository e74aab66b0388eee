import { readFile } from "node:fs/promises"
import { join } from "node:path"
import type { FrameLocator, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { STEP_MS, visible } from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import {
  type EditorPage,
  type EditorProcess,
  filesOf,
  openEditorPage,
  savedStep,
  selectInCanvas,
} from "./support/editor.ts"
import { useBrowser } from "./support/session.ts"

/**
 * Direct manipulation in the editor (issue 21), in a real Chromium on a fresh copy of the sample
 * app through `colorday editor`: a layer dragged above its sibling in Layers moves in the file;
 * the element menu opened by a right-click in the canvas duplicates an element; a component
 * instance copied with ⌘/Ctrl+C in App.tsx and pasted with ⌘/Ctrl+V into Footer.tsx lands there
 * with its import; and undoing every change brings every file back to its first bytes.
 */
describe.skipIf(!chromiumAvailable)("direct manipulation in the editor", () => {
  const session = useBrowser()
  let opened: EditorPage
  let editor: EditorProcess
  let page: Page
  let canvas: FrameLocator
  const read = (path: string) => readFile(join(editor.root, path), "utf8")

  const changes = () => page.getByRole("list", { name: "Changes" })
  const layers = () => page.getByRole("tree", { name: "Page elements" })
  const savedCount = () => changes().locator('li[data-state="saved"]').count()

  /** Runs a step, then waits until its change is saved and the canvas shows the file as it is. */
  const saved = (action: () => Promise<void>) => savedStep(opened)(action)

  /** Selects an element in the canvas and answers the key of its layer. */
  const select = (target: Locator) => selectInCanvas(opened, target)

  beforeAll(async () => {
    opened = await openEditorPage(session, { clipboard: true })
    ;({ editor, page, canvas } = opened)
  }, 180_000)

  afterAll(() => opened?.close())

  test("a layer dragged above its sibling in Layers moves in the file, with a line where it lands", async () => {
    const headingKey = await select(canvas.getByRole("heading", { name: "About" }))
    const buttonKey = await select(canvas.getByRole("button", { name: "Get started" }))
    const heading = layers().locator(`[data-key="${headingKey}"]`)
    const button = layers().locator(`[data-key="${buttonKey}"]`)
    await saved(async () => {
      const from = (await (await visible(button)).boundingBox())!
      const to = (await (await visible(heading)).boundingBox())!
      await page.mouse.move(from.x + 30, from.y + from.height / 2)
      await page.mouse.down()
      await page.mouse.move(to.x + 30, to.y + 2, { steps: 8 })
      await visible(heading.locator('[data-drop-indicator="before"]'))
      await page.mouse.up()
    })
    const text = await read("src/App.tsx")
    expect(text.indexOf("Get started")).toBeLessThan(text.indexOf(">About<"))
  })

  test("the element menu, opened by a right-click in the canvas, duplicates the element", async () => {
    const heading = canvas.getByRole("heading", { name: "About" })
    await saved(async () => {
      await (await visible(heading)).click({ button: "right" })
      await page
        .getByRole("menu")
        .getByRole("menuitem", { name: /Duplicate/ })
        .click()
    })
    expect((await read("src/App.tsx")).match(/>About</g)).toHaveLength(2)
    await expect.poll(() => heading.count(), { timeout: STEP_MS }).toBe(2)
  })

  test("a component copied in App.tsx and pasted into Footer.tsx brings its import", async () => {
    const footerBefore = await read("src/components/Footer.tsx")
    await layers().getByText("Header", { exact: true }).first().click()
    await page.keyboard.press("ControlOrMeta+C")
    await visible(page.getByText("Copied Header"))
    await select(canvas.getByText("Made with the Colorday editor"))
    await saved(() => page.keyboard.press("ControlOrMeta+V"))
    const footer = await read("src/components/Footer.tsx")
    expect(footer).not.toBe(footerBefore)
    expect(footer).toContain('<Header title="Today\'s tasks" subtitle="A sample app to edit" />')
    expect(footer).toMatch(/import \{ Header \} from "\.\/Header(\.tsx)?"/)
    await expect
      .poll(() => canvas.getByRole("heading", { name: "Today's tasks" }).count(), {
        timeout: STEP_MS,
      })
      .toBe(2)
  })

  test("undoing everything brings every file back to its first bytes", async () => {
    const undo = page.getByRole("toolbar", { name: "Editing tools" }).getByRole("button", {
      name: "Undo",
    })
    const edits = await savedCount()
    expect(edits).toBe(3)
    for (let done = 0; done < edits; done += 1) {
      await expect.poll(() => undo.isEnabled(), { timeout: STEP_MS }).toBe(true)
      await saved(() => undo.click())
    }
    const now = await filesOf(editor.root)
    expect([...now.keys()].sort()).toEqual([...opened.initial.keys()].sort())
    for (const [path, text] of opened.initial) expect(now.get(path), path).toBe(text)
  })
})
