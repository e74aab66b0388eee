import { describe, expect, it } from "vitest"
import { BUTTON_KEY, renderEditor, TITLE_KEY } from "../test/editor-harness.tsx"

/**
 * The editor and the document in the canvas agree on the selection when that document is new: a
 * reload (Vite reloads the app now and then) starts the frame with none.
 */
describe("a document that says FRAME_READY again", () => {
  it("is given the editor's selection after initProject", () => {
    const { frame } = renderEditor({ select: BUTTON_KEY })
    frame.calls.length = 0
    frame.emit("FRAME_READY", { href: "http://127.0.0.1:5173/", driveMode: false })
    expect(frame.calls.map((call) => call.name)).toEqual(["initProject", "setSelectedElement"])
    expect(frame.calls[1]?.args).toEqual([BUTTON_KEY])
  })

  it("is given the editor's multi-selection", () => {
    const { frame } = renderEditor({ select: BUTTON_KEY })
    frame.emit("MULTI_SELECTED_ELEMENT_KEYS", { elementKeys: [BUTTON_KEY, TITLE_KEY] })
    frame.calls.length = 0
    frame.emit("FRAME_READY", { href: "http://127.0.0.1:5173/", driveMode: false })
    expect(frame.calls.map((call) => call.name)).toEqual([
      "initProject",
      "setMultiselectedElementKeys",
    ])
    expect(frame.calls[1]?.args).toEqual([[BUTTON_KEY, TITLE_KEY]])
  })

  it("is left alone when nothing is selected", () => {
    const { frame } = renderEditor()
    frame.calls.length = 0
    frame.emit("FRAME_READY", { href: "http://127.0.0.1:5173/", driveMode: false })
    expect(frame.calls.map((call) => call.name)).toEqual(["initProject"])
  })
})
