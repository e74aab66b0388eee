import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type {
  ElementRef,
  MutationResult,
  NewElement,
  PropValue,
} from "../../domain/editing/source-rewriter.port.ts"
import { contentHash } from "./canvas-files.ts"
import { staticClasses } from "./jsx-style-edits.ts"
import { buildFileModel, parseErrorsOf, parseText, type FileModel } from "./jsx-tree.ts"
import { makeCanvas, type TestCanvas } from "./test-support.ts"

/*
 * Random edit sequences on the sample app, then some undone, some of those redone, and all undone:
 * every undo and redo gives back the exact bytes of the state it returns to, the end is
 * byte-identical to the start, and every file every edit wrote parses. Seeded, so a failure
 * replays.
 */

// The 500 sequences; each of 1 to MAX_EDITS edits (short sequences keep the run in
// seconds on two cores, and many of them exercise undo from many different states).
const SEQUENCES = 500
const MAX_EDITS = 4
const FILES = [
  "src/App.tsx",
  "src/components/Header.tsx",
  "src/components/TaskList.tsx",
  "src/components/TaskItem.tsx",
  "src/components/Badge.tsx",
  "src/components/Footer.tsx",
]

/** mulberry32: a small seeded generator. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

let canvas: TestCanvas
beforeAll(async () => {
  canvas = await makeCanvas()
})
afterAll(async () => {
  await canvas.dispose()
})

const snapshot = async (): Promise<Record<string, string>> =>
  Object.fromEntries(
    await Promise.all(FILES.map(async (path) => [path, await canvas.read(path)] as const)),
  )

const modelOf = async (path: string): Promise<FileModel> => {
  const text = await canvas.read(path)
  return buildFileModel(path, text, contentHash(text), parseText(path, text))
}

describe("random edit sequences", () => {
  it(`${SEQUENCES} sequences of 1 to ${MAX_EDITS} edits, undone and redone at random, then undone to the original bytes`, async () => {
    const next = random(20_260_501)
    const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)]!
    const start = await snapshot()
    const rewriter = canvas.rewriter
    const root = canvas.root
    let applied = 0
    let refused = 0
    let attempted = 0
    let redone = 0

    for (let sequence = 0; sequence < SEQUENCES; sequence += 1) {
      // The files after each change of this sequence, the start first.
      const states = [start]
      const length = 1 + Math.floor(next() * MAX_EDITS)
      for (let edit = 0; edit < length; edit += 1) {
        attempted += 1
        const file = await modelOf(pick(FILES))
        const elements = file.elements
        if (elements.length === 0) continue
        const any = (): ElementRef => ({ codebaseId: pick(elements).id })
        // A client that knows the version it picked its ids in says so (as the editor does):
        // ids are positions, and one reused by an earlier edit is refused without it.
        const seenFileHashes = { [file.path]: file.hash }
        const value = (): PropValue => pick(["hello", 'say "hi"', 3, true, null, ["a"]])
        const mutations: ReadonlyArray<() => Effect.Effect<MutationResult, unknown>> = [
          () =>
            rewriter.styling(root, {
              seenFileHashes,
              reactElement: any(),
              styling: {
                [pick(["color", "padding", "display", "cursor", "fontSize"])]: pick([
                  "red",
                  "8px",
                  "flex",
                  null,
                ]),
              },
              stylingFramework: pick(["Tailwind", "Inline"] as const),
              modifiers: next() < 0.3 ? [pick(["hover", "md", "2xl", "focus"])] : [],
            }),
          () =>
            rewriter.addJsxElement(root, {
              seenFileHashes,
              ...pick([
                { beforeElement: any() },
                { afterElement: any() },
                { destinationElement: any() },
              ]),
              newElement: pick<NewElement>([
                {
                  type: "nativeTag",
                  nativeTag: pick(["div", "span", "b"]),
                  propsToSet: { children: "New" },
                },
                {
                  type: "component",
                  componentName: "Badge",
                  propsToSet: { label: "x", tone: "gray" },
                },
              ]),
            }),
          () =>
            rewriter.moveJsxElement(root, {
              seenFileHashes,
              elementToMove: any(),
              ...pick([
                { beforeElement: any() },
                { afterElement: any() },
                { newContainerElement: any() },
              ]),
            }),
          () =>
            rewriter.removeJsxElement(root, {
              seenFileHashes,
              elementsToRemove: [any(), any()].slice(0, 1 + Math.floor(next() * 2)),
            }),
          () =>
            rewriter.changePropValue(root, {
              seenFileHashes,
              elementToModify: any(),
              propName: pick(["title", "id", "data-x", "hidden"]),
              propValue: value(),
            }),
          () =>
            rewriter.wrapInDiv(root, {
              seenFileHashes,
              reactElements: [any()],
            }),
          () =>
            rewriter.duplicate(root, {
              seenFileHashes,
              reactElements: [any(), any()].slice(0, 1 + Math.floor(next() * 2)),
            }),
          () =>
            rewriter.changeElementTag(root, {
              seenFileHashes,
              elementToModify: any(),
              newTag: pick(["section", "div", "article"]),
            }),
          () =>
            rewriter.addClass(root, {
              seenFileHashes,
              reactElement: any(),
              className: pick(["p-2", "flex", "x-1"]),
            }),
          () =>
            rewriter.removeClass(root, {
              seenFileHashes,
              reactElement: any(),
              className: pick(["flex", "p-2", "text-sm"]),
            }),
          () => {
            const element = pick(elements)
            let classes: ReadonlyArray<string> = []
            try {
              classes = staticClasses(file, element)
            } catch {
              // A className built by an expression: the rewriter refuses it too.
            }
            return rewriter.updateClasses(root, {
              seenFileHashes,
              reactElement: { codebaseId: element.id },
              // The DOM's view: the element's own id class among them; now and then a stale one.
              oldClasses: next() < 0.9 ? [element.id, ...classes] : ["stale"],
              newClasses: pick([
                [...classes, "p-2"],
                ["flex", "gap-2"],
                [],
                classes.slice(1),
                [...classes].reverse(),
              ]),
            })
          },
          () =>
            Effect.gen(function* () {
              const element = any()
              const info = yield* rewriter.inspectElement(root, element.codebaseId)
              return yield* rewriter.editText(root, {
                seenFileHashes,
                element,
                oldText: info.staticText ?? "",
                newText: pick(["Edited", "a {brace}", " spaced "]),
              })
            }),
        ]
        const outcome = await Effect.runPromise(
          Effect.match(pick(mutations)(), {
            onFailure: () => null,
            onSuccess: (result) => result,
          }),
        )
        if (!outcome) {
          refused += 1
          continue
        }
        const ids = new Set<string>()
        for (const changed of outcome.changedFiles) {
          const text = await canvas.read(changed.path)
          expect(parseErrorsOf(parseText(changed.path, text))).toEqual([])
          expect(contentHash(text)).toBe(changed.fileHash)
          for (const element of (await modelOf(changed.path)).elements) ids.add(element.id)
        }
        for (const id of [...Object.values(outcome.codebaseIds), ...outcome.addedCodebaseIds]) {
          expect(ids.has(id)).toBe(true)
        }
        if (outcome.changedFiles.length > 0) {
          states.push(await snapshot())
          applied += 1
        }
      }
      // Undo some, redo some of those, each landing on the state it goes back (or forth) to.
      let at = states.length - 1
      const undos = Math.floor(next() * (at + 1))
      for (let undo = 0; undo < undos; undo += 1) {
        await Effect.runPromise(rewriter.undoChangeToFiles(root))
        at -= 1
      }
      if (undos > 0) expect(await snapshot()).toEqual(states[at])
      const redos = Math.floor(next() * (undos + 1))
      for (let redo = 0; redo < redos; redo += 1) {
        await Effect.runPromise(rewriter.redoChangeToFiles(root))
        at += 1
      }
      if (redos > 0) expect(await snapshot()).toEqual(states[at])
      redone += redos
      for (; at > 0; at -= 1) await Effect.runPromise(rewriter.undoChangeToFiles(root))
      expect(await snapshot()).toEqual(start)
    }
    // The generator must exercise the rewriter, not only its refusals.
    console.log(`random edits: ${applied} applied, ${refused} refused, ${redone} redone`)
    expect(applied).toBeGreaterThan(attempted * 0.3)
    expect(applied + refused).toBeLessThanOrEqual(attempted)
    expect(redone).toBeGreaterThan(SEQUENCES / 4)
  }, 300_000)
})
