import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeEach, describe, expect, it } from "vitest"
import {
  BUTTON_ID,
  BUTTON_KEY,
  CARD_KEY,
  SAMPLE_TREE,
  SECTION_ID,
  SECTION_KEY,
  STORYBOARD_KEY,
  TITLE_ID,
  TITLE_KEY,
  type FakeFrame,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"

const MUTATE = "/canvases/sample/parseAndMutate/mutate"
const ACTIVITIES = "/canvases/sample/parseAndMutate/activities"

/**
 * Every mutation call the editor made: its path, its body, and how many previews the frame had
 * been asked for when the request left (a preview goes first, so the user sees the edit at once).
 */
const recordMutations = (frame: FakeFrame) => {
  const calls: Array<{ path: string; body: Record<string, unknown>; previewsBefore: number }> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/*", async ({ request }) => {
      calls.push({
        path: new URL(request.url).pathname,
        body: (await request.json()) as Record<string, unknown>,
        previewsBefore: frame.previews().length,
      })
      return HttpResponse.json(mutationResult())
    }),
  )
  return calls
}

/** An element as the session names it to the server: its codebase id and its place on the page. */
const ref = (codebaseId: string, uniquePath: string, name: string) => ({
  codebaseId,
  storyboardId: "app",
  uniquePath,
  name,
})
const SECTION_REF = ref(SECTION_ID, "0-0", "section")
const TITLE_REF = ref(TITLE_ID, "0-0-0", "h2")
const BUTTON_REF = ref(BUTTON_ID, "0-0-1", "button")

const toolbar = () => screen.getByRole("toolbar", { name: "Editing tools" })
const tool = (name: string) => within(toolbar()).getByRole<HTMLButtonElement>("button", { name })
const changes = () => screen.getByRole("list", { name: "Changes" })
const framesCalls = (frame: FakeFrame, name: string) =>
  frame.calls.filter((call) => call.name === name).map((call) => call.args)

/** The frame's shift-click on two siblings: the first is the selected key, both the multi-selection. */
const multiSelectTitleAndButton = (frame: FakeFrame) => {
  frame.emit("SELECTED_ELEMENT_KEY", { elementKey: TITLE_KEY })
  frame.emit("MULTI_SELECTED_ELEMENT_KEYS", { elementKeys: [TITLE_KEY, BUTTON_KEY] })
}

describe("adding an element into the selected one", () => {
  // Opening the menu lists the canvas's components: none, unless a test says otherwise.
  beforeEach(() => {
    server.use(
      http.get("*/canvases/sample/components", () => HttpResponse.json({ components: [] })),
    )
  })

  /** Each kind with the props that make it visible at once (the menu's words, the tag written). */
  const kinds: ReadonlyArray<{ item: string; tag: string; props: object }> = [
    {
      item: "Div",
      tag: "div",
      props: { className: "min-h-12 rounded border border-dashed p-4" },
    },
    { item: "Text", tag: "p", props: { children: "New text" } },
    {
      item: "Button",
      tag: "button",
      props: {
        type: "button",
        className: "rounded bg-slate-900 px-3 py-1 text-white",
        children: "Button",
      },
    },
    {
      item: "Image",
      tag: "img",
      props: {
        alt: "",
        width: "160",
        height: "90",
        src: expect.stringMatching(/^data:image\/svg\+xml,%3Csvg /) as unknown,
      },
    },
  ]

  it.each(kinds)(
    "adds $item as <$tag>: previewed in the frame with a placeholder id, then sent into the container",
    async ({ item, tag, props }) => {
      const { frame } = renderEditor({ select: SECTION_KEY })
      const calls = recordMutations(frame)
      const user = userEvent.setup()
      await user.click(tool("Add element"))
      await user.click(await screen.findByRole("menuitem", { name: item }))

      await waitFor(() => expect(calls).toHaveLength(1))
      expect(calls[0]?.path).toBe(`${MUTATE}/addJsxElement`)
      expect(calls[0]?.body).toEqual({
        destinationElement: SECTION_REF,
        newElement: { type: "nativeTag", nativeTag: tag, propsToSet: props },
        canvasId: "sample",
        hasInstantUpdate: true,
      })
      expect(frame.previews()).toEqual([
        expect.objectContaining<Record<string, unknown>>({
          type: "ADD_JSX",
          changeFields: {
            codebaseIdToAddTo: SECTION_ID,
            addNativeTag: tag,
            addCodebaseId: expect.stringMatching(
              /^tempo-add-jsx-placeholder-[A-Za-z0-9-]+$/,
            ) as unknown,
            propsToSet: props,
          },
        }),
      ])
      expect(calls[0]?.previewsBefore).toBe(1)
      await within(changes()).findByRole("listitem", { name: "Add element: Saved" })
      // The user already sees the element: no "Successfully added" toast.
      expect(screen.queryByText("Successfully added")).toBeNull()
    },
  )

  it("offers the app's components, as the server lists them, and adds one into the selection, without a preview", async () => {
    server.use(
      http.get("*/canvases/sample/components", () =>
        HttpResponse.json({
          components: [
            { name: "Card", file: "src/Card.tsx", requiredProps: [] },
            { name: "Chip", file: "src/Chip.tsx", requiredProps: [] },
          ],
        }),
      ),
    )
    const { frame } = renderEditor({ select: TITLE_KEY })
    const calls = recordMutations(frame)
    const user = userEvent.setup()
    await user.click(tool("Add element"))
    const menu = await screen.findByRole("menu")
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole("menuitem")
          .map((item) => item.textContent),
      ).toEqual(["Div", "Text", "Button", "Image", "<Card />", "<Chip />"]),
    )
    await user.click(within(menu).getByRole("menuitem", { name: "<Chip />" }))

    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.path).toBe(`${MUTATE}/addJsxElement`)
    expect(calls[0]?.body).toEqual({
      destinationElement: TITLE_REF,
      newElement: { type: "component", componentName: "Chip", componentFile: "src/Chip.tsx" },
      canvasId: "sample",
      hasInstantUpdate: false,
    })
    expect(frame.previews()).toEqual([])
    expect(await screen.findByText("Successfully added")).toBeTruthy()
  })

  it("never offers the page's root component nor one the selection sits inside", async () => {
    server.use(
      http.get("*/canvases/sample/components", () =>
        HttpResponse.json({
          components: [
            { name: "App", file: "src/App.tsx", requiredProps: [] },
            { name: "Card", file: "src/Card.tsx", requiredProps: [] },
          ],
        }),
      ),
    )
    const { frame } = renderEditor()
    // The page as the sample app's: App at the top, the Card inside it.
    const [section] = SAMPLE_TREE.children as ReadonlyArray<Record<string, unknown>>
    const app = {
      ...section,
      name: "App",
      elementTagName: "App",
      isComponent: true,
    }
    frame.emit("NAV_TREE", { navTree: { ...SAMPLE_TREE, children: [app] }, outerHTML: "" })
    // The Card sits at the top of App's render: nothing goes beside it, nor inside an instance.
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: CARD_KEY })
    expect(tool("Add element").disabled).toBe(true)
    const user = userEvent.setup()
    await user.click(tool("Add element"))
    expect(screen.queryByRole("menu")).toBeNull()
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: TITLE_KEY })
    await user.click(tool("Add element"))
    expect(await screen.findByRole("menuitem", { name: "<Card />" })).toBeTruthy()
    expect(screen.queryByRole("menuitem", { name: "<App />" })).toBeNull()
    await user.keyboard("{Escape}")
    // With only App listed, nothing is left to offer, and the menu says so.
    server.use(
      http.get("*/canvases/sample/components", () =>
        HttpResponse.json({
          components: [{ name: "App", file: "src/App.tsx", requiredProps: [] }],
        }),
      ),
    )
    await user.click(tool("Add element"))
    const none = await screen.findByRole("menuitem", { name: "None to add here" })
    expect(none.getAttribute("aria-disabled")).toBe("true")
  })

  it("says why when the components cannot be listed", async () => {
    server.use(
      http.get("*/canvases/sample/components", () =>
        HttpResponse.json(
          { code: "CANVAS_NOT_FOUND", message: "No canvas with id sample" },
          { status: 404 },
        ),
      ),
    )
    renderEditor({ select: SECTION_KEY })
    const user = userEvent.setup()
    await user.click(tool("Add element"))
    const item = await screen.findByRole("menuitem", {
      name: "Not listed: No canvas with id sample",
    })
    expect(item.getAttribute("aria-disabled")).toBe("true")
  })

  it("is offered only with one element of the source selected", () => {
    const { frame } = renderEditor()
    expect(tool("Add element").disabled).toBe(true)
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: STORYBOARD_KEY })
    expect(tool("Add element").disabled).toBe(true)
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: SECTION_KEY })
    expect(tool("Add element").disabled).toBe(false)
    multiSelectTitleAndButton(frame)
    expect(tool("Add element").disabled).toBe(true)
  })
})

describe("delete, duplicate and wrap in div", () => {
  const actions = [
    { button: "Delete", endpoint: "removeJsxElement", field: "elementsToRemove", preview: true },
    { button: "Duplicate", endpoint: "duplicate", field: "reactElements", preview: false },
    { button: "Wrap in div", endpoint: "wrapInDiv", field: "reactElements", preview: false },
  ] as const

  it("are disabled with nothing selected, or only the storyboard", () => {
    const { frame } = renderEditor()
    for (const name of ["Delete", "Duplicate", "Wrap in div", "Change tag"]) {
      expect(tool(name).disabled, name).toBe(true)
    }
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: STORYBOARD_KEY })
    for (const name of ["Delete", "Duplicate", "Wrap in div", "Change tag"]) {
      expect(tool(name).disabled, name).toBe(true)
    }
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: BUTTON_KEY })
    for (const name of ["Delete", "Duplicate", "Wrap in div", "Change tag"]) {
      expect(tool(name).disabled, name).toBe(false)
    }
  })

  it.each(actions)(
    "$button sends $endpoint with the selected element",
    async ({ button, endpoint, field }) => {
      const { frame } = renderEditor({ select: BUTTON_KEY })
      const calls = recordMutations(frame)
      await userEvent.setup().click(tool(button))
      await waitFor(() => expect(calls).toHaveLength(1))
      expect(calls[0]?.path).toBe(`${MUTATE}/${endpoint}`)
      expect(calls[0]?.body).toEqual({ [field]: [BUTTON_REF] })
    },
  )

  it.each(actions)(
    "$button sends $endpoint with every element of the frame's multi-selection",
    async ({ button, endpoint, field, preview }) => {
      const { frame } = renderEditor()
      multiSelectTitleAndButton(frame)
      const calls = recordMutations(frame)
      await userEvent.setup().click(tool(button))
      await waitFor(() => expect(calls).toHaveLength(1))
      expect(calls[0]?.path).toBe(`${MUTATE}/${endpoint}`)
      expect(calls[0]?.body).toEqual({ [field]: [TITLE_REF, BUTTON_REF] })
      expect(frame.previews().map((item) => item.type)).toEqual(preview ? ["REMOVE_JSX"] : [])
    },
  )

  it("Delete previews the removal, then clears the selection, which leaves nothing to act on", async () => {
    const { frame } = renderEditor()
    multiSelectTitleAndButton(frame)
    const calls = recordMutations(frame)
    await userEvent.setup().click(tool("Delete"))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.previewsBefore).toBe(1)
    expect(frame.previews()[0]?.changeFields).toEqual({
      codebaseIdsToRemove: [TITLE_ID, BUTTON_ID],
    })
    expect(framesCalls(frame, "setSelectedElement")).toEqual([[null]])
    for (const name of ["Delete", "Duplicate", "Wrap in div"]) {
      expect(tool(name).disabled, name).toBe(true)
    }
  })
})

describe("change tag", () => {
  it("asks for the new tag, refuses the same one or a bad one, and sends changeElementTag", async () => {
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const calls = recordMutations(frame)
    const user = userEvent.setup()
    await user.click(tool("Change tag"))
    const input = await screen.findByLabelText<HTMLInputElement>("New tag")
    const apply = screen.getByRole<HTMLButtonElement>("button", { name: "Apply" })
    expect(input.value).toBe("button")
    expect(apply.disabled).toBe(true)
    await user.clear(input)
    await user.type(input, "1a")
    expect(apply.disabled).toBe(true)
    await user.clear(input)
    await user.type(input, "a")
    expect(apply.disabled).toBe(false)
    await user.click(apply)

    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.path).toBe(`${MUTATE}/changeElementTag`)
    expect(calls[0]?.body).toEqual({ elementToModify: BUTTON_REF, newTag: "a" })
    expect(screen.queryByLabelText("New tag")).toBeNull()
    await within(changes()).findByRole("listitem", { name: "Change tag: Saved" })
  })

  it("is not offered for a component or a multi-selection", () => {
    const { frame } = renderEditor({ select: CARD_KEY })
    expect(tool("Change tag").disabled).toBe(true)
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: TITLE_KEY })
    expect(tool("Change tag").disabled).toBe(false)
    multiSelectTitleAndButton(frame)
    expect(tool("Change tag").disabled).toBe(true)
  })
})

describe("undo and redo", () => {
  it("are enabled by what the server holds, and walk its history through the activities", async () => {
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const calls = recordMutations(frame)
    const user = userEvent.setup()
    expect(tool("Undo").disabled).toBe(true)
    expect(tool("Redo").disabled).toBe(true)

    await user.click(tool("Duplicate"))
    await within(changes()).findByRole("listitem", { name: "Duplicate: Saved" })
    expect(tool("Undo").disabled).toBe(false)
    expect(tool("Redo").disabled).toBe(true)

    await user.click(tool("Undo"))
    await within(changes()).findByRole("listitem", { name: "Undo: Saved" })
    expect(tool("Undo").disabled).toBe(true)
    expect(tool("Redo").disabled).toBe(false)

    await user.click(tool("Redo"))
    await within(changes()).findByRole("listitem", { name: "Redo: Saved" })
    expect(tool("Undo").disabled).toBe(false)
    expect(tool("Redo").disabled).toBe(true)

    expect(calls.map((call) => call.path)).toEqual([
      `${MUTATE}/duplicate`,
      `${ACTIVITIES}/undoChangeToFiles`,
      `${ACTIVITIES}/redoChangeToFiles`,
    ])
    // The server walks its own history: no element, and no file versions, in the body.
    expect(calls[1]?.body).toEqual({})
    expect(calls[2]?.body).toEqual({})
  })

  it("forgets what could be redone once a new edit is made", async () => {
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const calls = recordMutations(frame)
    const user = userEvent.setup()
    await user.click(tool("Duplicate"))
    await within(changes()).findByRole("listitem", { name: "Duplicate: Saved" })
    await user.click(tool("Undo"))
    await waitFor(() => expect(tool("Redo").disabled).toBe(false))
    await user.click(tool("Wrap in div"))
    await within(changes()).findByRole("listitem", { name: "Wrap in div: Saved" })
    expect(tool("Redo").disabled).toBe(true)
    expect(tool("Undo").disabled).toBe(false)
    expect(calls.map((call) => call.path.split("/").pop())).toEqual([
      "duplicate",
      "undoChangeToFiles",
      "wrapInDiv",
    ])
  })
})

describe("zoom", () => {
  const zoom = () => within(toolbar()).getByRole("group", { name: "Zoom" })
  const level = () => within(zoom()).getByLabelText("Zoom level").textContent
  const zoomButton = (name: string) =>
    within(zoom()).getByRole<HTMLButtonElement>("button", { name })

  it("steps through the zoom levels, tells the frame, shows the percentage and scales the canvas", async () => {
    const { frame } = renderEditor()
    const user = userEvent.setup()
    expect(framesCalls(frame, "initProject")).toEqual([[{ zoomPerc: 100 }]])
    expect(level()).toBe("100%")

    await user.click(zoomButton("Zoom in"))
    expect(level()).toBe("110%")
    await user.click(zoomButton("Zoom out"))
    await user.click(zoomButton("Zoom out"))
    expect(level()).toBe("90%")
    expect(framesCalls(frame, "setZoomPerc")).toEqual([[110], [100], [90]])
    expect(screen.getByTitle<HTMLIFrameElement>("Canvas: the edited app").style.transform).toBe(
      "scale(0.9)",
    )
  })

  it("stops at 25% and at 200%", async () => {
    const { frame } = renderEditor()
    const user = userEvent.setup()
    for (const step of [90, 75, 67, 50, 25]) {
      await user.click(zoomButton("Zoom out"))
      expect(level()).toBe(`${step}%`)
    }
    expect(zoomButton("Zoom out").disabled).toBe(true)
    for (const step of [50, 67, 75, 90, 100, 110, 125, 150, 200]) {
      await user.click(zoomButton("Zoom in"))
      expect(level()).toBe(`${step}%`)
    }
    expect(zoomButton("Zoom in").disabled).toBe(true)
    expect(zoomButton("Zoom out").disabled).toBe(false)
    expect(framesCalls(frame, "setZoomPerc").at(-1)).toEqual([200])
    expect(framesCalls(frame, "setZoomPerc")).toHaveLength(14)
  })
})

describe("drive mode", () => {
  const driveMode = () => within(toolbar()).getByRole("switch", { name: "Drive mode" })

  it("turns on and off in the frame, and says so", async () => {
    const { frame } = renderEditor()
    const user = userEvent.setup()
    expect(driveMode().getAttribute("aria-checked")).toBe("false")
    expect(screen.queryByText("Drive mode: the app behaves as itself")).toBeNull()

    await user.click(driveMode())
    expect(driveMode().getAttribute("aria-checked")).toBe("true")
    expect(framesCalls(frame, "enableDriveMode")).toEqual([[]])
    expect(screen.getByText("Drive mode: the app behaves as itself")).toBeTruthy()

    await user.click(driveMode())
    expect(driveMode().getAttribute("aria-checked")).toBe("false")
    expect(framesCalls(frame, "disableDriveMode")).toEqual([[]])
    expect(screen.queryByText("Drive mode: the app behaves as itself")).toBeNull()
  })

  it("is on when the frame comes up in drive mode (after a reload in it)", () => {
    const { frame } = renderEditor()
    frame.emit("FRAME_READY", { href: "http://127.0.0.1:5173/", driveMode: true })
    expect(driveMode().getAttribute("aria-checked")).toBe("true")
    // The frame is already in drive mode: nothing to tell it.
    expect(framesCalls(frame, "enableDriveMode")).toEqual([])
  })
})
