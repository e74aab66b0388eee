import { type RefObject, useEffect, useRef } from "react"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import { WelcomeCard } from "../onboarding/WelcomeCard.tsx"
import { SIDE_BY_SIDE_GAP_PX } from "./preview-widths.ts"

/**
 * The edited app in an iframe, at the editor's zoom: the frame is laid out at the canvas's size
 * divided by the zoom and scaled back, so the app sees a real viewport and the outlines the frame
 * draws keep their width (the frame divides them by the zoom, §9). Previewing a width, the frame
 * is laid out that wide (its media queries see it), centred, and scaled down when it would not
 * fit the panel at the zoom.
 */
export const Canvas = ({
  src,
  frameRef,
  secondFrameRef,
}: {
  readonly src: string
  readonly frameRef: RefObject<HTMLIFrameElement | null>
  /** The second frame of side by side, when the editor has one. */
  readonly secondFrameRef?: RefObject<HTMLIFrameElement | null> | undefined
}) => {
  const session = useSession()
  const { frameZoomPerc, previewWidth, frameReady, driveMode, sideBySide, activeFrame } =
    useEditor()
  const panelRef = useRef<HTMLElement>(null)
  const scale = frameZoomPerc / 100

  useEffect(() => {
    const panel = panelRef.current
    if (!panel || typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(() => session.setCanvasWidth(panel.clientWidth))
    observer.observe(panel)
    session.setCanvasWidth(panel.clientWidth)
    return () => observer.disconnect()
  }, [session])

  return (
    <section
      ref={panelRef}
      aria-label="Canvas"
      className="relative h-full overflow-hidden bg-slate-200"
    >
      {sideBySide !== null && secondFrameRef ? (
        <div
          className="absolute inset-0 flex justify-center overflow-hidden pt-6"
          style={{ gap: `${SIDE_BY_SIDE_GAP_PX * scale}px` }}
        >
          {sideBySide.map((width, index) => (
            <div
              key={index}
              className="relative h-full shrink-0"
              style={{ width: `${width * scale}px` }}
            >
              <p
                className={`absolute -top-5 left-0 text-xs ${activeFrame === index ? "font-semibold text-slate-900" : "text-slate-500"}`}
              >
                {index === 0 ? "Phone" : "Desktop"} · {width}px
                {activeFrame === index ? " · edits here" : ""}
              </p>
              <iframe
                ref={index === 0 ? frameRef : secondFrameRef}
                src={src}
                title={`Canvas: the edited app at ${width}px`}
                data-canvas-frame={index === 0 ? "" : "second"}
                className={`absolute top-0 left-0 origin-top-left border-0 bg-white shadow ${activeFrame === index ? "ring-2 ring-indigo-500" : ""}`}
                style={{
                  width: `${width}px`,
                  height: `${100 / scale}%`,
                  transform: `scale(${scale})`,
                }}
              />
            </div>
          ))}
        </div>
      ) : (
        <iframe
          ref={frameRef}
          src={src}
          title="Canvas: the edited app"
          data-canvas-frame=""
          className={
            previewWidth === null
              ? "absolute top-0 left-0 origin-top-left border-0 bg-white"
              : "absolute top-0 left-1/2 origin-top border-0 bg-white shadow"
          }
          style={
            previewWidth === null
              ? {
                  width: `${100 / scale}%`,
                  height: `${100 / scale}%`,
                  transform: `scale(${scale})`,
                }
              : {
                  width: `${previewWidth}px`,
                  height: `${100 / scale}%`,
                  transform: `translateX(-50%) scale(${scale})`,
                }
          }
        />
      )}
      {!frameReady && (
        <p
          role="status"
          className="absolute top-3 left-1/2 -translate-x-1/2 rounded bg-white/90 px-3 py-1 text-sm text-slate-700 shadow"
        >
          Connecting to the app…
        </p>
      )}
      <WelcomeCard />
      {driveMode && (
        <p className="pointer-events-none absolute right-3 bottom-3 rounded bg-slate-900/80 px-2 py-1 text-xs text-white">
          Drive mode: the app behaves as itself
        </p>
      )}
    </section>
  )
}
