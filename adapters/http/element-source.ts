import { readFile } from "node:fs/promises"
import { Effect } from "effect"
import type { ts as Ts } from "ts-morph"
import { Canvases } from "../../domain/editing/canvases.port.ts"
import { ElementNotFound, SourceRewriter } from "../../domain/editing/source-rewriter.port.ts"
import { insideCanvas } from "../source/canvas-files.ts"
import { codebaseIdOf } from "../source/codebase-id.ts"

/**
 * One element's source as its file has it, for the editor's code panel and its Copy: the JSX
 * from its first character to its last, the lines it spans, and the import declarations of its
 * file (what a copy pasted into another file needs to resolve its names). Read only: the
 * rewriter names the file (inspectElement); the element is found in it by its codebase id, the
 * same `<path>:<offset>` id the Vite plugin stamps.
 */
export interface ElementSource {
  /** Relative to the canvas root, `/`-separated. */
  readonly path: string
  /** 1-based, inclusive. */
  readonly startLine: number
  readonly endLine: number
  readonly text: string
  readonly imports: string
}

/**
 * TypeScript's compiler, loaded on the first element asked for: `colorday serve` answers the site
 * from the same routes and never needs it, and loading it at start costs the process about 60 MB.
 */
const typescript = Effect.promise(async () => (await import("ts-morph")).ts)

const findElement = (
  ts: typeof Ts,
  path: string,
  text: string,
  codebaseId: string,
): ElementSource | null => {
  const kind = path.endsWith(".jsx") ? ts.ScriptKind.JSX : ts.ScriptKind.TSX
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind)
  let found: Ts.Node | undefined
  const visit = (node: Ts.Node): void => {
    if (found) return
    if (
      (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) &&
      codebaseIdOf(path, node.getStart(source)) === codebaseId
    ) {
      found = node
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  if (!found) return null
  const start = found.getStart(source)
  const imports = source.statements
    .filter(ts.isImportDeclaration)
    .map((statement) => statement.getText(source))
    .join("\n")
  return {
    path,
    startLine: source.getLineAndCharacterOfPosition(start).line + 1,
    endLine: source.getLineAndCharacterOfPosition(found.end).line + 1,
    text: text.slice(start, found.end),
    imports,
  }
}

/** The source of the element `codebaseId` of the canvas `canvasId`. */
export const readElementSource = Effect.fn("readElementSource")(function* (
  canvasId: string,
  codebaseId: string,
) {
  const canvas = yield* (yield* Canvases).find(canvasId)
  const info = yield* (yield* SourceRewriter).inspectElement(canvas.root, codebaseId)
  const text = yield* Effect.tryPromise({
    try: async () => readFile(await insideCanvas(canvas.root, info.path), "utf8"),
    catch: () => new ElementNotFound({ codebaseId }),
  })
  const found = findElement(yield* typescript, info.path, text, codebaseId)
  if (!found) return yield* new ElementNotFound({ codebaseId })
  return found
})
