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
 * The editor's keys (issue 21), in a real Chromium on a fresh copy of the sample app through
 * `colorday editor`: every shortcut of editor-shortcuts.ts works with the focus in the parent (a
 * layer clicked) and in the frame (the canvas clicked); a double-click on static text enters text
 * mode (the overlay says so), Escape cancels with the file untouched, Enter and a click elsewhere
 * save; dynamic text ({title}, {remaining} …) never enters it; the app never white-screens, the
 * tab answers, and undoing everything brings every file back to its first bytes.
 */
describe.skipIf(!chromiumAvailable)("the editor's keys", () => {
  const session = useBrowser()
  let opened: EditorPage
  let editor: EditorProcess
  let page: Page
  let canvas: FrameLocator
  const appFile = () => readFile(join(editor.root, "src/App.tsx"), "utf8")
  const count = async (text: string) => (await appFile()).split(text).length - 1

  const layers = () => page.getByRole("tree", { name: "Page elements" })
  const selectedRow = () => layers().locator('[role="treeitem"][aria-selected="true"]')
  const headings = () => canvas.getByRole("heading", { name: "About" })
  const buttons = () => canvas.getByRole("button", { name: "Get started" })
  const heading = () => headings().first()
  const button = () => buttons().first()
  /** The tag of the element focused in the editor's page: IFRAME while the canvas has the keys. */
  const focused = () => page.evaluate(() => document.activeElement?.tagName ?? "")

  /** Runs a step, then waits until its change is saved and the canvas shows the file as it is. */
  const saved = (action: () => Promise<void>) => savedStep(opened)(action)

  /** Selects an element by a click in the canvas: the keys then go to the frame. */
  const select = async (target: Locator) => {
    await selectInCanvas(opened, target)
    await expect.poll(focused, { timeout: STEP_MS }).toBe("IFRAME")
  }

  /** Selects an element through its layer: the keys then go to the parent (the layer row). */
  const selectInLayers = async (target: Locator) => {
    await select(target)
    const key = (await selectedRow().getAttribute("data-key")) ?? ""
    await layers().locator(`[data-key="${key}"]`).click()
    await expect.poll(focused, { timeout: STEP_MS }).not.toBe("IFRAME")
    await visible(selectedRow())
  }

  /** The app still draws something, and the editor's tab still answers. */
  const alive = async () => {
    const drawn = await page
      .frameLocator('iframe[title="Canvas: the edited app"]')
      .locator("#root > *")
      .count()
    expect(drawn).toBeGreaterThan(0)
    expect(await page.evaluate(() => 1 + 1)).toBe(2)
  }

  beforeAll(async () => {
    opened = await openEditorPage(session, { clipboard: true })
    ;({ editor, page, canvas } = opened)
  }, 180_000)

  afterAll(() => opened?.close())

  test("with the focus in the parent (a layer clicked), every shortcut acts", async () => {
    await selectInLayers(heading())
    await saved(() => page.keyboard.press("ControlOrMeta+D"))
    expect(await count(">About<")).toBe(2)
    await saved(() => page.keyboard.press("ControlOrMeta+Z"))
    expect(await count(">About<")).toBe(1)
    await saved(() => page.keyboard.press("ControlOrMeta+Shift+Z"))
    expect(await count(">About<")).toBe(2)
    await saved(() => page.keyboard.press("ControlOrMeta+Z"))
    await saved(() => page.keyboard.press("ControlOrMeta+Y"))
    expect(await count(">About<")).toBe(2)

    await selectInLayers(headings().last())
    await saved(() => page.keyboard.press("Delete"))
    expect(await count(">About<")).toBe(1)

    await selectInLayers(heading())
    await saved(() => page.keyboard.press("Alt+ArrowDown"))
    let text = await appFile()
    expect(text.indexOf(">About<")).toBeGreaterThan(text.indexOf("Every element here"))
    await selectInLayers(heading())
    await saved(() => page.keyboard.press("Alt+ArrowUp"))
    text = await appFile()
    expect(text.indexOf(">About<")).toBeLessThan(text.indexOf("Every element here"))

    await selectInLayers(heading())
    await page.keyboard.press("ControlOrMeta+C")
    await visible(page.getByText(/^Copied /).first())
    await saved(() => page.keyboard.press("ControlOrMeta+V"))
    expect(await count(">About<")).toBe(2)

    await selectInLayers(heading())
    await page.keyboard.press("Escape")
    await expect.poll(() => selectedRow().count(), { timeout: STEP_MS }).toBe(0)
    await page.keyboard.press("?")
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" })
    await visible(sheet)
    await page.keyboard.press("Escape")
    await expect.poll(() => sheet.count(), { timeout: STEP_MS }).toBe(0)
    await alive()
  })

  test("with the focus in the frame (the canvas clicked), every shortcut acts", async () => {
    await select(button())
    await saved(() => page.keyboard.press("ControlOrMeta+D"))
    expect(await count(">Get started<")).toBe(2)
    await saved(() => page.keyboard.press("ControlOrMeta+Z"))
    expect(await count(">Get started<")).toBe(1)
    await saved(() => page.keyboard.press("ControlOrMeta+Shift+Z"))
    expect(await count(">Get started<")).toBe(2)

    await select(buttons().last())
    await saved(() => page.keyboard.press("Backspace"))
    expect(await count(">Get started<")).toBe(1)

    await select(button())
    await saved(() => page.keyboard.press("Alt+ArrowUp"))
    let text = await appFile()
    expect(text.indexOf(">Get started<")).toBeLessThan(text.indexOf("Every element here"))
    await select(button())
    await saved(() => page.keyboard.press("Alt+ArrowDown"))
    text = await appFile()
    expect(text.indexOf(">Get started<")).toBeGreaterThan(text.indexOf("Every element here"))

    await select(button())
    await page.keyboard.press("Escape")
    await expect.poll(() => selectedRow().count(), { timeout: STEP_MS }).toBe(0)
    await select(button())
    await page.keyboard.press("?")
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" })
    await visible(sheet)
    await page.keyboard.press("Escape")
    await expect.poll(() => sheet.count(), { timeout: STEP_MS }).toBe(0)

    await select(button())
    await page.keyboard.press("ControlOrMeta+C")
    await visible(page.getByText(/^Copied /).first())
    await saved(() => page.keyboard.press("ControlOrMeta+V"))
    expect(await count(">Get started<")).toBe(2)
    await alive()
  })

  test("a double-click enters text mode; Escape cancels, Enter and a click elsewhere save", async () => {
    const textMode = canvas.locator('[data-label="text-mode"]')
    const before = await appFile()
    const writesBefore = opened.signals.writes()
    await (await visible(heading())).dblclick()
    await expect.poll(() => heading().getAttribute("contenteditable")).toBe("plaintext-only")
    await visible(textMode)
    await page.keyboard.type("Overview")
    await visible(canvas.getByRole("heading", { name: "Overview" }))
    await page.keyboard.press("Escape")
    await expect.poll(() => textMode.count(), { timeout: STEP_MS }).toBe(0)
    await expect.poll(() => headings().count(), { timeout: STEP_MS }).toBe(2)
    expect(await heading().getAttribute("contenteditable")).toBeNull()
    // Escape in text mode is the edit's own: the selection stays.
    await visible(selectedRow())
    expect(opened.signals.writes()).toBe(writesBefore)
    expect(await appFile()).toBe(before)

    await saved(async () => {
      await heading().dblclick()
      await visible(textMode)
      await page.keyboard.type("Overview")
      await page.keyboard.press("Enter")
    })
    expect(await count(">Overview<")).toBe(1)

    const overview = canvas.getByRole("heading", { name: "Overview" })
    await saved(async () => {
      await (await visible(overview)).dblclick()
      await visible(textMode)
      await page.keyboard.type("Summary")
      await canvas.getByText("Every element here can be edited from the canvas.").first().click()
    })
    expect(await count(">Summary<")).toBe(1)
    await expect.poll(() => textMode.count(), { timeout: STEP_MS }).toBe(0)
    await alive()
  })

  test("dynamic text never enters text mode", async () => {
    const writesBefore = opened.signals.writes()
    const before = await appFile()
    const left = canvas.getByText(/tasks left/)
    const title = canvas.getByRole("heading", { name: "Today's tasks" })
    for (const dynamic of [left, title]) {
      await (await visible(dynamic)).dblclick()
      await visible(selectedRow())
      await page.keyboard.press("Enter")
      expect(await dynamic.getAttribute("contenteditable")).toBeNull()
      expect(await canvas.locator('[data-label="text-mode"]').count()).toBe(0)
      await visible(canvas.locator('[data-label="edit-dynamic-text"]'))
    }
    expect(opened.signals.writes()).toBe(writesBefore)
    expect(await appFile()).toBe(before)
    await alive()
  })

  test("undoing everything brings every file back to its first bytes", async () => {
    const undo = page.getByRole("toolbar", { name: "Editing tools" }).getByRole("button", {
      name: "Undo",
    })
    for (let guard = 0; guard < 30 && (await undo.isEnabled()); guard += 1) {
      await saved(() => undo.click())
    }
    expect(await undo.isEnabled()).toBe(false)
    const now = await filesOf(editor.root)
    expect([...now.keys()].sort()).toEqual([...opened.initial.keys()].sort())
    for (const [path, text] of opened.initial) expect(now.get(path), path).toBe(text)
    await alive()
  })
})
