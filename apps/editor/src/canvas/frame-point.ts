/** The canvas's iframes (one, or two side by side). */
const canvasFrames = (doc: Document): ReadonlyArray<HTMLIFrameElement> => [
  ...doc.querySelectorAll<HTMLIFrameElement>("iframe[data-canvas-frame]"),
]

/**
 * A point of the editor's window as the canvas's frame sees it: the iframe whose box holds it
 * (found by geometry: while a drag from the editor is over it, the iframe lets the pointer
 * through, see letPointerThroughFrames) and the point in that frame's own coordinates, the
 * iframe's scale (the zoom, a preview fitted to the panel) undone. Null off the canvas.
 */
export const framePointAt = (
  doc: Document,
  clientX: number,
  clientY: number,
): { readonly clientX: number; readonly clientY: number } | null => {
  for (const iframe of canvasFrames(doc)) {
    const box = iframe.getBoundingClientRect()
    if (clientX < box.left || clientX > box.right || clientY < box.top || clientY > box.bottom) {
      continue
    }
    const scale = iframe.offsetWidth > 0 ? box.width / iframe.offsetWidth : 1
    return { clientX: (clientX - box.left) / scale, clientY: (clientY - box.top) / scale }
  }
  return null
}

/**
 * While something is dragged from the editor over the canvas, its iframes let the pointer through
 * to the editor's page (the app's document would take the moves and the release otherwise).
 * Answers the call that puts them back.
 */
export const letPointerThroughFrames = (doc: Document): (() => void) => {
  const frames = canvasFrames(doc)
  const before = frames.map((iframe) => iframe.style.pointerEvents)
  for (const iframe of frames) iframe.style.pointerEvents = "none"
  return () => frames.forEach((iframe, index) => (iframe.style.pointerEvents = before[index] ?? ""))
}
