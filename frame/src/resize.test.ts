import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { readUrlFlags } from "./flags.ts"
import { type FrameController, startFrame } from "./frame.ts"
import { codebaseId, fakeClock, setBox } from "./frame.test-support.ts"
import type { FrameMessage } from "./protocol.ts"
import { resizedSize } from "./resize.ts"

const PARENT_ORIGIN = "http://localhost:4100"
const MAIN = codebaseId(1)
const CARD = codebaseId(2)
const NOTE = codebaseId(3)
const CARD_KEY = `TE_${CARD}_app_0-0-0-0`

let parentFrame: HTMLIFrameElement
let posted: Array<FrameMessage>
let frame: FrameController

const sent = (type: string) => posted.filter((message) => message.type === type)
const el = (id: string) => document.querySelector<HTMLElement>(`.${id}`)!
const handle = (name: string) =>
  document.querySelector<HTMLElement>(`[data-resize-handle="${name}"]`)
const mouse = (target: EventTarget, type: string, x: number, y: number, init = {}) =>
  target.dispatchEvent(
    new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 0, buttons: 1, ...init }),
  )
const select = (id: string) => {
  mouse(el(id), "mousedown", 5, 5)
  mouse(el(id), "mouseup", 5, 5)
  mouse(el(id), "click", 5, 5)
}
/** Presses `name` at (x, y), moves to (toX, toY) and lets go there. */
const dragHandle = (name: string, x: number, y: number, toX: number, toY: number, init = {}) => {
  mouse(handle(name)!, "mousedown", x, y)
  mouse(document.body, "mousemove", toX, toY, init)
  mouse(document.body, "mouseup", toX, toY, { buttons: 0, ...init })
}

beforeEach(async () => {
  document.body.innerHTML = `
    <div id="root">
      <main class="${MAIN}">
        <div class="${CARD} w-40" style="width: 10px">Card</div>
        <p class="${NOTE}">Note</p>
      </main>
    </div>`
  parentFrame = document.createElement("iframe")
  document.documentElement.appendChild(parentFrame)
  const parent = parentFrame.contentWindow!
  posted = []
  vi.spyOn(parent, "postMessage").mockImplementation((message: unknown) => {
    posted.push(message as FrameMessage)
  })
  setBox(el(MAIN), { x: 0, y: 0, width: 400, height: 300 })
  setBox(el(CARD), { x: 0, y: 0, width: 160, height: 40 })
  setBox(el(NOTE), { x: 0, y: 50, width: 400, height: 20 })
  sessionStorage.clear()
  const time = fakeClock()
  frame = startFrame({
    win: window,
    parent,
    parentOrigin: PARENT_ORIGIN,
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

describe("resizedSize", () => {
  it("changes the width by the right edge, the height by the bottom edge, both by the corner", () => {
    const start = { width: 160, height: 40 }
    expect(resizedSize(start, "right", 30, 99)).toEqual({ width: 190, height: 40 })
    expect(resizedSize(start, "bottom", 99, 12)).toEqual({ width: 160, height: 52 })
    expect(resizedSize(start, "corner", -10, 5.4)).toEqual({ width: 150, height: 45 })
  })

  it("keeps the ratio with Shift on the corner, and never goes below one pixel", () => {
    expect(resizedSize({ width: 200, height: 100 }, "corner", 100, 10, true)).toEqual({
      width: 300,
      height: 150,
    })
    expect(resizedSize({ width: 200, height: 100 }, "corner", 0, 50, true)).toEqual({
      width: 300,
      height: 150,
    })
    expect(resizedSize({ width: 20, height: 20 }, "right", -500, 0)).toEqual({
      width: 1,
      height: 20,
    })
  })
})

describe("resize handles", () => {
  it("draws the right, bottom and corner handles on the selected element's box only", () => {
    expect(handle("right")).toBeNull()
    select(CARD)
    expect(handle("right")?.style.left).toBe("156px")
    expect(handle("right")?.style.top).toBe("16px")
    expect(handle("bottom")?.style.left).toBe("76px")
    expect(handle("bottom")?.style.top).toBe("36px")
    expect(handle("corner")?.style.left).toBe("156px")
    expect(handle("corner")?.style.top).toBe("36px")
    expect(handle("corner")?.style.pointerEvents).toBe("auto")
    // Not on a multi-selection, nor in drive mode.
    mouse(el(NOTE), "click", 5, 55, { shiftKey: true })
    expect(frame.state.multiSelectedElementKeys).toHaveLength(2)
    expect(handle("right")).toBeNull()
    select(CARD)
    frame.functions.enableDriveMode()
    expect(handle("right")).toBeNull()
  })

  it("previews the width while the right edge is dragged, tells the parent on release", () => {
    select(CARD)
    mouse(handle("right")!, "mousedown", 160, 20)
    mouse(document.body, "mousemove", 317, 90)
    expect(el(CARD).style.width).toBe("317px")
    expect(el(CARD).style.height).toBe("")
    mouse(document.body, "mouseup", 317, 90, { buttons: 0 })
    expect(sent("RESIZE_END").map((message) => message.payload)).toEqual([
      { elementKey: CARD_KEY, handle: "right", width: 317 },
    ])
    // The click that follows the release selects nothing else.
    mouse(document.body, "click", 317, 90)
    expect(frame.state.selectedElementKey).toBe(CARD_KEY)
    // The preview stays until the parent's own preview of the class is in place.
    expect(el(CARD).style.width).toBe("317px")
    expect(frame.functions.endResizePreview()).toBe(true)
    expect(el(CARD).style.width).toBe("10px")
  })

  it("resizes both sides by the corner, keeping the ratio with Shift", () => {
    select(CARD)
    dragHandle("corner", 160, 40, 320, 50, { shiftKey: true })
    expect(sent("RESIZE_END").at(-1)?.payload).toEqual({
      elementKey: CARD_KEY,
      handle: "corner",
      width: 320,
      height: 80,
    })
    expect(el(CARD).style.height).toBe("80px")
  })

  it("sends nothing and restores the element on Escape or when nothing moved", () => {
    select(CARD)
    mouse(handle("bottom")!, "mousedown", 80, 40)
    mouse(document.body, "mousemove", 80, 100)
    expect(el(CARD).style.height).toBe("100px")
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }))
    expect(el(CARD).style.height).toBe("")
    mouse(document.body, "mouseup", 80, 100, { buttons: 0 })
    dragHandle("bottom", 80, 40, 80, 40)
    expect(sent("RESIZE_END")).toHaveLength(0)
    expect(el(CARD).style.width).toBe("10px")
  })
})
