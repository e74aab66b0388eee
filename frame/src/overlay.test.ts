import { afterEach, describe, expect, it } from "vitest"
import { OUTLINE_COLOURS, Z_INDEX } from "./constants.ts"
import { labelSizeOf } from "./overlay-labels.ts"
import {
  EDIT_DYNAMIC_TEXT_LABEL,
  type OverlayModel,
  createOverlayRoot,
  renderOverlay,
} from "./overlay.ts"

const box = (pageX: number, pageY: number, width: number, height: number) => ({
  pageX,
  pageY,
  width,
  height,
})

const model = (overrides: Partial<OverlayModel> = {}): OverlayModel => ({
  zoom: 1,
  aiContext: false,
  driveMode: false,
  selected: [{ box: box(10, 20, 200, 50), isComponent: false, name: "section" }],
  children: [],
  secondary: [],
  editDynamicText: false,
  ...overrides,
})

const draw = (m: OverlayModel, onEdit: () => void = () => undefined) => {
  const root = createOverlayRoot(document)
  renderOverlay(root, m, onEdit)
  return root
}
const outlines = (root: HTMLElement, kind: string) => [
  ...root.querySelectorAll<HTMLElement>(`[data-outline="${kind}"]`),
]
const label = (root: HTMLElement, kind: string) =>
  root.querySelector<HTMLElement>(`[data-label="${kind}"]`)

afterEach(() => {
  document.documentElement.querySelectorAll("[data-colorday-frame]").forEach((e) => e.remove())
})

describe("overlay", () => {
  it("puts its layer outside the body, above everything, letting pointer events through", () => {
    const root = draw(model())
    expect(root.parentElement).toBe(document.documentElement)
    expect(document.body.contains(root)).toBe(false)
    expect(root.style.zIndex).toBe(String(Z_INDEX.layer))
    expect(root.style.pointerEvents).toBe("none")
  })

  it("outlines the selected element at its page box with a 1px line at 100%", () => {
    const [primary] = outlines(draw(model()), "primary")
    expect(primary?.style.left).toBe("10px")
    expect(primary?.style.top).toBe("20px")
    expect(primary?.style.width).toBe("200px")
    expect(primary?.style.height).toBe("50px")
    expect(primary?.style.borderWidth).toBe("1px")
    expect(primary?.style.borderStyle).toBe("solid")
    expect(primary?.style.zIndex).toBe(String(Z_INDEX.primary))
  })

  it("divides outline widths by the zoom: primary 1, secondary 0.5", () => {
    const root = draw(
      model({
        zoom: 0.5,
        secondary: [{ box: box(0, 100, 10, 10), isComponent: false }],
      }),
    )
    expect(outlines(root, "primary")[0]?.style.borderWidth).toBe("2px")
    expect(outlines(root, "secondary")[0]?.style.borderWidth).toBe("1px")
    const zoomedIn = draw(
      model({ zoom: 2, secondary: [{ box: box(0, 0, 1, 1), isComponent: false }] }),
    )
    expect(outlines(zoomedIn, "primary")[0]?.style.borderWidth).toBe("0.5px")
    expect(outlines(zoomedIn, "secondary")[0]?.style.borderWidth).toBe("0.25px")
  })

  it("stacks move over primary over secondary over the dashed child outlines", () => {
    const root = draw(
      model({
        children: [{ box: box(12, 22, 50, 10), isComponent: false }],
        secondary: [{ box: box(10, 200, 200, 50), isComponent: false }],
        move: { box: box(40, 40, 200, 50), isComponent: false },
      }),
    )
    const z = (kind: string) => Number(outlines(root, kind)[0]?.style.zIndex)
    expect(z("move")).toBe(2000000003)
    expect(z("primary")).toBe(2000000002)
    expect(z("secondary")).toBe(2000000001)
    expect(z("child")).toBe(2000000000)
    expect(outlines(root, "child")[0]?.style.borderStyle).toBe("dashed")
    expect(outlines(root, "move")[0]?.style.left).toBe("40px")
  })

  it("colours elements and components differently, and switches palette in AI context", () => {
    const colour = (m: OverlayModel) => outlines(draw(m), "primary")[0]?.style.borderColor
    const rgb = (hex: string) => {
      const n = Number.parseInt(hex.slice(1), 16)
      return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`
    }
    const component = [{ box: box(0, 0, 10, 10), isComponent: true, name: "Header" }]
    expect(colour(model())).toBe(rgb(OUTLINE_COLOURS.normal.element))
    expect(colour(model({ selected: component }))).toBe(rgb("#6183e4"))
    expect(colour(model({ aiContext: true }))).toBe(rgb("#6858f5"))
    expect(colour(model({ aiContext: true, selected: component }))).toBe(rgb("#5246C2"))
    expect(rgb(OUTLINE_COLOURS.normal.element)).toBe(rgb("#4597F7"))
  })

  it("labels the selection with its name and its size W × H, in 20px type with 8px corners", () => {
    const root = draw(
      model({ selected: [{ box: box(0, 0, 200.4, 49.6), isComponent: false, name: "section" }] }),
    )
    expect(label(root, "name")?.textContent).toBe("section")
    expect(label(root, "size")?.textContent).toBe("200 × 50")
    expect(label(root, "size")?.style.fontSize).toBe("20px")
    expect(label(root, "size")?.style.borderRadius).toBe("8px")
    expect(label(root, "name")?.style.fontSize).toBe("20px")
    const zoomed = draw(model({ zoom: 0.5 }))
    expect(label(zoomed, "size")?.style.fontSize).toBe("40px")
    expect(label(zoomed, "size")?.style.borderRadius).toBe("16px")
  })

  it("shows 'N Elements' for a multi-selection, with an outline on each", () => {
    const root = draw(
      model({
        selected: [
          { box: box(0, 0, 10, 10), isComponent: false, name: "li" },
          { box: box(0, 20, 10, 10), isComponent: false, name: "li" },
          { box: box(0, 40, 10, 10), isComponent: false, name: "li" },
        ],
      }),
    )
    expect(outlines(root, "primary")).toHaveLength(3)
    expect(label(root, "multi-select")?.textContent).toBe("3 Elements")
    expect(label(root, "size")).toBeNull()
  })

  it("offers Edit Dynamic Text only when asked, and reports a press", () => {
    expect(label(draw(model()), "edit-dynamic-text")).toBeNull()
    let pressed = 0
    const root = draw(model({ editDynamicText: true }), () => (pressed += 1))
    const button = label(root, "edit-dynamic-text")
    expect(button?.textContent).toBe(EDIT_DYNAMIC_TEXT_LABEL)
    button?.click()
    expect(pressed).toBe(1)
  })

  it("anchors Edit Dynamic Text to the element's box: above its right edge, moved with it", () => {
    const at = (m: OverlayModel) => {
      const button = label(draw(m), "edit-dynamic-text")
      return {
        left: parseFloat(button?.style.left ?? ""),
        top: parseFloat(button?.style.top ?? ""),
        width: parseFloat(button?.style.minWidth ?? ""),
        height: parseFloat(button?.style.height ?? ""),
        transform: button?.style.transform,
      }
    }
    const first = at(
      model({
        editDynamicText: true,
        selected: [{ box: box(0, 200, 600, 50), isComponent: false, name: "h1" }],
      }),
    )
    // Its right edge on the box's right edge, its bottom 4px over the box's top.
    expect(first.left + first.width).toBe(600)
    expect(first.top + first.height).toBe(196)
    expect(first.transform).toBe("none")
    // Scrolled or resized: the box is drawn elsewhere and the button goes with it.
    const moved = at(
      model({
        editDynamicText: true,
        selected: [{ box: box(0, 80, 660, 50), isComponent: false, name: "h1" }],
      }),
    )
    expect(moved.left + moved.width).toBe(660)
    expect(moved.top + moved.height).toBe(76)
    // At 50% zoom it is twice as large in the page's px and still sits on the box.
    const zoomed = at(
      model({
        zoom: 0.5,
        editDynamicText: true,
        selected: [{ box: box(0, 200, 600, 50), isComponent: false, name: "h1" }],
      }),
    )
    expect(zoomed.width).toBe(first.width * 2)
    expect(zoomed.left + zoomed.width).toBe(600)
    expect(zoomed.top + zoomed.height).toBe(192)
  })

  it("keeps Edit Dynamic Text on the page and clear of the name label", () => {
    // At the page's top there is no room above: it goes under the box, on its right edge.
    const top = label(
      draw(
        model({
          editDynamicText: true,
          selected: [{ box: box(100, 0, 400, 40), isComponent: false, name: "h1" }],
        }),
      ),
      "edit-dynamic-text",
    )
    expect(parseFloat(top?.style.top ?? "")).toBe(44)
    expect(parseFloat(top?.style.left ?? "") + labelSizeOf(EDIT_DYNAMIC_TEXT_LABEL, 1).width).toBe(
      500,
    )
    expect(top?.dataset.place).toBe("outside")
    // A box narrower than the button: above it the name label is in the way, so the button goes
    // under the box, and the size label beside it.
    const root = draw(
      model({
        editDynamicText: true,
        selected: [{ box: box(300, 200, 120, 40), isComponent: false, name: "span" }],
      }),
    )
    const boxOf = (kind: string, text: string) => {
      const element = label(root, kind)
      const size = labelSizeOf(text, 1)
      return box(
        parseFloat(element?.style.left ?? ""),
        parseFloat(element?.style.top ?? ""),
        size.width,
        size.height,
      )
    }
    const button = boxOf("edit-dynamic-text", EDIT_DYNAMIC_TEXT_LABEL)
    const overlap = (a: ReturnType<typeof box>, b: ReturnType<typeof box>) =>
      a.pageX < b.pageX + b.width &&
      b.pageX < a.pageX + a.width &&
      a.pageY < b.pageY + b.height &&
      b.pageY < a.pageY + a.height
    expect(overlap(button, boxOf("name", "span"))).toBe(false)
    expect(overlap(button, boxOf("size", "120 × 40"))).toBe(false)
    expect(button.pageX + button.width).toBe(420)
    expect(button.pageY).toBe(244)
    expect(boxOf("size", "120 × 40").pageX).toBe(428)
  })

  it("draws nothing in drive mode", () => {
    const root = draw(
      model({ driveMode: true, hover: { box: box(0, 0, 1, 1), isComponent: false } }),
    )
    expect(root.children).toHaveLength(0)
  })
})
