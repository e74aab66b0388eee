/**
 * Add element's drop indicator (issue 21): while the parent's menu is open, where the new element
 * will go, drawn over the page in a layer of its own (outside the body, like the overlay): a bar
 * on the element's top edge for before, on its bottom edge for after, and a dashed box with a bar
 * along its inner bottom for inside (the new element is its last child). Widths are divided by
 * the zoom, so the indicator looks the same on the parent's canvas at any zoom.
 */
import { FRAME_OWNED_ATTRIBUTE, OUTLINE_COLOURS, Z_INDEX } from "./constants.ts"
import type { PageBoundingBox } from "./nav-tree.ts"

export const INSERT_POSITIONS = ["before", "after", "inside"] as const
export type InsertPosition = (typeof INSERT_POSITIONS)[number]

export const isInsertPosition = (value: unknown): value is InsertPosition =>
  typeof value === "string" && (INSERT_POSITIONS as ReadonlyArray<string>).includes(value)

/** The bar's thickness in px at 100% zoom. */
const BAR_PX = 3

export interface InsertIndicator {
  /** Shows where an element would go at `position` of `key`; null hides it. Answers if drawn. */
  show(key: string | null, position: InsertPosition): boolean
  dispose(): void
}

const px = (value: number) => `${value}px`

const part = (doc: Document, role: string, style: Partial<CSSStyleDeclaration>): HTMLElement => {
  const element = doc.createElement("div")
  element.dataset.insertIndicator = role
  Object.assign(element.style, { position: "absolute", pointerEvents: "none", ...style })
  return element
}

export const createInsertIndicator = (
  doc: Document,
  boxOfKey: (key: string) => PageBoundingBox | undefined,
  zoom: () => number,
): InsertIndicator => {
  const root = doc.createElement("div")
  root.setAttribute(FRAME_OWNED_ATTRIBUTE, "insert-indicator")
  Object.assign(root.style, {
    position: "absolute",
    top: "0px",
    left: "0px",
    width: "0px",
    height: "0px",
    overflow: "visible",
    pointerEvents: "none",
    zIndex: String(Z_INDEX.layer),
  })
  doc.documentElement.appendChild(root)
  const colour = OUTLINE_COLOURS.normal.element

  return {
    show(key, position) {
      root.replaceChildren()
      const box = key === null ? undefined : boxOfKey(key)
      if (!box) return false
      const bar = BAR_PX / zoom()
      const barAt = (top: number) =>
        part(doc, "bar", {
          left: px(box.pageX),
          top: px(top - bar / 2),
          width: px(box.width),
          height: px(bar),
          background: colour,
          borderRadius: px(bar),
        })
      root.dataset.position = position
      if (position === "before") root.appendChild(barAt(box.pageY))
      else if (position === "after") root.appendChild(barAt(box.pageY + box.height))
      else {
        root.appendChild(
          part(doc, "box", {
            left: px(box.pageX),
            top: px(box.pageY),
            width: px(box.width),
            height: px(box.height),
            boxSizing: "border-box",
            border: `${px(bar / 1.5)} dashed ${colour}`,
            background: "rgba(69, 151, 247, 0.08)",
          }),
        )
        root.appendChild(barAt(box.pageY + box.height - bar * 2))
      }
      return true
    },
    dispose() {
      root.remove()
    },
  }
}

/**
 * Where an element dragged from Add element would go when let go at a point of the page: the
 * nearest element the source has (a key) under it, before it over its top quarter, after it over
 * its bottom quarter, inside it over its middle (as a drop in Layers).
 */
export const insertTargetAt = (
  doc: Document,
  clientX: number,
  clientY: number,
  keyOf: (element: Element) => string | undefined,
): { readonly elementKey: string; readonly position: InsertPosition } | null => {
  const at =
    typeof doc.elementFromPoint === "function" ? doc.elementFromPoint(clientX, clientY) : null
  for (let element = at; element && element !== doc.body; element = element.parentElement) {
    if (element === doc.documentElement || element.closest(`[${FRAME_OWNED_ATTRIBUTE}]`))
      return null
    const elementKey = keyOf(element)
    if (elementKey === undefined) continue
    const box = element.getBoundingClientRect()
    const fraction = box.height > 0 ? (clientY - box.top) / box.height : 0.5
    const position: InsertPosition =
      fraction < 0.25 ? "before" : fraction > 0.75 ? "after" : "inside"
    return { elementKey, position }
  }
  return null
}
