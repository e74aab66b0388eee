import { Effect } from "effect"
import { Canvases } from "./canvases.port.ts"
import { SourceRewriter } from "./source-rewriter.port.ts"

/**
 * The components a registered canvas's files export, with the props an element of each must be
 * given: what the editor's Add element offers, and asks for before it inserts one (issue 21).
 */
export const listCanvasComponents = Effect.fn("listCanvasComponents")(function* (canvasId: string) {
  const canvas = yield* (yield* Canvases).find(canvasId)
  return yield* (yield* SourceRewriter).listComponents(canvas.root)
})
