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
 * Insertion with a position (issue 21), in a real Chromium on a fresh copy of the sample app
 * through `colorday editor`: Add element → Before → Text writes a <p> before the selected button,
 * with a bar on the button's top edge in the canvas while the menu is open; Add element → Inside
 * on the About section → <Badge /> (a component of the app with required props, through its form)
 * writes it as the section's last child with its import; undoing both brings every file back to
 * its first bytes.
 */
describe.skipIf(!chromiumAvailable)("inserting before, after or inside in the editor", () => {
  const session = useBrowser()
  let opened: EditorPage
  let editor: EditorProcess
  let page: Page
  let canvas: FrameLocator
  const read = (path: string) => readFile(join(editor.root, path), "utf8")

  const changes = () => page.getByRole("list", { name: "Changes" })
  const toolbar = () => page.getByRole("toolbar", { name: "Editing tools" })
  const savedCount = () => changes().locator('li[data-state="saved"]').count()

  /** Runs a step, then waits until its change is saved and the canvas shows the file as it is. */
  const saved = (action: () => Promise<void>) => savedStep(opened)(action)

  /** Clicks an element in the canvas and waits until its layer is the selected one. */
  const select = (target: Locator, position?: { x: number; y: number }) =>
    selectInCanvas(opened, target, position ? { position } : {})

  /** Opens Add element and picks the position; answers the menu. */
  const addElementAt = async (where: "Before" | "After" | "Inside") => {
    await toolbar().getByRole("button", { name: "Add element" }).click()
    const menu = page.getByRole("menu")
    await (await visible(menu.getByRole("menuitemradio", { name: where }))).click()
    return menu
  }

  beforeAll(async () => {
    opened = await openEditorPage(session)
    ;({ editor, page, canvas } = opened)
  }, 180_000)

  afterAll(() => opened?.close())

  test("a native <p> goes before the selected button, with a bar on its top edge meanwhile", async () => {
    const button = canvas.getByRole("button", { name: "Get started" })
    await select(button)
    await saved(async () => {
      const menu = await addElementAt("Before")
      const bar = canvas.locator(
        '[data-colorday-frame="insert-indicator"][data-position="before"] [data-insert-indicator="bar"]',
      )
      const barBox = (await (await visible(bar)).boundingBox())!
      const buttonBox = (await button.boundingBox())!
      expect(Math.abs(barBox.y + barBox.height / 2 - buttonBox.y)).toBeLessThan(2)
      await menu.getByRole("menuitem", { name: "Text" }).click()
    })
    const text = await read("src/App.tsx")
    const about = text.indexOf(">About<")
    const added = text.indexOf("<p>New text</p>")
    expect(added).toBeGreaterThan(about)
    expect(added).toBeLessThan(text.indexOf("Get started"))
    // The menu closed: the canvas no longer shows a place.
    await expect
      .poll(() => canvas.locator("[data-insert-indicator]").count(), { timeout: STEP_MS })
      .toBe(0)
    await visible(canvas.getByText("New text"))
  })

  test("a component of the app goes inside a container, last, with its required props and import", async () => {
    const section = canvas.locator("section")
    // The section's own padding, not one of its children.
    await select(section, { x: 6, y: 6 })
    await saved(async () => {
      const menu = await addElementAt("Inside")
      await (await visible(menu.getByRole("menuitem", { name: "<Badge />" }))).click()
      const form = page.getByRole("dialog", { name: "Add <Badge />" })
      await (await visible(form.getByRole("textbox"))).fill("Urgent")
      await form.getByRole("combobox").selectOption("gray")
      await form.getByRole("button", { name: "Add Badge" }).click()
    })
    const text = await read("src/App.tsx")
    expect(text).toMatch(/import \{ Badge \} from "\.\/components\/Badge(\.tsx)?"/)
    const badge = text.indexOf('<Badge label="Urgent" tone="gray" />')
    expect(badge).toBeGreaterThan(text.indexOf("Get started"))
    expect(badge).toBeLessThan(text.indexOf("</section>"))
    await visible(canvas.locator("section").getByText("Urgent"))
  })

  test("undoing both brings every file back to its first bytes", async () => {
    const undo = toolbar().getByRole("button", { name: "Undo" })
    const edits = await savedCount()
    expect(edits).toBe(2)
    for (let done = 0; done < edits; done += 1) {
      await expect.poll(() => undo.isEnabled(), { timeout: STEP_MS }).toBe(true)
      await saved(() => undo.click())
    }
    const now = await filesOf(editor.root)
    expect([...now.keys()].sort()).toEqual([...opened.initial.keys()].sort())
    for (const [path, text] of opened.initial) expect(now.get(path), path).toBe(text)
  })
})
