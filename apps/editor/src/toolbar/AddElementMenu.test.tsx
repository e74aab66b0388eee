import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  BUTTON_ID,
  BUTTON_KEY,
  CARD_ID,
  CARD_KEY,
  SAMPLE_TREE,
  SECTION_ID,
  SECTION_KEY,
  TITLE_ID,
  TITLE_KEY,
  type FakeFrame,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"

/** Add element's position (issue 21): before, after or inside the selected element. */

const APP_KEY = "TE_tempo-55555555-5555-5555-8555-555555555555_app_0"

const listComponents = (components: ReadonlyArray<{ name: string; file: string }>) =>
  server.use(
    http.get("*/canvases/sample/components", () =>
      HttpResponse.json({
        components: components.map((component) => ({ ...component, requiredProps: [] })),
      }),
    ),
  )

const recordAdds = () => {
  const bodies: Array<Record<string, unknown>> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/mutate/addJsxElement", async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>)
      return HttpResponse.json(mutationResult())
    }),
  )
  return bodies
}

const ref = (codebaseId: string, uniquePath: string, name: string) => ({
  codebaseId,
  storyboardId: "app",
  uniquePath,
  name,
})

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  const toolbar = screen.getByRole("toolbar", { name: "Editing tools" })
  await user.click(within(toolbar).getByRole("button", { name: "Add element" }))
  return screen.findByRole("menu")
}

const positions = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole("menuitemradio")
    .map(
      (item) =>
        `${item.textContent ?? ""}${item.getAttribute("aria-checked") === "true" ? "*" : ""}`,
    )

const indicatorCalls = (frame: FakeFrame) =>
  frame.calls.filter((call) => call.name === "showInsertIndicator").map((call) => call.args)

describe("Add element's position", () => {
  it("puts a native element before the selected one, in its parent, and shows where in the canvas", async () => {
    listComponents([])
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const bodies = recordAdds()
    const user = userEvent.setup()
    const menu = await openMenu(user)
    expect(positions(menu)).toEqual(["Before", "After", "Inside*"])
    expect(indicatorCalls(frame)).toEqual([[BUTTON_KEY, "inside"]])

    // Pointing at a position shows it in the canvas before it is chosen; leaving it, the chosen one.
    await user.hover(within(menu).getByRole("menuitemradio", { name: "After" }))
    expect(indicatorCalls(frame).at(-1)).toEqual([BUTTON_KEY, "after"])
    await user.hover(within(menu).getByRole("menuitem", { name: "Div" }))
    expect(indicatorCalls(frame).at(-1)).toEqual([BUTTON_KEY, "inside"])
    expect(positions(menu)).toEqual(["Before", "After", "Inside*"])

    await user.click(within(menu).getByRole("menuitemradio", { name: "Before" }))
    // Choosing a position keeps the menu open, tells the canvas, and says it in words.
    expect(positions(menu)).toEqual(["Before*", "After", "Inside"])
    expect(within(menu).getByText("Adds before the selected element")).toBeTruthy()
    expect(indicatorCalls(frame).at(-1)).toEqual([BUTTON_KEY, "before"])

    await user.click(within(menu).getByRole("menuitem", { name: "Text" }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      destinationElement: ref(SECTION_ID, "0-0", "section"),
      beforeElement: ref(BUTTON_ID, "0-0-1", "button"),
      newElement: { type: "nativeTag", nativeTag: "p" },
    })
    expect(bodies[0]).not.toHaveProperty("afterElement")
    expect(frame.previews()).toEqual([
      expect.objectContaining<Record<string, unknown>>({
        changeFields: expect.objectContaining({
          codebaseIdToAddTo: SECTION_ID,
          beforeCodebaseId: BUTTON_ID,
        }) as unknown,
      }),
    ])
    // The menu closed: the canvas stops showing the place.
    await waitFor(() => expect(indicatorCalls(frame).at(-1)).toEqual([null, "inside"]))
  })

  it("offers every component the app exports, not only the page's, never an ancestor, and puts one after the selection", async () => {
    listComponents([
      { name: "App", file: "src/App.tsx" },
      { name: "Card", file: "src/Card.tsx" },
      { name: "Chip", file: "src/Chip.tsx" },
    ])
    const { frame } = renderEditor()
    // The sample app's page: App at the top, holding the section.
    const [section] = SAMPLE_TREE.children as ReadonlyArray<Record<string, unknown>>
    const app = {
      ...section,
      tempoElementKey: APP_KEY,
      name: "App",
      elementTagName: "App",
      isComponent: true,
      children: [{ ...section, parent: APP_KEY }],
    }
    frame.emit("NAV_TREE", { navTree: { ...SAMPLE_TREE, children: [app] }, outerHTML: "" })
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: TITLE_KEY })
    const bodies = recordAdds()
    const user = userEvent.setup()
    const menu = await openMenu(user)
    // Chip is on no page; App is the page's root, which the title sits inside.
    await within(menu).findByRole("menuitem", { name: "<Chip />" })
    expect(within(menu).getByRole("menuitem", { name: "<Card />" })).toBeTruthy()
    expect(within(menu).queryByRole("menuitem", { name: "<App />" })).toBeNull()

    await user.click(within(menu).getByRole("menuitemradio", { name: "After" }))
    await user.click(within(menu).getByRole("menuitem", { name: "<Chip />" }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      afterElement: ref(TITLE_ID, "0-0-0", "h2"),
      newElement: { type: "component", componentName: "Chip", componentFile: "src/Chip.tsx" },
    })
  })

  it("offers inside only for an element that takes children: not a component, not an <img>", async () => {
    listComponents([{ name: "Card", file: "src/Card.tsx" }])
    const { frame } = renderEditor({ select: CARD_KEY })
    const user = userEvent.setup()
    let menu = await openMenu(user)
    // A component instance: its children are what it renders; the new element goes beside it,
    // where the same component may go too (it is not inside itself there).
    expect(positions(menu)).toEqual(["Before", "After*"])
    expect(await within(menu).findByRole("menuitem", { name: "<Card />" })).toBeTruthy()
    await user.keyboard("{Escape}")

    const [section] = SAMPLE_TREE.children as ReadonlyArray<Record<string, unknown>>
    const [title, button, card] = section?.children as ReadonlyArray<Record<string, unknown>>
    const image = { ...button, name: "img", elementTagName: "img", literalChildren: [] }
    frame.emit("NAV_TREE", {
      navTree: { ...SAMPLE_TREE, children: [{ ...section, children: [title, image, card] }] },
      outerHTML: "",
    })
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: BUTTON_KEY })
    menu = await openMenu(user)
    expect(positions(menu)).toEqual(["Before", "After*"])
    await user.keyboard("{Escape}")

    // The page's top element has no source parent to hold a sibling: only inside.
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: SECTION_KEY })
    menu = await openMenu(user)
    expect(positions(menu)).toEqual(["Inside*"])
  })

  describe("beside an element whose parent is a component instance", () => {
    const CHILD_ID = "tempo-66666666-6666-5666-8666-666666666666"
    const CHILD_KEY = `TE_${CHILD_ID}_app_0-0-2-0`
    /** The sample page with the Card rendering one element, a <p> or a <div>. */
    const showCardWith = (frame: FakeFrame, tag: string) => {
      const [section] = SAMPLE_TREE.children as ReadonlyArray<Record<string, unknown>>
      const [title, button, card] = section?.children as ReadonlyArray<Record<string, unknown>>
      const child = {
        ...title,
        tempoElementKey: CHILD_KEY,
        parent: CARD_KEY,
        name: tag,
        elementTagName: tag,
        literalChildren: [],
      }
      frame.emit("NAV_TREE", {
        navTree: {
          ...SAMPLE_TREE,
          children: [{ ...section, children: [title, button, { ...card, children: [child] }] }],
        },
        outerHTML: "",
      })
      frame.emit("SELECTED_ELEMENT_KEY", { elementKey: CHILD_KEY })
    }
    /** Where the source writes the Card instance and its element. */
    const sources = (spans: Record<string, { path: string; startLine: number; endLine: number }>) =>
      server.use(
        http.get("*/canvases/sample/elements/:codebaseId/source", ({ params }) => {
          const span = spans[String(params.codebaseId)]
          return span
            ? HttpResponse.json({ ...span, text: "<p />", imports: "" })
            : HttpResponse.json({ code: "ELEMENT_NOT_FOUND", message: "no" }, { status: 404 })
        }),
      )

    it("offers before and after when the instance is given it as children, and writes it among them", async () => {
      listComponents([])
      sources({
        [CARD_ID]: { path: "src/App.tsx", startLine: 41, endLine: 43 },
        [CHILD_ID]: { path: "src/App.tsx", startLine: 42, endLine: 42 },
      })
      const { frame } = renderEditor()
      showCardWith(frame, "p")
      const bodies = recordAdds()
      const user = userEvent.setup()
      const menu = await openMenu(user)
      await waitFor(() => expect(positions(menu)).toEqual(["Before", "After", "Inside*"]))
      await user.click(within(menu).getByRole("menuitemradio", { name: "Before" }))
      await user.click(within(menu).getByRole("menuitem", { name: "Text" }))
      await waitFor(() => expect(bodies).toHaveLength(1))
      expect(bodies[0]).toMatchObject({
        destinationElement: ref(CARD_ID, "0-0-2", "Card"),
        beforeElement: ref(CHILD_ID, "0-0-2-0", "p"),
        newElement: { type: "nativeTag", nativeTag: "p" },
      })
      // The instance's elements are its children: no placeholder is put into them.
      expect(frame.previews()).toEqual([])
    })

    it("refuses with the reason when the element is the top of the component's own render", async () => {
      listComponents([])
      sources({
        [CARD_ID]: { path: "src/App.tsx", startLine: 41, endLine: 41 },
        [CHILD_ID]: { path: "src/Card.tsx", startLine: 5, endLine: 9 },
      })
      const { frame } = renderEditor()
      showCardWith(frame, "div")
      const user = userEvent.setup()
      const menu = await openMenu(user)
      expect(
        await within(menu).findByText(
          "Not before or after: <div> is the top of Card's render (src/Card.tsx), not a child <Card> is given in src/App.tsx. Select Card to add beside it.",
        ),
      ).toBeTruthy()
      expect(positions(menu)).toEqual(["Inside*"])
    })
  })

  it("adds an element dragged from the menu onto the canvas where the canvas shows", async () => {
    listComponents([])
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const bodies = recordAdds()
    const user = userEvent.setup()
    const menu = await openMenu(user)
    // The canvas's iframe is under the pointer; the frame says the title's bottom quarter is there.
    const iframe = screen.getByTitle<HTMLIFrameElement>("Canvas: the edited app")
    iframe.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 600 })
    frame.answer("insertTargetAt", { elementKey: TITLE_KEY, position: "after" })
    fireEvent.pointerDown(within(menu).getByRole("menuitem", { name: "Text" }), {
      button: 0,
      clientX: 10,
      clientY: 10,
    })
    act(() => {
      window.dispatchEvent(new MouseEvent("pointermove", { clientX: 300, clientY: 120 }))
    })
    // The menu closes, the iframe lets the pointer through, and the canvas shows the place.
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull())
    expect(iframe.style.pointerEvents).toBe("none")
    await waitFor(() => expect(indicatorCalls(frame).at(-1)).toEqual([TITLE_KEY, "after"]))
    const asked = frame.calls.filter((call) => call.name === "insertTargetAt")
    expect(asked.at(-1)?.args).toEqual([{ clientX: 300, clientY: 120 }])
    act(() => {
      window.dispatchEvent(new MouseEvent("pointerup", { clientX: 300, clientY: 120 }))
    })
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      afterElement: ref(TITLE_ID, "0-0-0", "h2"),
      newElement: { type: "nativeTag", nativeTag: "p" },
    })
    expect(indicatorCalls(frame)).toContainEqual([null, "inside"])
    expect(iframe.style.pointerEvents).toBe("")
  })
})
