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
 * The editor journey of issue 9, in a real Chromium: `colorday editor` as a process (a fresh copy
 * of the sample app, its Vite dev server with our plugin and the frame, the Colorday server with
 * the canvas and a token), the editor opened at the one URL it prints. In one tab: a message from
 * a foreign origin changes nothing; a Tailwind class added in the inspector shows in the iframe and
 * lands in the file; an element dragged in the canvas moves in the file; a text edited in the
 * canvas is written; two siblings are wrapped in a div; one element is deleted; and undoing every
 * change brings every file back to its first bytes.
 */

/** The class the journey adds: not in the sample app anywhere. */
const ADDED_CLASS = "tracking-widest"

describe.skipIf(!chromiumAvailable)("the editor journey", () => {
  const session = useBrowser()
  let opened: EditorPage
  let editor: EditorProcess
  let page: Page
  let canvas: FrameLocator
  const appFile = () => readFile(join(editor.root, "src/App.tsx"), "utf8")

  const changes = () => page.getByRole("list", { name: "Changes" })
  const toolbar = () => page.getByRole("toolbar", { name: "Editing tools" })
  const inspector = () => page.getByRole("complementary", { name: "Inspector" })

  const savedCount = () => changes().locator('li[data-state="saved"]').count()

  /**
   * Runs one step's action, then waits until its change is saved (one more than before, none
   * failed, no frame call failed), and until the frame has sent a nav tree built on the versions
   * the change wrote: the hot reload carrying it has arrived and the canvas and the layers show
   * the file as it is.
   */
  const saved = (action: () => Promise<void>) => savedStep(opened)(action)

  /** Clicks an element of the app in the canvas (a plain click selects it). */
  const select = (target: Locator, modifiers: Array<"Shift"> = []) =>
    selectInCanvas(opened, target, { modifiers })

  const selectedName = () => inspector().locator("p").first().innerText()

  beforeAll(async () => {
    opened = await openEditorPage(session)
    ;({ editor, page, canvas } = opened)
  }, 180_000)

  afterAll(() => opened?.close())

  test("the token left the address bar, and the app runs in the iframe", async () => {
    expect(page.url()).not.toContain("token=")
    await visible(canvas.getByRole("heading", { name: "Today's tasks" }))
  })

  test("messages from a foreign origin are ignored by the editor and by the frame", async () => {
    const titleKey = await page
      .getByRole("tree", { name: "Page elements" })
      .getByText("h1", { exact: true })
      .evaluate((element) => element.closest("[data-key]")?.getAttribute("data-key") ?? "")
    expect(titleKey).toMatch(/^TE_tempo-/)
    // To the editor: frame-shaped, but from the editor's own window and origin.
    await page.evaluate((key) => {
      window.postMessage(
        {
          source: "colorday-frame",
          id: "forged",
          type: "SELECTED_ELEMENT_KEY",
          payload: { elementKey: key },
        },
        "*",
      )
    }, titleKey)
    // To the frame: a command from the app's own window, not from the editor at its origin.
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())
    expect(frame).toBeDefined()
    await frame!.evaluate(() => {
      window.postMessage(
        {
          id: "forged",
          type: "executeFunction",
          payload: { functionName: "enableDriveMode", args: [] },
        },
        "*",
      )
    })
    // Messages from one window to another arrive in the order sent: once a marker posted after
    // the forged message has arrived in each window, the forged one has been handled there; two
    // animation frames later the editor has rendered whatever it did with it.
    const handled = () =>
      new Promise<void>((resolve) => {
        const marker = `e2e-marker-${Math.random()}`
        const onMessage = (event: MessageEvent<unknown>) => {
          if (event.data !== marker) return
          window.removeEventListener("message", onMessage)
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()))
        }
        window.addEventListener("message", onMessage)
        window.postMessage(marker, "*")
      })
    await frame!.evaluate(handled)
    await page.evaluate(handled)
    await visible(inspector().getByText(/Select an element/))
    expect(await frame!.evaluate(() => sessionStorage.getItem("colorday-frame:driveMode"))).toBe(
      null,
    )
    expect(
      await page.getByRole("switch", { name: "Drive mode" }).getAttribute("aria-checked"),
    ).toBe("false")
  })

  test("a Tailwind class added in the inspector shows in the iframe at once and lands in the file", async () => {
    const button = canvas.getByRole("button", { name: "Get started" })
    await select(button)
    await expect.poll(selectedName).toContain("button")
    const letterSpacing = () =>
      button.evaluate((element) => getComputedStyle(element).letterSpacing)
    expect(await letterSpacing()).toBe("normal")
    // The server gets the change only once the preview has been seen: what shows until then
    // is the frame's instant update alone, with no hot reload to help it.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const addClass = "**/parseAndMutate/mutate/addClass"
    await page.route(addClass, async (route) => {
      await held
      await route.continue()
    })
    const input = inspector().getByRole("combobox", { name: "Add a class" })
    await saved(async () => {
      await input.fill(ADDED_CLASS)
      await input.press("Enter")
      await expect
        .poll(() => button.getAttribute("class"), { timeout: STEP_MS })
        .toContain(ADDED_CLASS)
      // The class's own style (0.1em), which the page has no rule for yet.
      await expect.poll(letterSpacing, { timeout: STEP_MS }).not.toBe("normal")
      expect(await appFile()).not.toContain(ADDED_CLASS)
      release()
    })
    await page.unroute(addClass)
    expect(await appFile()).toContain(ADDED_CLASS)
    expect(await letterSpacing()).not.toBe("normal")
  })

  test("padding set while previewing md is written as the md: variant", async () => {
    const button = canvas.getByRole("button", { name: "Get started" })
    await select(button)
    await expect.poll(selectedName).toContain("button")
    const previewAt = toolbar().getByLabel("Preview at")
    await previewAt.selectOption("md")
    await expect.poll(() => button.evaluate(() => window.innerWidth)).toBe(768)
    await visible(toolbar().getByText("Styles: md and up"))
    await saved(async () => {
      await inspector().getByLabel("Padding", { exact: true }).fill("24px")
      await inspector().getByLabel("Padding", { exact: true }).press("Enter")
    })
    expect(await appFile()).toMatch(/className="[^"]*\bmd:p-6\b[^"]*"[^>]*>\s*Get started/)
    // At md and up the button has the new padding; the base padding is left to smaller widths.
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).paddingTop)).toBe("24px")
    await previewAt.selectOption("fit")
    await visible(toolbar().getByText("Styles: all sizes"))
  })

  test("an element dragged above its sibling moves in the file", async () => {
    const button = canvas.getByRole("button", { name: "Get started" })
    const heading = canvas.getByRole("heading", { name: "About" })
    const from = (await (await visible(button)).boundingBox())!
    const to = (await (await visible(heading)).boundingBox())!
    await saved(async () => {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
      await page.mouse.down()
      // Past the 20 px threshold, in steps, to just above the heading's middle.
      await page.mouse.move(from.x + from.width / 2, from.y - 30, { steps: 5 })
      await page.mouse.move(to.x + 10, to.y + 2, { steps: 10 })
      await page.mouse.up()
    })
    const text = await appFile()
    expect(text.indexOf("Get started")).toBeLessThan(text.indexOf(">About<"))
  })

  test("a text edited in the canvas is written to the file", async () => {
    const heading = canvas.getByRole("heading", { name: "About" })
    await select(heading)
    await expect.poll(selectedName).toContain("h2")
    await saved(async () => {
      // A double-click edits the text in place (a plain click only selects); Enter ends the edit.
      await heading.dblclick()
      await expect.poll(() => heading.getAttribute("contenteditable")).toBe("plaintext-only")
      await page.keyboard.press("ControlOrMeta+A")
      await page.keyboard.type("About us")
      await page.keyboard.press("Enter")
    })
    expect(await appFile()).toContain(">About us<")
  })

  test("two siblings are wrapped in a div", async () => {
    const divs = async () => (await appFile()).match(/<div/g)?.length ?? 0
    const before = await divs()
    await select(canvas.getByText("Every element here can be edited from the canvas."))
    await select(canvas.getByRole("heading", { name: "About us" }), ["Shift"])
    await visible(inspector().getByText("2 Elements selected", { exact: false }))
    await saved(() => toolbar().getByRole("button", { name: "Wrap in div" }).click())
    expect(await divs()).toBe(before + 1)
  })

  test("an element is deleted", async () => {
    await select(canvas.getByRole("button", { name: "Get started" }))
    await expect.poll(selectedName).toContain("button")
    await saved(() => toolbar().getByRole("button", { name: "Delete" }).click())
    expect(await appFile()).not.toContain("Get started")
    expect(await canvas.getByRole("button", { name: "Get started" }).count()).toBe(0)
  })

  test("a component with required props is added through its form (the last test undoes it)", async () => {
    await select(canvas.getByRole("heading", { name: "About us" }))
    await expect.poll(selectedName).toContain("h2")
    // The dialog hides the rest of the editor from assistive technology (the change list too):
    // the count of saved changes is taken before it opens.
    await saved(async () => {
      await toolbar().getByRole("button", { name: "Add element" }).click()
      await page.getByRole("menuitem", { name: "<Badge />" }).click()
      const form = page.getByRole("dialog", { name: "Add <Badge />" })
      await form.getByLabel(/^label/).fill("Due today")
      await form.getByLabel(/^tone/).selectOption("gray")
      await form.getByRole("button", { name: "Add Badge" }).click()
      await expect.poll(() => form.count(), { timeout: STEP_MS }).toBe(0)
    })
    const text = await appFile()
    expect(text).toContain('<Badge label="Due today" tone="gray" />')
    expect(text).toMatch(/import \{ Badge \} from "\.\/components\/Badge(\.tsx)?"/)
    await visible(canvas.getByText("Due today"))
  })

  test("undoing everything brings every file back to its first bytes", async () => {
    const undo = toolbar().getByRole("button", { name: "Undo" })
    const edits = await savedCount()
    expect(edits).toBeGreaterThan(0)
    for (let done = 0; done < edits; done += 1) {
      await expect.poll(() => undo.isEnabled(), { timeout: STEP_MS }).toBe(true)
      await saved(() => undo.click())
    }
    expect(await undo.isEnabled()).toBe(false)
    const now = await filesOf(editor.root)
    expect([...now.keys()].sort()).toEqual([...opened.initial.keys()].sort())
    for (const [path, text] of opened.initial) expect(now.get(path), path).toBe(text)
    await visible(canvas.getByRole("button", { name: "Get started" }))
    // Every preview went with the hot reload that carried its change: no temporary class is left.
    await expect
      .poll(() => canvas.locator('[class*="arb89-"]').count(), { timeout: STEP_MS })
      .toBe(0)
  })
})
