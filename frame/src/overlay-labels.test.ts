import { afterEach, describe, expect, it } from "vitest"
import { type ContentAt, contentProbe, labelSizeOf, placeLabel } from "./overlay-labels.ts"
import type { PageBoundingBox } from "./nav-tree.ts"
import { TEXT_MODE_LABEL, createOverlayRoot, renderOverlay, type OverlayModel } from "./overlay.ts"

const box = (pageX: number, pageY: number, width: number, height: number): PageBoundingBox => ({
  pageX,
  pageY,
  width,
  height,
})
const overlaps = (a: PageBoundingBox, b: PageBoundingBox) =>
  a.pageX < b.pageX + b.width &&
  b.pageX < a.pageX + a.width &&
  a.pageY < b.pageY + b.height &&
  b.pageY < a.pageY + a.height
/** The app's content as boxes: a label is over content when it overlaps one of them. */
const contentOf =
  (...boxes: ReadonlyArray<PageBoundingBox>): ContentAt =>
  (label) =>
    boxes.some((content) => overlaps(content, label))
const nothing: ContentAt = () => false

// The sample app's About heading, full width, with the next line of text 8px under it.
const heading = box(100, 300, 500, 28)
const nextLine = box(100, 336, 500, 24)
const lineAbove = box(100, 250, 500, 24)
const size = { width: 100, height: 28 }

describe("where the selection's labels go", () => {
  it("puts the name above the top-left corner and the size under the box when nothing is there", () => {
    const name = placeLabel("name", heading, size, 4, nothing)
    expect(name).toEqual({ box: box(100, 268, 100, 28), inside: false })
    const sized = placeLabel("size", heading, size, 4, nothing)
    expect(sized).toEqual({ box: box(300, 332, 100, 28), inside: false })
  })

  it("moves the size label beside the box when it would cover the next line", () => {
    const sized = placeLabel("size", heading, size, 4, contentOf(nextLine))
    expect(sized).toEqual({ box: box(608, 300, 100, 28), inside: false })
    expect(overlaps(sized.box, nextLine)).toBe(false)
  })

  it("moves the size label inside the bottom-right corner when beside is taken too", () => {
    const beside = box(620, 290, 200, 60)
    const sized = placeLabel("size", heading, size, 4, contentOf(nextLine, beside))
    expect(sized).toEqual({ box: box(496, 300, 100, 28), inside: true })
  })

  it("puts the name beside a button in a line of text, and inside when that is taken", () => {
    const button = box(200, 300, 103, 32)
    const text = box(100, 250, 500, 40)
    expect(placeLabel("name", button, size, 4, contentOf(text))).toEqual({
      box: box(311, 300, 100, 28),
      inside: false,
    })
    const name = placeLabel("name", box(100, 280, 500, 60), size, 4, contentOf(lineAbove))
    expect(name.inside).toBe(false)
    const crowded = contentOf(lineAbove, box(600, 280, 300, 60))
    expect(placeLabel("name", box(100, 280, 500, 60), size, 4, crowded)).toEqual({
      box: box(104, 284, 100, 28),
      inside: true,
    })
  })

  it("keeps the size label off the name label when both go beside the box", () => {
    const button = box(200, 300, 103, 32)
    const name = placeLabel("name", button, size, 4, contentOf(box(100, 250, 500, 40)))
    const sized = placeLabel("size", button, size, 4, contentOf(box(100, 336, 500, 40)), name.box)
    expect(sized.inside).toBe(true)
    expect(overlaps(sized.box, name.box)).toBe(false)
  })

  it("keeps the name off the page's top: beside the box, or inside it", () => {
    expect(placeLabel("name", box(0, 10, 300, 80), size, 4, nothing)).toEqual({
      box: box(308, 10, 100, 28),
      inside: false,
    })
    expect(placeLabel("name", box(0, 10, 300, 80), size, 4, (b) => b.pageX > 300).inside).toBe(true)
    expect(placeLabel("name", box(0, 40, 300, 80), size, 4, nothing).box.pageY).toBe(8)
  })

  it("never places the size label left of the page or outside a box smaller than it", () => {
    expect(placeLabel("size", box(0, 0, 20, 10), size, 4, nothing).box.pageX).toBe(0)
    const small = placeLabel("size", box(50, 50, 20, 10), size, 4, () => true)
    expect(small.box.pageX).toBe(50)
    expect(small.box.pageY).toBe(50)
  })

  it("sizes a label from its text and the zoom, as its font is divided by the zoom", () => {
    const atFull = labelSizeOf("103 × 32", 1)
    expect(atFull.height).toBe(28)
    expect(labelSizeOf("103 × 32", 0.5).width).toBe(atFull.width * 2)
    expect(labelSizeOf("a longer name", 1).width).toBeGreaterThan(atFull.width)
  })
})

describe("the content probe", () => {
  afterEach(() => {
    document.body.replaceChildren()
  })

  it("counts a neighbour under the label, not the selection, its ancestors or its children", () => {
    const section = document.createElement("section")
    const selected = document.createElement("h2")
    const inner = document.createElement("span")
    const neighbour = document.createElement("p")
    selected.appendChild(inner)
    section.append(selected, neighbour)
    document.body.appendChild(section)
    let under: Array<Element> = []
    document.elementsFromPoint = () => under
    const probe = contentProbe(document, [selected])
    under = [inner, selected, section, document.body, document.documentElement]
    expect(probe(box(0, 0, 10, 10))).toBe(false)
    under = [neighbour, section, document.body, document.documentElement]
    expect(probe(box(0, 0, 10, 10))).toBe(true)
    // A box past the page's right edge has no room, whatever is under it.
    under = []
    Object.defineProperty(document.documentElement, "scrollWidth", {
      configurable: true,
      value: 800,
    })
    expect(probe(box(700, 0, 90, 10))).toBe(false)
    expect(probe(box(750, 0, 90, 10))).toBe(true)
    Reflect.deleteProperty(document.documentElement, "scrollWidth")
  })
})

describe("the overlay's labels", () => {
  afterEach(() => {
    document.documentElement.querySelectorAll("[data-colorday-frame]").forEach((e) => e.remove())
  })

  const model = (overrides: Partial<OverlayModel>): OverlayModel => ({
    zoom: 1,
    aiContext: false,
    driveMode: false,
    selected: [{ box: heading, isComponent: false, name: "h2" }],
    children: [],
    secondary: [],
    editDynamicText: false,
    ...overrides,
  })
  const draw = (m: OverlayModel) => {
    const root = createOverlayRoot(document)
    renderOverlay(root, m, () => undefined)
    return root
  }
  const label = (root: HTMLElement, kind: string) =>
    root.querySelector<HTMLElement>(`[data-label="${kind}"]`)

  it("draws the size label inside the box, clear of the next line, and the name above it", () => {
    const root = draw(model({ contentAt: contentOf(nextLine, box(600, 280, 400, 80)) }))
    const sized = label(root, "size")
    expect(sized?.dataset.place).toBe("inside")
    expect(Number.parseFloat(sized?.style.top ?? "")).toBeLessThan(nextLine.pageY)
    expect(label(root, "name")?.dataset.place).toBe("outside")
    expect(label(root, "name")?.style.top).toBe("268px")
  })

  it("shows text mode: a label naming it and its keys, a thicker outline and no size", () => {
    const root = draw(model({ textEditing: true }))
    expect(label(root, "text-mode")?.textContent).toBe(TEXT_MODE_LABEL)
    expect(label(root, "name")).toBeNull()
    expect(label(root, "size")).toBeNull()
    const outline = root.querySelector<HTMLElement>('[data-outline="primary"]')
    expect(outline?.style.borderWidth).toBe("2px")
    expect(label(draw(model({})), "text-mode")).toBeNull()
  })
})
