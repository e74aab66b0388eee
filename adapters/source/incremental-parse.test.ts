import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { ts } from "ts-morph"
import { beforeAll, describe, expect, it } from "vitest"
import {
  buildFileModel,
  parseErrorsOf,
  parseText,
  reparseText,
  type FileModel,
} from "./jsx-tree.ts"
import { BIG_FILE_NAME, readBigFile, REAL_CODE_FIXTURES } from "./real-code-big-file.ts"
import { applyEdit, changedRange, type Splice } from "./splices.ts"
import { SAMPLE_APP } from "./test-support.ts"

/*
 * An edit's new text is parsed incrementally from the tree of the text it edits (CanvasModels'
 * write). Random splices, chained, on the real-code corpus and the sample app: after each, the
 * incrementally parsed tree is node for node the tree a full parse gives, with the same syntax
 * errors (from a text with errors it is parsed whole), and the file model built on it is the
 * same, its elements every JSX element of the text. Seeded: a failure names its seed.
 */

const BASE_SEED = Number(process.env.INCREMENTAL_PARSE_SEED ?? 20_261_127)
const SEQUENCES = Number(process.env.INCREMENTAL_PARSE_SEQUENCES ?? 12)
const SPLICES = 6

/** mulberry32: a small seeded generator. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** What edits write, and what breaks code: classes, JSX, text, entities, brackets and quotes. */
const SNIPPETS = [
  " ring-7",
  "<span>x</span>",
  '<img alt="" />',
  "{open && <b>on</b>}",
  "We&apos;ll",
  "{/* note */}",
  "\n",
  "\r\n",
  "\t",
  "{",
  "}",
  "</div>",
  "<",
  "'",
  '"',
  "`",
  "(",
  ")",
  "=>",
  ";",
]

/** Where to splice: mostly at a JSX element or attribute, else anywhere. */
const placeIn = (model: FileModel, next: () => number) => {
  const pick = <A>(items: ReadonlyArray<A>) => items[Math.floor(next() * items.length)]
  const element = pick(model.elements)
  const roll = next()
  if (element && roll < 0.4) return element.opening.end - 1
  if (element && roll < 0.7)
    return element.start + Math.floor(next() * (element.end - element.start))
  return Math.floor(next() * (model.text.length + 1))
}

const spliceIn = (model: FileModel, next: () => number): Splice => {
  const start = placeIn(model, next)
  const roll = next()
  const end = roll < 0.5 ? start : Math.min(model.text.length, start + 1 + Math.floor(next() * 40))
  const text =
    roll < 0.25
      ? ""
      : roll < 0.85
        ? SNIPPETS[Math.floor(next() * SNIPPETS.length)]!
        : model.text.slice(start, start + Math.floor(next() * 200))
  return { start, end, text: end === start && text === "" ? " " : text }
}

/**
 * Flags that cache what was asked of a subtree (whether it holds a syntax error), set when first
 * asked: the incremental parser asks, a full parse does not.
 */
const CACHE_FLAGS = (() => {
  const flags = ts.NodeFlags as unknown as Record<string, number | undefined>
  return (flags["HasAggregatedChildData"] ?? 0) | (flags["ThisNodeOrAnySubNodesHasError"] ?? 0)
})()

/**
 * Every node's kind, flags and range, depth first, and whether its parent link leads to the node
 * it is a child of: equal dumps are equal trees.
 */
const dump = (source: ts.SourceFile) => {
  const out: Array<string> = []
  const visit = (node: ts.Node) => {
    const linked = node === source || ts.forEachChild(node.parent, (child) => child === node)
    out.push(`${node.kind}:${node.pos}:${node.end}:${node.flags & ~CACHE_FLAGS}:${linked === true}`)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

/** The starts of all JSX elements by a walk of every node (no subtree skipped). */
const allElementStarts = (source: ts.SourceFile) => {
  const starts: Array<number> = []
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) {
      starts.push(node.getStart(source))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return starts
}

const elementsOf = (model: FileModel) =>
  model.elements.map((element) => ({
    id: element.id,
    start: element.start,
    end: element.end,
    tagName: element.tagName,
    isComponent: element.isComponent,
    parent: element.parent?.id ?? null,
    closing: element.closing === null ? null : element.closing.getStart(model.source),
    inJsxChildren: element.inJsxChildren,
    insideList: element.insideList,
    conditional: element.conditional,
  }))

const texts: Record<string, string> = {}

beforeAll(async () => {
  for (const name of ["sidebar.tsx", "button.tsx", "card.tsx", "leaderboard.crlf.tsx"]) {
    texts[name] = await readFile(join(REAL_CODE_FIXTURES, name), "utf8")
  }
  texts["src/App.tsx"] = await readFile(join(SAMPLE_APP, "src/App.tsx"), "utf8")
  texts[BIG_FILE_NAME] = await readBigFile()
})

describe("an incremental re-parse", () => {
  it("gives the tree, syntax errors and file model of a full parse, after every splice of random sequences", () => {
    let compared = 0
    let broken = 0
    /** Steps from a text without syntax errors: parsed incrementally (else parsed whole). */
    let incrementally = 0
    for (const [path, original] of Object.entries(texts)) {
      const sequences = path === BIG_FILE_NAME ? 3 : SEQUENCES
      for (let sequence = 0; sequence < sequences; sequence += 1) {
        const seed = BASE_SEED + sequence
        const next = random(seed)
        let model = buildFileModel(path, original, "", parseText(path, original))
        for (let step = 0; step < SPLICES; step += 1) {
          const applied = applyEdit(model.text, {
            splices: [spliceIn(model, next)],
            carries: [],
            created: [],
          })
          const range = changedRange(applied.forward)!
          const where = `${path}, seed ${seed}, splice ${step + 1}: ${JSON.stringify(applied.forward)}`
          const full = parseText(path, applied.text)
          if (parseErrorsOf(model.source).length === 0) incrementally += 1
          const incremental = reparseText(model.source, applied.text, range)
          expect(dump(incremental), where).toEqual(dump(full))
          expect(parseErrorsOf(incremental), where).toEqual(parseErrorsOf(full))
          model = buildFileModel(path, applied.text, "", incremental)
          expect(elementsOf(model), where).toEqual(
            elementsOf(buildFileModel(path, applied.text, "", full)),
          )
          expect(
            model.elements.map((element) => element.start),
            where,
          ).toEqual(allElementStarts(full))
          compared += 1
          if (parseErrorsOf(full).length > 0) broken += 1
        }
      }
    }
    // The sequences reach texts that parse and texts that do not, and from texts that parse, both.
    expect(broken).toBeGreaterThan(0)
    expect(compared - broken).toBeGreaterThan(0)
    expect(incrementally).toBeGreaterThan(compared / 5)
    expect(incrementally).toBeLessThan(compared)
  }, 180_000)

  it("is told the one range that several splices change", () => {
    const applied = applyEdit("abcdefghij", {
      splices: [
        { start: 6, end: 8, text: "XYZW" },
        { start: 1, end: 2, text: "" },
      ],
      carries: [],
      created: [],
    })
    expect(applied.text).toBe("acdefXYZWij")
    // From 1 to 8 of the old text: its 7 characters are 8 now.
    expect(changedRange(applied.forward)).toEqual({ start: 1, end: 8, newLength: 8 })
    expect(changedRange([])).toBeNull()
  })
})
