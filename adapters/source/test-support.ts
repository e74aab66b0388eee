import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import type {
  CanvasRoot,
  ElementRef,
  SourceRewriter,
} from "../../domain/editing/source-rewriter.port.ts"
import { codebaseIdOf } from "./codebase-id.ts"
import { makeTsMorphRewriter } from "./ts-morph-rewriter.ts"

/* Helpers for the source adapter's tests: a fresh copy of the sample app and ids by snippet. */

export const SAMPLE_APP = join(import.meta.dirname, "../../fixtures/sample-app")

export interface TestCanvas {
  readonly root: CanvasRoot
  readonly rewriter: SourceRewriter["Service"]
  readonly read: (path: string) => Promise<string>
  readonly write: (path: string, text: string) => Promise<void>
  /** The element whose source starts at the `occurrence`-th match of `snippet` in the file. */
  readonly at: (path: string, snippet: string, occurrence?: number) => Promise<ElementRef>
  readonly run: <A, E>(effect: Effect.Effect<A, E>) => Promise<A>
  /** The typed error an effect fails with (the test fails if it succeeds). */
  readonly refusal: <A, E>(effect: Effect.Effect<A, E>) => Promise<E>
  readonly dispose: () => Promise<void>
}

export const makeCanvas = async (
  files?: { readonly [path: string]: string },
  rewriter: SourceRewriter["Service"] = makeTsMorphRewriter(),
): Promise<TestCanvas> => {
  const root = await mkdtemp(join(tmpdir(), "colorday-canvas-"))
  if (files) {
    for (const [path, text] of Object.entries(files)) await writeFile(join(root, path), text)
  } else {
    await cp(SAMPLE_APP, root, {
      recursive: true,
      filter: (source) => !source.includes("/dist"),
    })
  }
  const read = (path: string) => readFile(join(root, path), "utf8")
  return {
    root,
    rewriter,
    read,
    write: (path, text) => writeFile(join(root, path), text),
    at: async (path, snippet, occurrence = 0) => {
      const text = await read(path)
      let index = -1
      for (let i = 0; i <= occurrence; i += 1) {
        index = text.indexOf(snippet, index + 1)
        if (index === -1) throw new Error(`${snippet} not found in ${path}`)
      }
      return { codebaseId: codebaseIdOf(path, index) }
    },
    run: (effect) => Effect.runPromise(effect),
    refusal: (effect) => Effect.runPromise(Effect.flip(effect)),
    dispose: () => rm(root, { recursive: true, force: true }),
  }
}

/** `text` with `before` (which must occur exactly once) replaced by `after`. */
export const replaceOnce = (text: string, before: string, after: string) => {
  const first = text.indexOf(before)
  if (first === -1 || text.indexOf(before, first + 1) !== -1) {
    throw new Error(`Expected exactly one occurrence of ${JSON.stringify(before)}`)
  }
  return text.slice(0, first) + after + text.slice(first + before.length)
}
