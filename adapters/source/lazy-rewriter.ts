import { Effect, Layer } from "effect"
import { SourceRewriter } from "../../domain/editing/source-rewriter.port.ts"

type Rewriter = SourceRewriter["Service"]

/**
 * The ts-morph rewriter, loaded on its first call: ts-morph carries a whole TypeScript compiler,
 * which the CLI's other commands and a server that never edits should not pay for at start-up.
 */
export const layerLazyTsMorphRewriter = Layer.sync(SourceRewriter, () => {
  let loaded: Promise<Rewriter> | undefined
  const rewriter = Effect.promise(() => {
    loaded ??= import("./ts-morph-rewriter.ts").then((module) => module.makeTsMorphRewriter())
    return loaded
  })
  const later =
    (name: keyof Rewriter) =>
    (...args: Array<unknown>) =>
      Effect.flatMap(rewriter, (loadedRewriter) =>
        (loadedRewriter[name] as (...input: Array<unknown>) => Effect.Effect<unknown, unknown>)(
          ...args,
        ),
      )
  const names: ReadonlyArray<keyof Rewriter> = [
    "styling",
    "addJsxElement",
    "moveJsxElement",
    "removeJsxElement",
    "changePropValue",
    "wrapInDiv",
    "duplicate",
    "changeElementTag",
    "addClass",
    "removeClass",
    "updateClasses",
    "editText",
    "undoChangeToFiles",
    "redoChangeToFiles",
    "inspectElement",
    "listComponents",
  ]
  // Each method forwards its arguments and its typed outcome unchanged.
  return SourceRewriter.of(
    Object.fromEntries(names.map((name) => [name, later(name)])) as unknown as Rewriter,
  )
})
