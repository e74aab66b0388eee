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
 * Resize handles (issue 21), in a real Chromium on a fresh copy of the sample app: the About
 * section's right handle dragged to the left narrows it in the canvas at once; on release its
 * width is written as a `w-…` class (a scale step when one fits, else `w-[…px]`) and the canvas
 * keeps that width; undo takes the class out of the file again. At the md preview the corner
 * writes both sides as md: variants in one change, which one undo takes back.
 */

describe.skipIf(!chromiumAvailable)("resizing the selection by its handles", () => {
  const session = useBrowser()
  let opened: EditorPage
  let editor: EditorProcess
  let page: Page
  let canvas: FrameLocator
  let firstSource = ""
  const appFile = () => readFile(join(editor.root, "src/App.tsx"), "utf8")
  const inspector = () => page.getByRole("complementary", { name: "Inspector" })
  const about = () => canvas.locator("section").filter({ hasText: "About" })
  const aboutWidth = () => about().evaluate((element) => element.getBoundingClientRect().width)
  /** The className the source gives the About section. */
  const aboutClasses = async () =>
    /<section className="([^"]*)"[^>]*>\s*<h2[^>]*>About/.exec(await appFile())?.[1]?.split(" ") ??
    []
  const widthClass = (classes: ReadonlyArray<string>) =>
    classes.find((name) => /^w-(\d+(\.5)?|\[\d+px\])$/.test(name))
  /** The width in px a `w-…` class sets (Tailwind's spacing step is 4px). */
  const widthOf = (name: string) => {
    const arbitrary = /^w-\[(\d+)px\]$/.exec(name)
    return arbitrary ? Number(arbitrary[1]) : Number(name.slice(2)) * 4
  }

  /** Runs an edit, and waits until it is saved and the canvas has hot reloaded it. */
  const saved = (action: () => Promise<void>) => savedStep(opened)(action)

  beforeAll(async () => {
    opened = await openEditorPage(session)
    ;({ editor, page, canvas } = opened)
    firstSource = await readFile(join(editor.root, "src/App.tsx"), "utf8")
  }, 180_000)

  afterAll(() => opened?.close())

  test("the selected section shows its handles", async () => {
    const hide = page.getByRole("button", { name: "Hide the introduction" })
    if ((await hide.count()) > 0) await hide.click()
    await selectInCanvas(opened, about(), { position: { x: 6, y: 6 } })
    expect(await inspector().locator("p").first().innerText()).toContain("section")
    for (const handle of ["right", "bottom", "corner"]) {
      await visible(canvas.locator(`[data-resize-handle="${handle}"]`))
    }
  })

  test("dragging the right handle previews the width, and release writes a w-… class", async () => {
    const before = await aboutWidth()
    const handle = await visible(canvas.locator('[data-resize-handle="right"]'))
    const box = await handle.boundingBox()
    if (!box) throw new Error("the right handle has no box on the page")
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x - 60, y, { steps: 6 })
    // The canvas shows the new width while the button is still down.
    await expect.poll(aboutWidth, { timeout: STEP_MS }).toBeLessThan(before - 10)
    const previewed = await aboutWidth()
    await saved(() => page.mouse.up())

    const written = widthClass(await aboutClasses())
    expect(written, (await aboutClasses()).join(" ")).toBeDefined()
    expect(Math.abs(widthOf(written!) - previewed)).toBeLessThanOrEqual(2)
    // The class itself now holds the width: the frame's inline preview is gone.
    await expect
      .poll(() => about().evaluate((element) => (element as HTMLElement).style.width), {
        timeout: STEP_MS,
      })
      .toBe("")
    expect(Math.abs((await aboutWidth()) - widthOf(written!))).toBeLessThanOrEqual(1)
  })

  test("undo takes the width class out of the file", async () => {
    const before = await aboutWidth()
    await saved(() => page.keyboard.press("ControlOrMeta+Z"))
    expect(widthClass(await aboutClasses())).toBeUndefined()
    expect(await appFile()).toBe(firstSource)
    await expect.poll(aboutWidth, { timeout: STEP_MS }).toBeGreaterThan(before + 10)
  })

  test("at the md preview the corner writes md:w-… and md:h-… as one change; one undo puts the file back", async () => {
    const toolbar = page.getByRole("toolbar", { name: "Editing tools" })
    const previewAt = toolbar.getByLabel("Preview at")
    await previewAt.selectOption("md")
    await visible(toolbar.getByText("Styles: md and up"))
    await selectInCanvas(opened, about(), { position: { x: 6, y: 6 } })
    expect(await inspector().locator("p").first().innerText()).toContain("section")
    const handle = await visible(canvas.locator('[data-resize-handle="corner"]'))
    const box = await handle.boundingBox()
    if (!box) throw new Error("the corner handle has no box on the page")
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    const writes = opened.signals.writes()
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x - 50, y + 40, { steps: 6 })
    await page.mouse.up()
    // The width and the height are one change: one write.
    await opened.signals.settled(page, writes, STEP_MS)
    expect(opened.refused).toEqual([])
    expect(opened.signals.writes()).toBe(writes + 1)
    const classes = await aboutClasses()
    expect(
      classes.some((name) => /^md:w-/.test(name)),
      classes.join(" "),
    ).toBe(true)
    expect(
      classes.some((name) => /^md:h-/.test(name)),
      classes.join(" "),
    ).toBe(true)
    expect(widthClass(classes)).toBeUndefined()

    await saved(() => page.keyboard.press("ControlOrMeta+Z"))
    expect(await appFile()).toBe(firstSource)
    await previewAt.selectOption("fit")
    await visible(toolbar.getByText("Styles: all sizes"))
  })
})
