/**
 * The editor's view of the app, apart from React: the zoom, the previewed width (and the
 * breakpoint style edits go under), side by side, the canvas panel's width that a wide preview is
 * scaled to fit, and drive mode. EditorSession (editor-session.ts) adds the selection and the
 * edits on top; the store and the change ledger's lifecycle are edit-lifecycle.ts's.
 */
import {
  SIDE_BY_SIDE_GAP_PX,
  breakpointAt,
  frameZoomPerc,
  previewWidthProblem,
} from "../canvas/preview-widths.ts"
import { EditLifecycle } from "./edit-lifecycle.ts"

export abstract class EditorView extends EditLifecycle {
  /** The canvas panel's laid-out width in CSS pixels (0 until the canvas has measured it). */
  private canvasWidth = 0

  setZoom(zoomPerc: number): void {
    this.update({ zoomPerc })
    this.syncFrameZoom()
  }

  /**
   * Previews the app at `width` CSS pixels (null: the canvas panel's own width). Style edits go
   * under the breakpoint whose classes show at that width (preview-widths.ts), until the
   * inspector's breakpoint is set otherwise.
   */
  setPreviewWidth(width: number | null): void {
    if (width !== null && previewWidthProblem(width) !== null) return
    // One width: side by side ends.
    if (this.snapshot.sideBySide !== null) this.showSecondFrame?.(false)
    this.update({
      sideBySide: null,
      activeFrame: 0,
      previewWidth: width,
      modifiers: { ...this.snapshot.modifiers, breakpoint: breakpointAt(width) },
    })
    this.syncFrameZoom()
  }

  /**
   * Side by side: the app in two live frames at these widths (a phone and a desktop), or back to
   * one frame (null). Selection and edits are shared; a style edit goes under the breakpoint of
   * the frame it is made in (setActiveFrame).
   */
  setSideBySide(widths: readonly [number, number] | null): void {
    if (widths !== null && widths.some((width) => previewWidthProblem(width) !== null)) return
    this.showSecondFrame?.(widths !== null)
    const active = widths === null ? 0 : this.snapshot.activeFrame
    const width = widths === null ? null : widths[active]
    this.update({
      sideBySide: widths,
      activeFrame: active,
      previewWidth: width,
      modifiers: { ...this.snapshot.modifiers, breakpoint: breakpointAt(width) },
    })
    this.syncFrameZoom()
  }

  /** The frame the user works in now, side by side: edits follow its width's breakpoint. */
  setActiveFrame(index: 0 | 1): void {
    const { sideBySide, activeFrame } = this.snapshot
    if (sideBySide === null || index === activeFrame) return
    const width = sideBySide[index]
    this.update({
      activeFrame: index,
      previewWidth: width,
      modifiers: { ...this.snapshot.modifiers, breakpoint: breakpointAt(width) },
    })
  }

  /** The canvas panel's width as laid out, which a wide preview is scaled down to fit. */
  setCanvasWidth(width: number): void {
    if (width === this.canvasWidth) return
    this.canvasWidth = width
    this.syncFrameZoom()
  }

  /** Tells the frame the zoom it is drawn at, when it changes (its outlines divide by it). */
  private syncFrameZoom() {
    const { zoomPerc, previewWidth, sideBySide, frameZoomPerc: current } = this.snapshot
    // Side by side, both frames (and the gap between them) fit the panel at one zoom.
    const laidOut =
      sideBySide === null ? previewWidth : sideBySide[0] + sideBySide[1] + SIDE_BY_SIDE_GAP_PX
    const next = frameZoomPerc(zoomPerc, laidOut, this.canvasWidth)
    if (next === current) return
    this.update({ frameZoomPerc: next })
    void this.call("setZoomPerc", [next])
  }

  setDriveMode(on: boolean): void {
    this.update({ driveMode: on, ...(on ? { hoveredKey: null } : {}) })
    void this.call(on ? "enableDriveMode" : "disableDriveMode")
  }
}
