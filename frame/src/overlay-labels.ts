/**
 * Where the selection's labels go (issue 21: "the size label covers the next line of content").
 * The name label sits above the box's top-left corner and the size label under its bottom
 * edge, outside the box, as long as no content of the app is there; where there is (the next
 * line of text, a sibling) or no page at all (above the page's top, past its right edge), the
 * label goes beside the box's right edge, and where that is taken too, inside the box's corner:
 * the name top-left, the size bottom-right, so the two never meet.
 */
import { FRAME_OWNED_ATTRIBUTE, LABEL_FONT_SIZE_PX } from "./constants.ts"
import type { PageBoundingBox } from "./nav-tree.ts"

/** The name label, the size label, or the selection's action button (Edit Dynamic Text). */
export type LabelKind = "name" | "size" | "action"

export interface LabelPlace {
  readonly box: PageBoundingBox
  /** Whether the label moved inside the selection's box. */
  readonly inside: boolean
}

/** Tells whether some of the app's content (not the selection's own) lies under a page box, or
 * the box leaves the page on the right. */
export type ContentAt = (box: PageBoundingBox) => boolean

/** A label's size, from its text, in the page's px at the zoom (the font is divided by it). */
export const labelSizeOf = (text: string, zoom: number): { width: number; height: number } => ({
  // An average glyph of system-ui is about 0.6 em wide; the padding is 8px each side.
  width: (text.length * 0.6 * LABEL_FONT_SIZE_PX + 16) / zoom,
  height: (LABEL_FONT_SIZE_PX * 1.2 + 4) / zoom,
})

const overlaps = (a: PageBoundingBox, b: PageBoundingBox) =>
  a.pageX < b.pageX + b.width &&
  b.pageX < a.pageX + a.width &&
  a.pageY < b.pageY + b.height &&
  b.pageY < a.pageY + a.height

/**
 * The first free place for a label: outside the box (the name above it, the size under it), then
 * beside its right edge, clear of the resize handle there (a small box, a button in a line of
 * text, has room beside more often than above or under), and else inside its corner. `taken` are
 * the labels already placed. An action sits on the box's right edge: above it, under it, beside
 * it, else inside the top-right corner, so it stays on its element wherever the box is drawn.
 */
export const placeLabel = (
  kind: LabelKind,
  selection: PageBoundingBox,
  size: { readonly width: number; readonly height: number },
  gap: number,
  contentAt: ContentAt,
  taken?: PageBoundingBox | ReadonlyArray<PageBoundingBox>,
): LabelPlace => {
  const takenBoxes: ReadonlyArray<PageBoundingBox> =
    taken === undefined ? [] : "pageX" in taken ? [taken] : taken
  const { width, height } = size
  const right = selection.pageX + selection.width
  const bottom = selection.pageY + selection.height
  const rightAligned = Math.max(0, right - width)
  const outside: ReadonlyArray<PageBoundingBox> =
    kind === "action"
      ? [
          { pageX: rightAligned, pageY: selection.pageY - gap - height, width, height },
          { pageX: rightAligned, pageY: bottom + gap, width, height },
          { pageX: right + 2 * gap, pageY: selection.pageY, width, height },
        ]
      : kind === "name"
        ? [
            { pageX: selection.pageX, pageY: selection.pageY - gap - height, width, height },
            { pageX: right + 2 * gap, pageY: selection.pageY, width, height },
          ]
        : [
            {
              pageX: Math.max(0, selection.pageX + selection.width / 2 - width / 2),
              pageY: bottom + gap,
              width,
              height,
            },
            { pageX: right + 2 * gap, pageY: Math.max(0, bottom - height), width, height },
          ]
  const free = outside.find(
    (box) =>
      box.pageY >= 0 &&
      box.pageX >= 0 &&
      !takenBoxes.some((other) => overlaps(box, other)) &&
      !contentAt(box),
  )
  if (free) return { box: free, inside: false }
  const inside: PageBoundingBox =
    kind === "action"
      ? {
          pageX: Math.max(selection.pageX, right - gap - width),
          pageY: selection.pageY + gap,
          width,
          height,
        }
      : kind === "name"
        ? { pageX: selection.pageX + gap, pageY: selection.pageY + gap, width, height }
        : {
            pageX: Math.max(selection.pageX, right - gap - width),
            pageY: Math.max(selection.pageY, bottom - gap - height),
            width,
            height,
          }
  return { box: inside, inside: true }
}

/**
 * The app's content under a box, probed at its corners and centre with elementsFromPoint: an
 * element there counts unless it is the selection, one of its ancestors (they hold it, so they
 * are under every label) or inside it, or the frame's own (the overlay lets the pointer through,
 * so it is never hit). Points outside the window find nothing: a label there covers nothing seen.
 */
export const contentProbe =
  (doc: Document, selected: ReadonlyArray<Element>): ContentAt =>
  (box) => {
    const view = doc.defaultView
    if (!view || typeof doc.elementsFromPoint !== "function") return false
    const pageWidth = doc.documentElement.scrollWidth
    if (pageWidth > 0 && box.pageX + box.width > pageWidth) return true
    const left = box.pageX - view.scrollX
    const top = box.pageY - view.scrollY
    const points: ReadonlyArray<readonly [number, number]> = [
      [left + 1, top + 1],
      [left + box.width - 1, top + 1],
      [left + 1, top + box.height - 1],
      [left + box.width - 1, top + box.height - 1],
      [left + box.width / 2, top + box.height / 2],
    ]
    return points.some(([x, y]) =>
      doc
        .elementsFromPoint(x, y)
        .some(
          (element) =>
            element !== doc.documentElement &&
            element !== doc.body &&
            element.closest(`[${FRAME_OWNED_ATTRIBUTE}]`) === null &&
            !selected.some((own) => element.contains(own) || own.contains(element)),
        ),
    )
  }
