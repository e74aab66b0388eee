import { realpath } from "node:fs/promises"
import { Effect, Layer } from "effect"
import {
  DynamicContentNotEditable,
  ElementChanged,
  ElementNotFound,
  FileConflict,
  NothingToRevert,
  OldContentMismatch,
  ParentMismatch,
  PathOutsideCanvas,
  ResultDoesNotParse,
  SourceRewriter,
  UnsupportedEdit,
} from "../../domain/editing/source-rewriter.port.ts"
import { CanvasEditor } from "./canvas-editor.ts"
import type { FileOps } from "./canvas-files.ts"

const DOMAIN_ERRORS = [
  ElementNotFound,
  ElementChanged,
  FileConflict,
  PathOutsideCanvas,
  ResultDoesNotParse,
  OldContentMismatch,
  ParentMismatch,
  DynamicContentNotEditable,
  UnsupportedEdit,
  NothingToRevert,
] as const

type Refusal = InstanceType<(typeof DOMAIN_ERRORS)[number]>

const isRefusal = (error: unknown): error is Refusal =>
  DOMAIN_ERRORS.some((type) => error instanceof type)

/**
 * The SourceRewriter port over ts-morph: one CanvasEditor per canvas root, kept for the life of
 * the process. Refusals are typed errors; file system failures are defects. `fileOps` lets tests
 * make writes fail.
 */
export const makeTsMorphRewriter = (options: { readonly fileOps?: FileOps } = {}) => {
  const canvases = new Map<string, Promise<CanvasEditor>>()
  const canvasFor = (root: string) => {
    let canvas = canvases.get(root)
    if (!canvas) {
      canvas = realpath(root).then((real) => new CanvasEditor(real, options.fileOps))
      canvases.set(root, canvas)
    }
    return canvas
  }
  const run = <A, E extends Refusal>(
    root: string,
    task: (canvas: CanvasEditor) => Promise<A> | A,
    refreshFirst = true,
  ): Effect.Effect<A, E> =>
    Effect.tryPromise({
      try: async () => {
        const canvas = await canvasFor(root)
        return canvas.run(async () => {
          if (refreshFirst) await canvas.models.refresh()
          return task(canvas)
        })
      },
      catch: (error) => error,
    }).pipe(
      Effect.catch((error) => (isRefusal(error) ? Effect.fail(error as E) : Effect.die(error))),
    )

  return SourceRewriter.of({
    styling: (root, request) => run(root, (canvas) => canvas.styling(request)),
    addJsxElement: (root, request) => run(root, (canvas) => canvas.addJsxElement(request)),
    moveJsxElement: (root, request) => run(root, (canvas) => canvas.moveJsxElement(request)),
    removeJsxElement: (root, request) => run(root, (canvas) => canvas.removeJsxElement(request)),
    changePropValue: (root, request) => run(root, (canvas) => canvas.changePropValue(request)),
    wrapInDiv: (root, request) => run(root, (canvas) => canvas.wrapInDiv(request)),
    duplicate: (root, request) => run(root, (canvas) => canvas.duplicate(request)),
    changeElementTag: (root, request) => run(root, (canvas) => canvas.changeElementTag(request)),
    addClass: (root, request) => run(root, (canvas) => canvas.addClass(request)),
    removeClass: (root, request) => run(root, (canvas) => canvas.removeClass(request)),
    updateClasses: (root, request) => run(root, (canvas) => canvas.updateClasses(request)),
    editText: (root, request) => run(root, (canvas) => canvas.editText(request)),
    undoChangeToFiles: (root) => run(root, (canvas) => canvas.revert("undo"), false),
    redoChangeToFiles: (root) => run(root, (canvas) => canvas.revert("redo"), false),
    inspectElement: (root, codebaseId) => run(root, (canvas) => canvas.inspect(codebaseId)),
    listComponents: (root) => run(root, (canvas) => canvas.components()),
  })
}

/** The SourceRewriter port, rewriting TSX with ts-morph. */
export const layerTsMorphRewriter = Layer.sync(SourceRewriter, makeTsMorphRewriter)
