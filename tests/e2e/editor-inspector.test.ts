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
 * The style inspector of issue 21, in a real Chromium on a fresh copy of the sample app: the
 * "Get started" button (`px-3 py-1`) shows its real per-side padding in the box model; a side set
 * there is written as the scale's class, shows in the iframe and in the inspector; with the hover
 * state on, a palette colour is written as `hover:bg-…` and the canvas shows the button hovered.
 */

describe.skipIf(!chromiumAvailable)("the style inspector", () => {
  const session = useBrowser()
  let opened: EditorPage
  let editor: EditorProcess
  let page: Page
  let canvas: FrameLocator
  const appFile = () => readFile(join(editor.root, "src/App.tsx"), "utf8")
  const inspector = () => page.getByRole("complementary", { name: "Inspector" })
  const button = () => canvas.getByRole("button", { name: "Get started" })
  const buttonStyle = (property: "paddingTop" | "paddingLeft" | "backgroundColor") =>
    button().evaluate((element, name) => getComputedStyle(element)[name], property)
  const side = (label: string) => inspector().getByLabel(label, { exact: true }).inputValue()
  /** The className the source gives the button. */
  const buttonClasses = async () =>
    /className="([^"]*)"[^>]*>\s*Get started/.exec(await appFile())?.[1]?.split(" ") ?? []

  /** Runs an edit, and waits until it is saved and the canvas has hot reloaded it. */
  const saved = (action: () => Promise<void>) => savedStep(opened)(action)

  beforeAll(async () => {
    opened = await openEditorPage(session)
    ;({ editor, page, canvas } = opened)
  }, 180_000)

  afterAll(() => opened?.close())

  test("the box model shows the button's real padding per side", async () => {
    // The introduction card sits over the canvas until hidden.
    const hide = page.getByRole("button", { name: "Hide the introduction" })
    if ((await hide.count()) > 0) await hide.click()
    await selectInCanvas(opened, button())
    expect(await inspector().locator("p").first().innerText()).toContain("button")
    await expect.poll(() => side("Padding top"), { timeout: STEP_MS }).toBe("4")
    expect(await side("Padding right")).toBe("12")
    expect(await side("Padding bottom")).toBe("4")
    expect(await side("Padding left")).toBe("12")
    expect(await side("Margin top")).toBe("8")
  })

  test("a side set in the box model is written as the scale's class and shows in the canvas", async () => {
    await saved(async () => {
      const top = inspector().getByLabel("Padding top", { exact: true })
      await top.fill("24")
      await top.press("Enter")
    })
    expect(await buttonClasses()).toEqual(expect.arrayContaining(["pt-6", "px-3", "py-1"]))
    await expect.poll(() => buttonStyle("paddingTop"), { timeout: STEP_MS }).toBe("24px")
    expect(await buttonStyle("paddingLeft")).toBe("12px")
    // The inspector follows the canvas.
    await expect.poll(() => side("Padding top"), { timeout: STEP_MS }).toBe("24")
    expect(await side("Padding bottom")).toBe("4")
  })

  test("with hover on, a palette colour is written as hover:bg-… and the canvas shows it hovered", async () => {
    // The pointer leaves the button (the canvas keeps the last place it was): what shows
    // hovered from here on is the state the canvas forces, not a real hover.
    await canvas.getByRole("heading", { name: "Today's tasks" }).hover()
    const hovered = () => button().evaluate((element) => element.matches(":hover"))
    await expect.poll(hovered).toBe(false)
    const indigo = await buttonStyle("backgroundColor")
    const states = inspector().getByRole("radiogroup", { name: "State" })
    await states.getByRole("radio", { name: "hover" }).click()
    await visible(inspector().getByRole("status").getByText(/hover/))
    await saved(async () => {
      await inspector()
        .getByRole("button", { name: /^Background: / })
        .click()
      await inspector()
        .getByRole("group", { name: "Pick background" })
        .getByRole("button", { name: "rose-500", exact: true })
        .click()
    })
    const classes = await buttonClasses()
    expect(classes).toContain("hover:bg-rose-500")
    expect(classes).toContain("bg-indigo-600")
    // The canvas forces the hover state on the button: its background is the rose, and the
    // inspector shows that value and says the state is forced.
    await expect
      .poll(() => buttonStyle("backgroundColor"), { timeout: STEP_MS })
      .toMatch(/0\.246 16\.439/)
    expect(await hovered()).toBe(false)
    await visible(inspector().getByText(/shows the element as hover/))
    await visible(inspector().getByRole("button", { name: /^Background: oklch\(.*16\.439/ }))

    // Back to the default state: the button is indigo again.
    await states.getByRole("radio", { name: "Default" }).click()
    await expect.poll(() => buttonStyle("backgroundColor"), { timeout: STEP_MS }).toBe(indigo)
  })
})
