import { createEvent, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  BUTTON_ID,
  BUTTON_KEY,
  SECTION_KEY,
  TITLE_ID,
  TITLE_KEY,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"
import { dropPositionAt } from "./layer-drop.ts"

const recordMutations = () => {
  const sent: Array<{ endpoint: string; body: Record<string, unknown> }> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/*", async ({ request }) => {
      sent.push({
        endpoint: new URL(request.url).pathname.split("/").at(-1) ?? "",
        body: (await request.json()) as Record<string, unknown>,
      })
      return HttpResponse.json(mutationResult())
    }),
  )
  return sent
}

const layer = (key: string) =>
  within(screen.getByRole("tree"))
    .getAllByRole("treeitem")
    .find((item) => item.getAttribute("data-key") === key) as HTMLElement

/** A browser's DataTransfer, as far as the drag uses it. */
const dataTransfer = () => {
  const data = new Map<string, string>()
  return {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? "",
    get types() {
      return [...data.keys()]
    },
    dropEffect: "none",
    effectAllowed: "all",
  }
}

/** The row laid out 20 px tall at y = 100, as jsdom lays out nothing. */
const layOut = (element: HTMLElement) => {
  element.getBoundingClientRect = () =>
    ({
      top: 100,
      bottom: 120,
      left: 0,
      right: 200,
      height: 20,
      width: 200,
      x: 0,
      y: 100,
    }) as DOMRect
}

/** jsdom has no DragEvent: the pointer's height is set on the event it makes. */
const dragAt = (
  kind: "dragOver" | "drop",
  element: HTMLElement,
  transfer: ReturnType<typeof dataTransfer>,
  clientY: number,
) => {
  const event = createEvent[kind](element, { dataTransfer: transfer })
  Object.defineProperty(event, "clientY", { value: clientY })
  fireEvent(element, event)
}

describe("drag-reorder in Layers", () => {
  it("shows a line where the layer will land and moves it there in the source", async () => {
    renderEditor()
    const sent = recordMutations()
    const transfer = dataTransfer()
    layOut(layer(TITLE_KEY))
    fireEvent.dragStart(layer(BUTTON_KEY), { dataTransfer: transfer })
    dragAt("dragOver", layer(TITLE_KEY), transfer, 102)
    const line = layer(TITLE_KEY).querySelector("[data-drop-indicator]")
    expect(line?.getAttribute("data-drop-indicator")).toBe("before")
    dragAt("drop", layer(TITLE_KEY), transfer, 102)
    await waitFor(() => expect(sent.map((call) => call.endpoint)).toEqual(["moveJsxElement"]))
    expect(sent[0]?.body).toMatchObject({
      elementToMove: { codebaseId: BUTTON_ID },
      beforeElement: { codebaseId: TITLE_ID },
    })
    expect(document.querySelector("[data-drop-indicator]")).toBeNull()
  })

  it("drops into an element held over its middle, and never into the dragged layer's own subtree", async () => {
    renderEditor()
    const sent = recordMutations()
    const transfer = dataTransfer()
    layOut(layer(TITLE_KEY))
    fireEvent.dragStart(layer(BUTTON_KEY), { dataTransfer: transfer })
    dragAt("dragOver", layer(TITLE_KEY), transfer, 110)
    expect(layer(TITLE_KEY).getAttribute("aria-dropeffect")).toBe("move")
    expect(layer(TITLE_KEY).querySelector("[data-drop-indicator]")).toBeNull()
    dragAt("drop", layer(TITLE_KEY), transfer, 110)
    await waitFor(() => expect(sent.map((call) => call.endpoint)).toEqual(["moveJsxElement"]))
    expect(sent[0]?.body).toMatchObject({
      elementToMove: { codebaseId: BUTTON_ID },
      newContainerElement: { codebaseId: TITLE_ID },
    })
    expect(sent[0]?.body.beforeElement).toBeUndefined()
    // The section into its own title: no drop offered.
    const again = dataTransfer()
    fireEvent.dragStart(layer(SECTION_KEY), { dataTransfer: again })
    dragAt("dragOver", layer(TITLE_KEY), again, 110)
    expect(layer(TITLE_KEY).getAttribute("aria-dropeffect")).toBeNull()
  })

  it("lands by the row's edges and middle", () => {
    const box = { top: 0, height: 20 }
    expect(dropPositionAt(2, box, true)).toBe("before")
    expect(dropPositionAt(10, box, true)).toBe("inside")
    expect(dropPositionAt(19, box, true)).toBe("after")
    expect(dropPositionAt(9, box, false)).toBe("before")
    expect(dropPositionAt(11, box, false)).toBe("after")
  })
})
