import { Context, Data, type Effect } from "effect"
import type { CanvasRoot } from "./source-rewriter.port.ts"

/** A registered canvas: an app the editor may rewrite, named by an id the API's paths carry. */
export interface Canvas {
  /** Letters, digits, hyphens and underscores, like every id of the editor. */
  readonly id: string
  readonly root: CanvasRoot
}

/** No canvas is registered under this id. */
export class CanvasNotFound extends Data.TaggedError("CanvasNotFound")<{
  readonly canvasId: string
}> {
  readonly code = "CANVAS_NOT_FOUND"
  override get message() {
    return `No canvas with id ${this.canvasId}`
  }
}

/**
 * The canvases registered with this server (by configuration, or by `colorday editor`). Only
 * their roots are ever rewritten: an id names a registered root, never a path.
 */
export class Canvases extends Context.Service<
  Canvases,
  {
    readonly find: (canvasId: string) => Effect.Effect<Canvas, CanvasNotFound>
    readonly list: Effect.Effect<ReadonlyArray<Canvas>>
  }
>()("colorday/Canvases") {}
