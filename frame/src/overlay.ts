/**
 * The overlay (§2, §9): outlines and labels drawn in one layer over the page, never inside the
 * body (so they change neither the app's layout nor the element paths). Widths, label fonts and
 * radii are divided by the zoom, so they look the same on the parent's canvas at any zoom.
 */
import {
  FRAME_OWNED_ATTRIBUTE,
  LABEL_FONT_SIZE_PX,
  LABEL_RADIUS_PX,
  OUTLINE_COLOURS,
  OUTLINE_WIDTH,
  Z_INDEX,
} from "./constants.ts"
import { type PageBoundingBox, unionBox } from "./nav-tree.ts"
import { type ContentAt, type LabelKind, labelSizeOf, placeLabel } from "./overlay-labels.ts"
import { type ResizeHandle, drawResizeHandles } from "./resize.ts"

export type OutlineKind = "primary" | "secondary" | "child" | "hover" | "move"

export interface OutlineTarget {
  readonly box: PageBoundingBox
  readonly isComponent: boolean
}

export interface OverlayModel {
  /** 1 at 100% zoom. */
  readonly zoom: number
  readonly aiContext: boolean
  readonly driveMode: boolean
  /** The selected element, or every element of a multi-selection. */
  readonly selected: ReadonlyArray<OutlineTarget & { readonly name: string }>
  readonly children: ReadonlyArray<OutlineTarget>
  readonly secondary: ReadonlyArray<OutlineTarget>
  readonly hover?: OutlineTarget | undefined
  readonly move?: OutlineTarget | undefined
  readonly editDynamicText: boolean
  /** Whether the single selection shows its resize handles. */
  readonly resizable?: boolean
  /** Whether the single selection's text is being edited: the label says so, the size goes. */
  readonly textEditing?: boolean
  /** Where the app has content: the labels keep off it (overlay-labels.ts). */
  readonly contentAt?: ContentAt
}

export const TEXT_MODE_LABEL = "Editing text · Enter saves · Esc cancels"

export const EDIT_DYNAMIC_TEXT_LABEL = "Edit Dynamic Text"

export const outlineColour = (isComponent: boolean, aiContext: boolean): string => {
  const palette = aiContext ? OUTLINE_COLOURS.aiContext : OUTLINE_COLOURS.normal
  return isComponent ? palette.component : palette.element
}

export const sizeLabelText = (box: PageBoundingBox): string =>
  `${Math.round(box.width)} × ${Math.round(box.height)}`

export const multiSelectLabelText = (count: number): string => `${count} Elements`

export const createOverlayRoot = (doc: Document): HTMLElement => {
  const root = doc.createElement("div")
  root.setAttribute(FRAME_OWNED_ATTRIBUTE, "overlay")
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
  // Outside the body: the app's React root and the nav tree's paths never see it.
  doc.documentElement.appendChild(root)
  return root
}

const px = (value: number) => `${value}px`

const outline = (
  doc: Document,
  kind: OutlineKind,
  target: OutlineTarget,
  model: OverlayModel,
): HTMLElement => {
  const element = doc.createElement("div")
  element.dataset.outline = kind
  const width =
    (kind === "secondary" ? OUTLINE_WIDTH.secondary : OUTLINE_WIDTH.primary) / model.zoom
  const zIndex =
    kind === "move"
      ? Z_INDEX.move
      : kind === "primary"
        ? Z_INDEX.primary
        : kind === "child"
          ? Z_INDEX.child
          : Z_INDEX.secondary
  Object.assign(element.style, {
    position: "absolute",
    boxSizing: "border-box",
    pointerEvents: "none",
    left: px(target.box.pageX),
    top: px(target.box.pageY),
    width: px(target.box.width),
    height: px(target.box.height),
    border: `${px(width)} ${kind === "child" ? "dashed" : "solid"} ${outlineColour(target.isComponent, model.aiContext)}`,
    zIndex: String(zIndex),
  })
  return element
}

const label = (
  doc: Document,
  kind: string,
  text: string,
  colour: string,
  model: OverlayModel,
): HTMLElement => {
  const element = doc.createElement("div")
  element.dataset.label = kind
  element.textContent = text
  Object.assign(element.style, {
    position: "absolute",
    pointerEvents: "none",
    whiteSpace: "nowrap",
    fontFamily: "system-ui, -apple-system, sans-serif",
    fontSize: px(LABEL_FONT_SIZE_PX / model.zoom),
    lineHeight: "1.2",
    borderRadius: px(LABEL_RADIUS_PX / model.zoom),
    padding: `${px(2 / model.zoom)} ${px(8 / model.zoom)}`,
    background: colour,
    color: "#ffffff",
    zIndex: String(Z_INDEX.primary),
  })
  return element
}

/** Edit Dynamic Text, placed by the caller on the element's box like the labels (redrawn with them
 * on scroll, zoom and resize); the app's own button rules (width, margin, display) never reach it. */
const editDynamicTextButton = (
  doc: Document,
  colour: string,
  model: OverlayModel,
  onEditDynamicText: () => void,
): HTMLElement => {
  const button = doc.createElement("button")
  button.type = "button"
  button.dataset.label = "edit-dynamic-text"
  button.textContent = EDIT_DYNAMIC_TEXT_LABEL
  const size = labelSizeOf(EDIT_DYNAMIC_TEXT_LABEL, model.zoom)
  Object.assign(button.style, {
    position: "absolute",
    pointerEvents: "auto",
    cursor: "pointer",
    display: "block",
    boxSizing: "border-box",
    width: "auto",
    minWidth: px(size.width),
    height: px(size.height),
    margin: "0px",
    transform: "none",
    whiteSpace: "nowrap",
    lineHeight: "1.2",
    fontFamily: "system-ui, -apple-system, sans-serif",
    fontSize: px(LABEL_FONT_SIZE_PX / model.zoom),
    borderRadius: px(LABEL_RADIUS_PX / model.zoom),
    padding: `${px(2 / model.zoom)} ${px(8 / model.zoom)}`,
    border: "none",
    background: colour,
    color: "#ffffff",
    zIndex: String(Z_INDEX.primary),
  })
  button.addEventListener("click", (event) => {
    event.preventDefault()
    event.stopPropagation()
    onEditDynamicText()
  })
  return button
}

/**
 * Redraws everything from the model; `onEditDynamicText` runs when the button is pressed,
 * `onResizeStart` when a resize handle is pressed.
 */
export const renderOverlay = (
  root: HTMLElement,
  model: OverlayModel,
  onEditDynamicText: () => void,
  onResizeStart?: (handle: ResizeHandle, event: MouseEvent) => void,
): void => {
  const doc = root.ownerDocument
  root.replaceChildren()
  if (model.driveMode) return
  const gap = 4 / model.zoom
  for (const target of model.children) root.appendChild(outline(doc, "child", target, model))
  for (const target of model.secondary) root.appendChild(outline(doc, "secondary", target, model))
  if (model.hover) root.appendChild(outline(doc, "hover", model.hover, model))
  for (const target of model.selected) root.appendChild(outline(doc, "primary", target, model))
  if (model.move) root.appendChild(outline(doc, "move", model.move, model))

  const [single, ...others] = model.selected
  if (!single) return
  if (others.length > 0) {
    const box = unionBox(model.selected.map((target) => target.box))
    const multi = label(
      doc,
      "multi-select",
      multiSelectLabelText(model.selected.length),
      outlineColour(false, model.aiContext),
      model,
    )
    multi.style.left = px(box.pageX)
    multi.style.top = px(box.pageY - gap)
    multi.style.transform = "translateY(-100%)"
    root.appendChild(multi)
    return
  }
  const colour = outlineColour(single.isComponent, model.aiContext)
  const contentAt = model.contentAt ?? (() => false)
  const labelled: Array<PageBoundingBox> = []
  const place = (element: HTMLElement, kind: LabelKind, text: string) => {
    const size = labelSizeOf(text, model.zoom)
    const { box, inside } = placeLabel(kind, single.box, size, gap, contentAt, labelled)
    labelled.push(box)
    element.style.left = px(box.pageX)
    element.style.top = px(box.pageY)
    element.dataset.place = inside ? "inside" : "outside"
    root.appendChild(element)
  }
  if (model.textEditing === true) {
    // Text mode shows: a thicker outline and a label naming the mode and its keys.
    for (const drawn of root.querySelectorAll<HTMLElement>('[data-outline="primary"]')) {
      drawn.style.borderWidth = px((2 * OUTLINE_WIDTH.primary) / model.zoom)
    }
    place(label(doc, "text-mode", TEXT_MODE_LABEL, colour, model), "name", TEXT_MODE_LABEL)
  } else {
    place(label(doc, "name", single.name, colour, model), "name", single.name)
    // The button before the size label: it is the one to press, so it gets the nearer place.
    if (model.editDynamicText) {
      place(
        editDynamicTextButton(doc, colour, model, onEditDynamicText),
        "action",
        EDIT_DYNAMIC_TEXT_LABEL,
      )
    }
    const sizeText = sizeLabelText(single.box)
    place(label(doc, "size", sizeText, colour, model), "size", sizeText)
  }

  if (model.resizable === true && onResizeStart) {
    drawResizeHandles(root, single.box, model.zoom, colour, onResizeStart)
  }
}
