import { waitFor } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  BUTTON_ID,
  BUTTON_KEY,
  CARD_KEY,
  mutationResult,
  renderEditor,
  SAMPLE_TREE,
  SECTION_KEY,
  server,
  TITLE_ID,
  TITLE_KEY,
} from "../test/editor-harness.tsx"

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

/** The bodies of the moves the editor sent the server. */
const recordMoves = () => {
  const moves: Array<{ afterElement?: { codebaseId?: string } }> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/*/moveJsxElement", async ({ request }) => {
      moves.push((await request.json()) as (typeof moves)[number])
      return HttpResponse.json(mutationResult())
    }),
  )
  return moves
}

type Node = { tempoElementKey: string; children: ReadonlyArray<Node> } & Record<string, unknown>

/** The sample tree after a hot reload that put the button first in its section. */
const buttonFirst = (): Node => {
  const tree = structuredClone(SAMPLE_TREE) as unknown as Node
  const section = tree.children[0]!
  const [title, button, card] = section.children
  const at = (node: Node | undefined, key: string) => ({ ...node!, tempoElementKey: key })
  return {
    ...tree,
    children: [
      {
        ...section,
        children: [
          at(button, `TE_${BUTTON_ID}_app_0-0-0`),
          at(title, `TE_${TITLE_ID}_app_0-0-1`),
          at(card, CARD_KEY),
        ],
      },
    ],
  }
}

describe("a shortcut pressed on a selection the tree does not have yet", () => {
  it("runs once the tree that has it arrives (Alt+↓ on the element a hot reload just moved)", async () => {
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const moves = recordMoves()
    // The page shows the button first already; a click there selects it under its new key.
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: `TE_${BUTTON_ID}_app_0-0-0` })
    frame.emit("KEY_DOWN", { key: "ArrowDown", altKey: true })
    frame.emit("NAV_TREE", { navTree: buttonFirst(), outerHTML: "<body></body>" })
    await waitFor(() => expect(moves).toHaveLength(1))
    // Down past the title, its next sibling in the page as it is now.
    expect(moves[0]?.afterElement?.codebaseId).toBe(TITLE_ID)
  })

  it("is dropped when another element is chosen before that tree comes", async () => {
    const { frame, session } = renderEditor({ select: BUTTON_KEY })
    const moves = recordMoves()
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: `TE_${BUTTON_ID}_app_0-0-0` })
    frame.emit("KEY_DOWN", { key: "ArrowDown", altKey: true })
    session.select(SECTION_KEY)
    frame.emit("NAV_TREE", { navTree: buttonFirst(), outerHTML: "<body></body>" })
    frame.emit("KEY_DOWN", { key: "ArrowUp", altKey: true }) // the section has no sibling: nothing
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(moves).toEqual([])
  })
})
