// The visual editor's source rewriting: per-mutation latency (p50, p95) on generated files of
// 500, 2,000 and 10,000 lines, beside a bare TypeScript parse of the same file taken in turns with
// each run (every edit parses its new text, incrementally from the tree of the old one, so a small
// edit can take less than a bare parse). Prints figures only; the aim is an edit within 3x a bare
// parse.
// Then the real-code corpus's largest file: add-class beside Babel + Prettier (editor-real-code.ts).
// `npm run bench -- editor` runs only this among the benches that take names.
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { ts } from "ts-morph"
import { contentHash } from "../adapters/source/canvas-files.ts"
import { codebaseIdOf } from "../adapters/source/codebase-id.ts"
import { cardBlock as block } from "../adapters/source/long-file-fixture.ts"
import { makeTsMorphRewriter } from "../adapters/source/ts-morph-rewriter.ts"
import type { ElementRef, SourceRewriter } from "../domain/editing/source-rewriter.port.ts"
import { realCodeRows } from "./editor-real-code.ts"
import { decimals, printTable } from "./support/table.ts"

const SIZES = [500, 2_000, 10_000] as const
const WARMUP_RUNS = 3
const TIMED_RUNS = 20
const FILE = "Long.tsx"

const HEADER = `import type { JSX } from 'react';\n`
const BLOCK_LINES = block(0).split("\n").length - 1

const fileOf = (lines: number) => {
  const cards = Math.max(1, Math.round((lines - 1) / BLOCK_LINES))
  return { text: HEADER + Array.from({ length: cards }, (_, n) => block(n)).join(""), cards }
}

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN

type Rewriter = SourceRewriter["Service"]
type Mutation = (rewriter: Rewriter, root: string) => Effect.Effect<unknown, unknown>

const only = process.argv.slice(2)
const wanted = only.length === 0 || only.some((word) => "editor".includes(word))

const run = async () => {
  const rows: Array<Array<string>> = []
  const ms = decimals(1)
  // The parser's code is compiled on first use: warm it on the largest file before any timing.
  const warm = fileOf(SIZES[SIZES.length - 1]!).text
  for (let i = 0; i < 10; i += 1) {
    ts.createSourceFile(FILE, warm, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  }
  for (const lines of SIZES) {
    const { text, cards } = fileOf(lines)
    const middle = Math.floor(cards / 2)
    const at = (snippet: string, occurrence = middle): ElementRef => {
      let index = -1
      for (let i = 0; i <= occurrence; i += 1) index = text.indexOf(snippet, index + 1)
      return { codebaseId: codebaseIdOf(FILE, index) }
    }
    // The client knows the version it took its ids from (each run starts from the same text).
    const seenFileHashes = { [FILE]: contentHash(text) }
    const footer = at("<footer")
    const h2 = at("<h2")
    const mutations: ReadonlyArray<readonly [string, Mutation]> = [
      [
        "addClass",
        (r, root) => r.addClass(root, { seenFileHashes, reactElement: footer, className: "mt-4" }),
      ],
      [
        "removeClass",
        (r, root) =>
          r.removeClass(root, { seenFileHashes, reactElement: footer, className: "card-footer" }),
      ],
      [
        "updateClasses",
        (r, root) =>
          r.updateClasses(root, {
            seenFileHashes,
            reactElement: footer,
            oldClasses: ["card-footer"],
            newClasses: ["card-footer", "mt-4", "text-sm"],
          }),
      ],
      [
        "styling (Tailwind)",
        (r, root) =>
          r.styling(root, {
            seenFileHashes,
            reactElement: footer,
            styling: { color: "#4597F7" },
            stylingFramework: "Tailwind",
            modifiers: ["hover", "md"],
          }),
      ],
      [
        "styling (inline)",
        (r, root) =>
          r.styling(root, {
            seenFileHashes,
            reactElement: h2,
            styling: { color: "red" },
            stylingFramework: "Inline",
          }),
      ],
      [
        "editText",
        (r, root) =>
          r.editText(root, {
            seenFileHashes,
            element: footer,
            oldText: `Card ${middle} ends here`,
            newText: "The end",
          }),
      ],
      [
        "changePropValue",
        (r, root) =>
          r.changePropValue(root, {
            seenFileHashes,
            elementToModify: footer,
            propName: "title",
            propValue: "Hi",
          }),
      ],
      [
        "changeElementTag",
        (r, root) =>
          r.changeElementTag(root, { seenFileHashes, elementToModify: footer, newTag: "div" }),
      ],
      [
        "addJsxElement",
        (r, root) =>
          r.addJsxElement(root, {
            seenFileHashes,
            afterElement: h2,
            newElement: { type: "nativeTag", nativeTag: "hr" },
          }),
      ],
      [
        "moveJsxElement",
        (r, root) =>
          r.moveJsxElement(root, { seenFileHashes, elementToMove: h2, afterElement: at("<p>") }),
      ],
      [
        "removeJsxElement",
        (r, root) => r.removeJsxElement(root, { seenFileHashes, elementsToRemove: [h2] }),
      ],
      ["wrapInDiv", (r, root) => r.wrapInDiv(root, { seenFileHashes, reactElements: [h2] })],
      ["duplicate", (r, root) => r.duplicate(root, { seenFileHashes, reactElements: [h2] })],
    ]

    const bareParse = () => {
      const start = performance.now()
      ts.createSourceFile(FILE, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
      return performance.now() - start
    }
    // Every mutation run is taken in turn with a bare parse, so that both see the same load on a
    // shared machine: each mutation's ratio is to the parses taken beside it; the parse row holds
    // them all.
    const parses: Array<number> = []
    const mutationRows: Array<Array<string>> = []
    const root = await mkdtemp(join(tmpdir(), "colorday-bench-editor-"))
    try {
      await writeFile(join(root, FILE), text)
      // One long-lived rewriter, as the server keeps one per canvas.
      const rewriter = makeTsMorphRewriter()
      for (const [name, mutation] of mutations) {
        const samples: Array<number> = []
        const beside: Array<number> = []
        for (let i = 0; i < WARMUP_RUNS + TIMED_RUNS; i += 1) {
          const parsed = bareParse()
          const start = performance.now()
          await Effect.runPromise(mutation(rewriter, root))
          const elapsed = performance.now() - start
          if (i >= WARMUP_RUNS) {
            samples.push(elapsed)
            beside.push(parsed)
          }
          // Back to the same text, so the same ids name the same elements next time.
          await Effect.runPromise(rewriter.undoChangeToFiles(root))
        }
        parses.push(...beside)
        samples.sort((a, b) => a - b)
        beside.sort((a, b) => a - b)
        const p50 = percentile(samples, 0.5)
        mutationRows.push([
          `${lines} lines`,
          name,
          ms.format(p50),
          ms.format(percentile(samples, 0.95)),
          `${decimals(1).format(p50 / percentile(beside, 0.5))}x`,
        ])
      }
      parses.sort((a, b) => a - b)
      rows.push(
        [
          `${lines} lines`,
          "bare parse (ts.createSourceFile)",
          ms.format(percentile(parses, 0.5)),
          ms.format(percentile(parses, 0.95)),
          "1.0x",
        ],
        ...mutationRows,
      )
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  }
  console.log(
    `\nEditor: one mutation through the ts-morph rewriter (write and history included), ${TIMED_RUNS} runs each\n`,
  )
  printTable(["file", "mutation", "p50 ms", "p95 ms", "p50 / parse"], rows)
  const real = await realCodeRows()
  console.log(`\n${real.title}, ${TIMED_RUNS} runs (Babel + Prettier fewer)\n`)
  printTable(real.header, real.rows)
}

if (wanted) await run()
