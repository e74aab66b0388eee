import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { readUrlFlags } from "./flags.ts"
import { type FrameController, STYLE_REPORT_DELAY_MS, startFrame } from "./frame.ts"
import { codebaseId, fakeClock } from "./frame.test-support.ts"
import type { FrameMessage } from "./protocol.ts"
import type { ComputedStylesReport } from "./style-report.ts"
import { MODIFIER_PREVIEW_CLASS } from "./temporary.ts"

/**
 * The selected element's computed styles, reported to the parent (COMPUTED_STYLES) when it is
 * selected, after an edit's preview and when the page's CSS changes; the state switch's forced
 * preview; the app's colour tokens.
 */

const PARENT_ORIGIN = "http://localhost:4100"
const MAIN = codebaseId(1)
const BUTTON = codebaseId(2)
const MAIN_KEY = `TE_${MAIN}_app_0-0-0`
const BUTTON_KEY = `TE_${BUTTON}_app_0-0-0-0`

let parentFrame: HTMLIFrameElement
let posted: Array<FrameMessage>
let frame: FrameController
let time: ReturnType<typeof fakeClock>
let sheet: HTMLStyleElement

const reports = () =>
  posted
    .filter((message) => message.type === "COMPUTED_STYLES")
    .map((message) => message.payload as ComputedStylesReport)
const lastReport = () => reports().at(-1)
const button = () => document.querySelector<HTMLElement>(`.${BUTTON}`)!

/** Lets the debounced report run, and any nav tree build the change started. */
const settle = async () => {
  for (let round = 0; round < 5; round += 1) {
    time.advance(STYLE_REPORT_DELAY_MS + 400)
    while (time.pendingFrames() > 0) time.runFrame()
    await frame.navTreeSettled()
  }
}

beforeEach(async () => {
  sheet = document.createElement("style")
  sheet.textContent = `
    :root { --color-brand: #0ea5e9; --color-slate-50: #f8fafc; --spacing: 0.25rem; --primary: #111827; }
    .bg-primary { background-color: var(--primary); }
    .text-sm { font-size: 14px; }
    .text-brand { color: var(--color-brand); }
    .px-3 { padding-left: 12px; padding-right: 12px; }
    .py-1 { padding-top: 4px; padding-bottom: 4px; }
    .rounded { border-top-left-radius: 4px; }
    .bg-indigo-600 { background-color: rgb(79, 70, 229); }
    .hover\\:bg-rose-500:hover { background-color: rgb(244, 63, 94); }
    .focus\\:opacity-50:focus { opacity: 0.5; }`
  document.head.appendChild(sheet)
  document.body.innerHTML = `
    <div id="root">
      <main class="${MAIN}">
        <button class="${BUTTON} rounded bg-indigo-600 px-3 py-1 hover:bg-rose-500 focus:opacity-50">Go</button>
      </main>
    </div>`
  parentFrame = document.createElement("iframe")
  document.documentElement.appendChild(parentFrame)
  const parent = parentFrame.contentWindow!
  posted = []
  vi.spyOn(parent, "postMessage").mockImplementation((message: unknown) => {
    posted.push(message as FrameMessage)
  })
  time = fakeClock()
  frame = startFrame({
    win: window,
    parent,
    parentOrigin: PARENT_ORIGIN,
    flags: readUrlFlags(""),
    clock: time.clock,
  })
  await settle()
})

afterEach(() => {
  frame.dispose()
  parentFrame.remove()
  sheet.remove()
  vi.restoreAllMocks()
})

describe("the computed styles report", () => {
  it("reports the selected element's padding per side, as the page computes it", async () => {
    frame.functions.setSelectedElement(BUTTON_KEY)
    await settle()
    const report = lastReport()
    expect(report?.elementKey).toBe(BUTTON_KEY)
    expect(report?.styles).toMatchObject({
      "padding-top": "4px",
      "padding-right": "12px",
      "padding-bottom": "4px",
      "padding-left": "12px",
      "background-color": "rgb(79, 70, 229)",
      "border-top-left-radius": "4px",
    })
    expect(report?.state).toEqual({ modifiers: [], forced: 0 })
  })

  it("reports again after an edit's preview changes the element, and not when nothing changed", async () => {
    frame.functions.setSelectedElement(BUTTON_KEY)
    await settle()
    const before = reports().length
    frame.functions.applyChangeItemToDocument(
      {
        id: "c1",
        type: "ADD_CLASS",
        changeFields: {
          codebaseIdToAddClass: BUTTON,
          className: "pt-6",
          stylingFramework: "Tailwind",
        },
      },
      { "padding-top": "24px" },
    )
    await settle()
    expect(reports().length).toBe(before + 1)
    expect(lastReport()?.styles["padding-top"]).toBe("24px")
    // Nothing changed since: no report repeats the last.
    frame.functions.updateOutlines()
    await settle()
    expect(reports().length).toBe(before + 1)
  })

  it("follows the page's style sheets when they change (a hot reload of the CSS)", async () => {
    frame.functions.setSelectedElement(BUTTON_KEY)
    await settle()
    sheet.textContent = `.py-1 { padding-top: 6px; padding-bottom: 6px; }`
    await settle()
    expect(lastReport()?.styles["padding-top"]).toBe("6px")
    expect(lastReport()?.styles["padding-left"]).not.toBe("12px")
  })

  it("reports no styles once nothing is selected", async () => {
    frame.functions.setSelectedElement(BUTTON_KEY)
    await settle()
    frame.functions.setSelectedElement(null)
    await settle()
    expect(lastReport()).toMatchObject({ elementKey: null, styles: {} })
  })

  it("lists the app's colour tokens: its root --color-* properties, then its utilities' variables", async () => {
    frame.functions.setSelectedElement(MAIN_KEY)
    await settle()
    expect(lastReport()?.themeColours).toEqual([
      { name: "--color-brand", value: "#0ea5e9" },
      { name: "--color-slate-50", value: "#f8fafc" },
      // A token shadcn/ui's `@theme inline` maps: only its utility names it.
      { name: "--color-primary", value: "#111827" },
    ])
  })
})

describe("the state switch's forced preview", () => {
  it("forces the element's hover rules while hover is on, and reports the hovered values", async () => {
    frame.functions.setSelectedElement(BUTTON_KEY)
    frame.functions.setModifiersForSelectedElement(["hover"], BUTTON_KEY)
    expect(button().classList.contains(MODIFIER_PREVIEW_CLASS)).toBe(true)
    await settle()
    expect(lastReport()?.state).toEqual({ modifiers: ["hover"], forced: 1 })
    expect(lastReport()?.styles["background-color"]).toBe("rgb(244, 63, 94)")

    // Another state: the focus rule, not the hover one.
    frame.functions.setModifiersForSelectedElement(["focus"], BUTTON_KEY)
    await settle()
    expect(lastReport()?.styles["background-color"]).toBe("rgb(79, 70, 229)")
    expect(lastReport()?.styles.opacity).toBe("0.5")

    frame.functions.setModifiersForSelectedElement([], BUTTON_KEY)
    await settle()
    expect(button().classList.contains(MODIFIER_PREVIEW_CLASS)).toBe(false)
    expect(lastReport()?.state).toEqual({ modifiers: [], forced: 0 })
  })

  it("forces a hover edit's own preview before the hot reload brings its class", async () => {
    frame.functions.setSelectedElement(BUTTON_KEY)
    frame.functions.setModifiersForSelectedElement(["hover"], BUTTON_KEY)
    frame.functions.applyChangeItemToDocument(
      {
        id: "c2",
        type: "ADD_CLASS",
        changeFields: {
          codebaseIdToAddClass: BUTTON,
          className: "bg-emerald-500",
          stylingFramework: "Tailwind",
          modifiers: ["hover"],
        },
      },
      { "background-color": "rgb(16, 185, 129)" },
    )
    await settle()
    expect(button().classList.contains("hover:bg-emerald-500")).toBe(true)
    expect(lastReport()?.styles["background-color"]).toBe("rgb(16, 185, 129)")
    expect(lastReport()?.state.forced).toBe(2)
  })

  it("says nothing is forced for a state the element has no rules for", async () => {
    frame.functions.setSelectedElement(MAIN_KEY)
    frame.functions.setModifiersForSelectedElement(["disabled"], MAIN_KEY)
    await settle()
    expect(lastReport()?.state).toEqual({ modifiers: ["disabled"], forced: 0 })
    expect(document.querySelectorAll(`.${MODIFIER_PREVIEW_CLASS}`)).toHaveLength(0)
  })
})
