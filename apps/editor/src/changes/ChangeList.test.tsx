import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  BUTTON_ID,
  BUTTON_KEY,
  SECTION_ID,
  SECTION_KEY,
  TITLE_ID,
  TITLE_KEY,
  mutationResult,
  renderEditor,
  SAMPLE_TREE,
  server,
} from "../test/editor-harness.tsx"

/** An answer that never comes until `release` is called. */
const held = () => {
  let release: () => void = () => {}
  const until = new Promise<void>((resolve) => (release = resolve))
  return { until, release: () => release() }
}

const changes = () => screen.getByRole("list", { name: "Changes" })
const toolbar = () => screen.getByRole("toolbar", { name: "Editing tools" })

describe("the change list", () => {
  it("shows each change pending while the server works, then saved", async () => {
    const answer = held()
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/removeJsxElement", async () => {
        await answer.until
        return HttpResponse.json(mutationResult())
      }),
    )
    const { session } = renderEditor({ select: TITLE_KEY })
    const user = userEvent.setup()
    expect(screen.getByText("No changes yet.")).toBeTruthy()
    await user.click(within(toolbar()).getByRole("button", { name: "Delete" }))

    const item = await within(changes()).findByRole("listitem", { name: "Remove element: Saving…" })
    expect(item.getAttribute("data-state")).toBe("pending")
    expect(within(item).getByText("previewed")).toBeTruthy()
    answer.release()
    await within(changes()).findByRole("listitem", { name: "Remove element: Saved" })
    expect(session.getSnapshot().ledger[0]).toMatchObject({
      type: "REMOVE_JSX",
      changeFields: { codebaseIdsToRemove: [TITLE_ID] },
      processing: { stage: "consumed", outcome: "succeeded" },
      instantUpdate: { status: "finished", successful: true },
    })
  })

  it("shows a refused change as failed beside the saved ones, newest first", async () => {
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/duplicate", () =>
        HttpResponse.json(mutationResult()),
      ),
      http.post("*/canvases/sample/parseAndMutate/mutate/wrapInDiv", () =>
        HttpResponse.json(
          { code: "UNSUPPORTED_EDIT", message: "These elements are not siblings in the source" },
          { status: 422 },
        ),
      ),
    )
    renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    await user.click(within(toolbar()).getByRole("button", { name: "Duplicate" }))
    await within(changes()).findByRole("listitem", { name: "Duplicate: Saved" })
    await user.click(within(toolbar()).getByRole("button", { name: "Wrap in div" }))
    const failed = await within(changes()).findByRole("listitem", { name: "Wrap in div: Failed" })
    expect(failed.getAttribute("data-state")).toBe("failed")
    expect(
      within(changes())
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-label")),
    ).toEqual(["Wrap in div: Failed", "Duplicate: Saved"])
  })

  it("undoes and redoes through the server, the undo previewed in the frame", async () => {
    const paths: Array<string> = []
    server.use(
      http.post("*/canvases/sample/parseAndMutate/*", ({ request }) => {
        paths.push(new URL(request.url).pathname.split("/").pop() ?? "")
        return HttpResponse.json(mutationResult())
      }),
    )
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    const undo = within(toolbar()).getByRole("button", { name: "Undo" })
    expect((undo as HTMLButtonElement).disabled).toBe(true)
    await user.type(screen.getByRole("combobox", { name: "Add a class" }), "italic{Enter}")
    await waitFor(() => expect((undo as HTMLButtonElement).disabled).toBe(false))
    await user.click(undo)
    await within(changes()).findByRole("listitem", { name: "Undo: Saved" })
    const redo = within(toolbar()).getByRole("button", { name: "Redo" })
    await waitFor(() => expect((redo as HTMLButtonElement).disabled).toBe(false))
    await user.click(redo)
    await within(changes()).findByRole("listitem", { name: "Redo: Saved" })
    expect(paths).toEqual(["addClass", "undoChangeToFiles", "redoChangeToFiles"])
    expect(frame.previews().map((item) => item.type)).toEqual(["ADD_CLASS", "UNDO", "REDO"])
    expect(frame.previews()[1]?.changeFields).toMatchObject({
      changeToUndo: { type: "ADD_CLASS", instantUpdateSuccessful: true },
    })
  })

  it("forwards the server's old → new codebase ids and the files written to the frame, and follows the selection", async () => {
    const renamed = "tempo-55555555-5555-5555-8555-555555555555"
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/addClass", () =>
        HttpResponse.json(mutationResult({ [BUTTON_ID]: renamed })),
      ),
    )
    const { frame, session } = renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    await user.type(screen.getByRole("combobox", { name: "Add a class" }), "italic{Enter}")
    await waitFor(() =>
      expect(frame.calls).toContainEqual({
        name: "updateCodebaseIds",
        args: [{ [BUTTON_ID]: renamed }, [{ path: "src/App.tsx", fileHash: "abc" }]],
      }),
    )
    expect(session.getSnapshot().selectedKey).toBe(`TE_${renamed}_app_0-0-1`)
  })

  it("sends with each edit the file versions the canvas shows: its own writes, then the nav tree's", async () => {
    const bodies: Array<Record<string, unknown>> = []
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/addClass", async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>)
        return HttpResponse.json(mutationResult())
      }),
    )
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    const input = screen.getByRole("combobox", { name: "Add a class" })
    await user.type(input, "italic{Enter}")
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).not.toHaveProperty("seenFileHashes")
    await screen.findByRole("listitem", { name: "Add class: Saved" })
    await user.type(input, "underline{Enter}")
    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies[1]?.seenFileHashes).toEqual({ "src/App.tsx": "abc" })
    // Someone saved the file in their own editor: the hot reload's version, in the next tree.
    frame.emit("NAV_TREE", {
      navTree: SAMPLE_TREE,
      outerHTML: "<body></body>",
      fileVersions: { "src/App.tsx": "saved-on-disk" },
    })
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: BUTTON_KEY })
    await waitFor(() =>
      expect(screen.getAllByRole("listitem", { name: "Add class: Saved" })).toHaveLength(2),
    )
    await user.type(input, "uppercase{Enter}")
    await waitFor(() => expect(bodies).toHaveLength(3))
    expect(bodies[2]?.seenFileHashes).toEqual({ "src/App.tsx": "saved-on-disk" })
  })

  it("selects in the frame from the layers, and shows the frame's selection in the layers", async () => {
    const { frame } = renderEditor()
    const user = userEvent.setup()
    const layers = screen.getByRole("tree", { name: "Page elements" })
    await user.click(within(layers).getByText("h2"))
    expect(frame.calls).toContainEqual({ name: "setSelectedElement", args: [TITLE_KEY] })
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: SECTION_KEY })
    const selected = within(layers)
      .getAllByRole("treeitem")
      .filter((item) => item.getAttribute("aria-selected") === "true")
    expect(selected.map((item) => item.dataset.key)).toEqual([SECTION_KEY])
  })
})

describe("edits made in the canvas", () => {
  it("turns the frame's drop into a move: previewed by the frame, then sent with its neighbours", async () => {
    const bodies: Array<unknown> = []
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/moveJsxElement", async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(mutationResult())
      }),
    )
    const { frame } = renderEditor()
    frame.emit("DRAG_END", {
      elementKey: BUTTON_KEY,
      parentElementKey: SECTION_KEY,
      beforeElementKey: TITLE_KEY,
      afterElementKey: null,
      index: 0,
      moved: true,
    })
    await within(changes()).findByRole("listitem", { name: "Move element: Saved" })
    expect(frame.calls).toContainEqual({ name: "tempMoveElement", args: [BUTTON_KEY, 0] })
    expect(bodies[0]).toMatchObject({
      elementToMove: { codebaseId: BUTTON_ID },
      newContainerElement: { codebaseId: SECTION_ID },
      beforeElement: { codebaseId: TITLE_ID },
      expectedCurrentParent: { codebaseId: SECTION_ID },
    })
  })

  it("takes the frame's temporary move back when the server refuses the move", async () => {
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/moveJsxElement", () =>
        HttpResponse.json(
          { code: "UNSUPPORTED_EDIT", message: "width would be unresolved where it lands" },
          { status: 422 },
        ),
      ),
    )
    const { frame } = renderEditor()
    frame.emit("DRAG_END", {
      elementKey: BUTTON_KEY,
      parentElementKey: SECTION_KEY,
      beforeElementKey: TITLE_KEY,
      afterElementKey: null,
      index: 0,
      moved: true,
    })
    await within(changes()).findByRole("listitem", { name: "Move element: Failed" })
    await waitFor(() => expect(frame.previews().map((item) => item.type)).toEqual(["UNDO"]))
    expect(frame.previews()[0]?.changeFields).toMatchObject({
      changeToUndo: { type: "MOVE_JSX", changeFields: { codebaseIdToMove: BUTTON_ID } },
    })
  })

  it("records nothing for a drop where the element started", () => {
    const { frame, session } = renderEditor()
    frame.emit("DRAG_END", { elementKey: BUTTON_KEY, parentElementKey: SECTION_KEY, moved: false })
    expect(session.getSnapshot().ledger).toEqual([])
  })

  it("sends a text edited in place with the text it replaced", async () => {
    const bodies: Array<unknown> = []
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/editText", async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(mutationResult())
      }),
    )
    const { frame } = renderEditor()
    frame.emit("EDITED_TEXT", {
      elementKey: TITLE_KEY,
      codebaseId: TITLE_ID,
      newText: "About us",
      oldText: "About",
    })
    await within(changes()).findByRole("listitem", { name: "Edit text: Saved" })
    expect(bodies[0]).toMatchObject({
      element: { codebaseId: TITLE_ID },
      newText: "About us",
      oldText: "About",
    })
  })
})

describe("a refused edit", () => {
  it("says clearly what the server refused and why, takes the preview back, and can be dismissed", async () => {
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/addClass", () =>
        HttpResponse.json(
          {
            code: "FILE_CONFLICT",
            message: "src/App.tsx changed on disk since the canvas showed it",
          },
          { status: 409 },
        ),
      ),
    )
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    await user.type(screen.getByRole("combobox", { name: "Add a class" }), "italic{Enter}")

    const alert = await screen.findByRole("alert")
    expect(alert.textContent).toContain("The server refused “Add class”")
    expect(alert.textContent).toContain("src/App.tsx changed on disk since the canvas showed it")
    expect(alert.textContent).toContain("FILE_CONFLICT")
    expect(within(changes()).getByRole("listitem", { name: "Add class: Failed" })).toBeTruthy()
    // The preview is reversed, so the canvas shows what the source holds.
    await waitFor(() =>
      expect(frame.previews().map((item) => item.type)).toEqual(["ADD_CLASS", "UNDO"]),
    )
    expect(frame.previews()[1]?.changeFields).toMatchObject({
      changeToUndo: { type: "ADD_CLASS", changeFields: { codebaseIdToAddClass: BUTTON_ID } },
    })
    // Nothing to undo: the server holds no such change.
    expect(
      within(toolbar()).getByRole<HTMLButtonElement>("button", { name: "Undo" }).disabled,
    ).toBe(true)

    await user.click(within(alert).getByRole("button", { name: "Dismiss the message" }))
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("puts back the text typed in the frame when the server refuses it", async () => {
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/editText", () =>
        HttpResponse.json(
          { code: "OLD_CONTENT_MISMATCH", message: "The element's text is not the old text" },
          { status: 409 },
        ),
      ),
    )
    const { frame } = renderEditor({ select: BUTTON_KEY })
    frame.emit("EDITED_TEXT", {
      elementKey: BUTTON_KEY,
      codebaseId: BUTTON_ID,
      oldText: "Get started",
      newText: "Start now",
    })
    await screen.findByRole("alert")
    expect(within(changes()).getByRole("listitem", { name: "Edit text: Failed" })).toBeTruthy()
    // The typing was the preview: the frame is asked to reverse it.
    await waitFor(() => expect(frame.previews().map((item) => item.type)).toEqual(["UNDO"]))
    expect(frame.previews()[0]?.changeFields).toMatchObject({
      changeToUndo: {
        type: "EDIT_TEXT",
        changeFields: {
          codebaseIdToEditText: BUTTON_ID,
          oldText: "Get started",
          newText: "Start now",
        },
      },
    })
  })

  it("leaves the frame alone when a text edit is saved", async () => {
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/editText", () =>
        HttpResponse.json(mutationResult()),
      ),
    )
    const { frame } = renderEditor({ select: BUTTON_KEY })
    frame.emit("EDITED_TEXT", {
      elementKey: BUTTON_KEY,
      codebaseId: BUTTON_ID,
      oldText: "Get started",
      newText: "Start now",
    })
    await within(changes()).findByRole("listitem", { name: "Edit text: Saved" })
    expect(frame.previews()).toEqual([])
  })

  it("names a lost session or token in words when the server says only 401", async () => {
    server.use(
      http.post(
        "*/canvases/sample/parseAndMutate/mutate/removeJsxElement",
        () => new HttpResponse(null, { status: 401 }),
      ),
    )
    renderEditor({ select: TITLE_KEY })
    await userEvent.setup().click(within(toolbar()).getByRole("button", { name: "Delete" }))
    const alert = await screen.findByRole("alert")
    expect(alert.textContent).toContain("Sign in as an admin, or open the editor from the link")
  })

  it("shows 'Successfully added' for a component added without a preview", async () => {
    const bodies: Array<unknown> = []
    server.use(
      http.post("*/canvases/sample/parseAndMutate/mutate/addJsxElement", async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(mutationResult())
      }),
      http.get("*/canvases/sample/components", () =>
        HttpResponse.json({
          components: [{ name: "Card", file: "src/Card.tsx", requiredProps: [] }],
        }),
      ),
    )
    const { frame } = renderEditor({ select: SECTION_KEY })
    const user = userEvent.setup()
    await user.click(within(toolbar()).getByRole("button", { name: "Add element" }))
    await user.click(await screen.findByRole("menuitem", { name: "<Card />" }))
    expect(await screen.findByText("Successfully added")).toBeTruthy()
    expect(bodies[0]).toMatchObject({
      newElement: { type: "component", componentName: "Card" },
      hasInstantUpdate: false,
    })
    expect(frame.previews()).toEqual([])
  })
})
