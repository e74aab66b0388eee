import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { readUrlFlags } from "./flags.ts"
import { type FrameController, startFrame } from "./frame.ts"
import { codebaseId, fakeClock, setBox } from "./frame.test-support.ts"

const MAIN = codebaseId(1)
const NOTE = codebaseId(3)
const NOTE_KEY = `TE_${NOTE}_app_0-0-0-0`

let parentFrame: HTMLIFrameElement
let frame: FrameController

const indicator = () =>
  document.querySelector<HTMLElement>('[data-colorday-frame="insert-indicator"]')!
const parts = () =>
  [...indicator().querySelectorAll<HTMLElement>("[data-insert-indicator]")].map((part) => ({
    part: part.dataset.insertIndicator,
    left: part.style.left,
    top: part.style.top,
    width: part.style.width,
    height: part.style.height,
  }))

beforeEach(async () => {
  document.body.innerHTML = `
    <div id="root">
      <main class="${MAIN}">
        <p class="${NOTE}">Note</p>
      </main>
    </div>`
  parentFrame = document.createElement("iframe")
  document.documentElement.appendChild(parentFrame)
  const parent = parentFrame.contentWindow!
  vi.spyOn(parent, "postMessage").mockImplementation(() => undefined)
  setBox(document.querySelector(`.${MAIN}`)!, { x: 0, y: 0, width: 400, height: 300 })
  setBox(document.querySelector(`.${NOTE}`)!, { x: 10, y: 50, width: 200, height: 20 })
  const time = fakeClock()
  frame = startFrame({
    win: window,
    parent,
    parentOrigin: "http://localhost:4100",
    flags: readUrlFlags(""),
    clock: time.clock,
  })
  for (let i = 0; i < 5 && time.pendingFrames() > 0; i += 1) time.runFrame()
  await frame.navTreeSettled()
})

afterEach(() => {
  frame.dispose()
  parentFrame.remove()
  vi.restoreAllMocks()
})

describe("Add element's drop indicator (showInsertIndicator)", () => {
  it("draws a bar on the element's top edge for before, its bottom edge for after", () => {
    expect(frame.functions.showInsertIndicator(NOTE_KEY, "before")).toBe(true)
    expect(indicator().dataset.position).toBe("before")
    expect(parts()).toEqual([
      { part: "bar", left: "10px", top: "48.5px", width: "200px", height: "3px" },
    ])
    frame.functions.showInsertIndicator(NOTE_KEY, "after")
    expect(parts()).toEqual([
      { part: "bar", left: "10px", top: "68.5px", width: "200px", height: "3px" },
    ])
  })

  it("outlines the element and marks its inner bottom for inside, thinner at a higher zoom", () => {
    frame.functions.setZoomPerc(200)
    frame.functions.showInsertIndicator(NOTE_KEY, "inside")
    expect(parts().map((part) => part.part)).toEqual(["box", "bar"])
    expect(parts()[0]).toMatchObject({ left: "10px", top: "50px", width: "200px", height: "20px" })
    expect(parts()[1]?.height).toBe("1.5px")
  })

  it("is taken away by a null key, and draws nothing for a key that names no element", () => {
    frame.functions.showInsertIndicator(NOTE_KEY, "before")
    expect(frame.functions.showInsertIndicator(null, "inside")).toBe(false)
    expect(parts()).toEqual([])
    expect(frame.functions.showInsertIndicator(`TE_${codebaseId(9)}_app_0-0-5`, "after")).toBe(
      false,
    )
    expect(parts()).toEqual([])
  })

  it("is gone when the frame stops", () => {
    frame.functions.showInsertIndicator(NOTE_KEY, "after")
    frame.dispose()
    expect(indicator()).toBeNull()
    frame = startFrame({
      win: window,
      parent: parentFrame.contentWindow!,
      parentOrigin: "http://localhost:4100",
      flags: readUrlFlags(""),
      clock: fakeClock().clock,
    })
  })

  it("tells where an element dragged from Add element would go at a point, and shows it", () => {
    const note = document.querySelector(`.${NOTE}`)!
    const main = document.querySelector(`.${MAIN}`)!
    let found: Element = note
    // The test's DOM lays nothing out: the element under the point is the one the test names.
    Object.defineProperty(document, "elementFromPoint", {
      configurable: true,
      value: () => found,
    })
    const under = {
      mockReturnValue: (element: Element) => {
        found = element
      },
    }
    // Over the note's top quarter: before it; its middle: inside; its bottom quarter: after.
    under.mockReturnValue(note)
    expect(frame.functions.insertTargetAt({ clientX: 50, clientY: 52 })).toEqual({
      elementKey: NOTE_KEY,
      position: "before",
    })
    expect(indicator().dataset.position).toBe("before")
    expect(frame.functions.insertTargetAt({ clientX: 50, clientY: 60 })).toMatchObject({
      position: "inside",
    })
    expect(frame.functions.insertTargetAt({ clientX: 50, clientY: 69 })).toMatchObject({
      position: "after",
    })
    expect(parts()[0]).toMatchObject({ part: "bar", top: "68.5px" })
    // Over the main element, around the note: the main one.
    under.mockReturnValue(main)
    const target = frame.functions.insertTargetAt({ clientX: 300, clientY: 150 }) as {
      elementKey: string
    }
    expect(target.elementKey).toMatch(new RegExp(`^TE_${MAIN}_`))
    // Over nothing of the app: nowhere, and the indicator goes.
    under.mockReturnValue(document.body)
    expect(frame.functions.insertTargetAt({ clientX: 500, clientY: 500 })).toBeNull()
    expect(parts()).toEqual([])
    Reflect.deleteProperty(document, "elementFromPoint")
  })
})
