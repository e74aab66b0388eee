import { Effect } from "effect"
import { Canvases } from "./canvases.port.ts"
import type { MutationBodies, MutationEndpoint } from "./mutation-request.ts"
import { type CanvasRoot, SourceRewriter } from "./source-rewriter.port.ts"

/** One call of the mutation API: an endpoint and its decoded body. */
export type MutationCall = {
  [E in MutationEndpoint]: { readonly endpoint: E; readonly body: MutationBodies[E] }
}[MutationEndpoint]

/**
 * Carries out one mutation call on the source tree at `root`, through the source rewriter. The
 * HTTP API and `colorday edits replay` both come here, so a replayed ledger edits exactly as the
 * frame's calls do.
 */
export const applyMutation = Effect.fn("applyMutation")(function* (
  root: CanvasRoot,
  call: MutationCall,
) {
  const rewriter = yield* SourceRewriter
  switch (call.endpoint) {
    case "styling":
      return yield* rewriter.styling(root, call.body)
    case "addJsxElement":
      return yield* rewriter.addJsxElement(root, call.body)
    case "moveJsxElement":
      return yield* rewriter.moveJsxElement(root, call.body)
    case "removeJsxElement":
      return yield* rewriter.removeJsxElement(root, call.body)
    case "changePropValue":
      return yield* rewriter.changePropValue(root, call.body)
    case "wrapInDiv":
      return yield* rewriter.wrapInDiv(root, call.body)
    case "duplicate":
      return yield* rewriter.duplicate(root, call.body)
    case "changeElementTag":
      return yield* rewriter.changeElementTag(root, call.body)
    case "addClass":
      return yield* rewriter.addClass(root, call.body)
    case "removeClass":
      return yield* rewriter.removeClass(root, call.body)
    case "editText":
      return yield* rewriter.editText(root, call.body)
    case "updateClasses":
      return yield* rewriter.updateClasses(root, call.body)
    case "undoChangeToFiles":
      return yield* rewriter.undoChangeToFiles(root)
    case "redoChangeToFiles":
      return yield* rewriter.redoChangeToFiles(root)
  }
})

/** A mutation call on a registered canvas; an id no canvas is registered under is refused. */
export const mutateCanvas = Effect.fn("mutateCanvas")(function* (
  canvasId: string,
  call: MutationCall,
) {
  const canvas = yield* (yield* Canvases).find(canvasId)
  return yield* applyMutation(canvas.root, call)
})
