import { readFile, rm } from "node:fs/promises"
import { join } from "node:path"
import { Effect } from "effect"
import { ts } from "ts-morph"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type {
  ElementRef,
  MutationResult,
  NewElement,
  PropValue,
} from "../../domain/editing/source-rewriter.port.ts"
import { contentHash } from "./canvas-files.ts"
import { staticClasses } from "./jsx-style-edits.ts"
import {
  buildFileModel,
  parseErrorsOf,
  parseText,
  type FileModel,
  type JsxInfo,
} from "./jsx-tree.ts"
import { BIG_FILE_NAME as BIG, readBigFile, REAL_CODE_FIXTURES } from "./real-code-big-file.ts"
import { unresolvedNamesInFile } from "./scope-check.ts"
import { makeCanvas, type TestCanvas } from "./test-support.ts"

/*
 * The rewriter on a corpus of component code written the way popular libraries write it
 * (fixtures/real-code: cva() variants, forwardRef, asChild / Slot, compound components, && chains
 * and ternaries, fragments, keyed .map() lists, entities, comments inside JSX, a CRLF file, a
 * tab-indented file) and on a file of over 5,000 lines put together at test time from those parts.
 * Random sequences of every mutation kind: each result parses, reads no name that no declaration
 * binds which read none before, and differs from the text before it only inside the edited
 * elements' lines; undoing the whole sequence gives back the exact bytes. Refusals are counted;
 * a refused edit must leave the file as it was. Seeded: a failure names its seed, and
 * REAL_CODE_SEED=<seed> makes that seed every file's first sequence.
 */

const BASE_SEED = Number(process.env.REAL_CODE_SEED ?? 20_261_127)
/** Per file: sequences, and the most edits in one. The big file is slow to parse, so fewer. */
const PLAN: ReadonlyArray<readonly [path: string, sequences: number, maxEdits: number]> = [
  ["sidebar.tsx", 50, 4],
  ["button.tsx", 30, 4],
  ["card.tsx", 60, 4],
  ["leaderboard.crlf.tsx", 60, 4],
  ["nav-menu.tsx", 60, 4],
  [BIG, 8, 3],
]

/** mulberry32: a small seeded generator. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

type Range = readonly [start: number, end: number]

/** The range widened to whole lines: an edit re-indents and re-breaks the lines it touches. */
const lines = (text: string, [start, end]: Range): Range => {
  const after = text.indexOf("\n", end)
  return [text.lastIndexOf("\n", start - 1) + 1, after === -1 ? text.length : after + 1]
}

const own = (element: JsxInfo): Range => [element.start, element.end]
/**
 * Where a structural edit of an element may write: its parent's list of children (the nearest
 * enclosing element or fragment: removing `{open && <p />}`'s only element removes the braces).
 */
const around = (element: JsxInfo): Range => {
  for (let node = element.node.parent; node; node = node.parent) {
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) return [node.getStart(), node.end]
  }
  return own(element)
}

/** The cva() calls of a file: a class edit may write to the definition an element's call reaches. */
const cvaCalls = (file: FileModel): Range[] => {
  const found: Range[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "cva"
    ) {
      found.push([node.getStart(file.source), node.end])
    }
    ts.forEachChild(node, visit)
  }
  visit(file.source)
  return found
}

/** Where an added component's import goes: the imports, or the top of a file with none. */
const importsOf = (file: FileModel): Range => {
  const imports = file.source.statements.filter(ts.isImportDeclaration)
  return [0, imports.length === 0 ? 0 : imports[imports.length - 1]!.end]
}

/**
 * Null when `after` is `before` with only the given ranges (widened to whole lines) replaced;
 * else what of `before` outside them is missing. The text between the ranges must come back in
 * order: found leftmost, which leaves the most room to the ranges after.
 */
const outsideChange = (
  before: string,
  after: string,
  ranges: ReadonlyArray<Range>,
): string | null => {
  const merged: Array<[number, number]> = []
  for (const [low, high] of ranges
    .map((range) => lines(before, range))
    .sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1]
    if (last && low <= last[1]) last[1] = Math.max(last[1], high)
    else merged.push([low, high])
  }
  const head = before.slice(0, merged[0]?.[0] ?? before.length)
  if (merged.length === 0) return before === after ? null : "changed, where nothing may change"
  if (!after.startsWith(head)) return `the text before ${head.length} changed`
  const tail = before.slice(merged[merged.length - 1]![1])
  let cursor = head.length
  for (let index = 0; index + 1 < merged.length; index += 1) {
    const between = before.slice(merged[index]![1], merged[index + 1]![0])
    const found = after.indexOf(between, cursor)
    if (found === -1) return `the text at ${merged[index]![1]} changed: ${JSON.stringify(between)}`
    cursor = found + between.length
  }
  if (!after.endsWith(tail) || after.length - tail.length < cursor) {
    return `the text after ${merged[merged.length - 1]![1]} changed`
  }
  return null
}

/** A line indented with spaces (a tab-indented file must stay without one). */
const spaceIndented = (text: string) => /^ +\S/m.test(text)
const hasBareLineFeed = (text: string) => /(^|[^\r])\n/.test(text)

let canvas: TestCanvas
const original: Record<string, string> = {}

beforeAll(async () => {
  for (const [path] of PLAN) {
    if (path !== BIG) original[path] = await readFile(join(REAL_CODE_FIXTURES, path), "utf8")
  }
  original[BIG] = await readBigFile()
  canvas = await makeCanvas(original)
})
afterAll(() => canvas.dispose())

const modelOf = (path: string, text: string): FileModel =>
  buildFileModel(path, text, contentHash(text), parseText(path, text))

interface Planned {
  readonly kind: string
  readonly run: () => Effect.Effect<MutationResult, unknown>
  /** Where in the file, before the edit, it may write. */
  readonly ranges: ReadonlyArray<Range>
  /** It may add an import to a file. */
  readonly imports?: boolean
}

describe("the rewriter on real component code", () => {
  it("the corpus is what it says: every file parses, CRLF and tabs where named, one over 5,000 lines", () => {
    for (const [path, text] of Object.entries(original)) {
      expect(parseErrorsOf(parseText(path, text)), path).toEqual([])
      expect(modelOf(path, text).elements.length, path).toBeGreaterThan(3)
    }
    expect(hasBareLineFeed(original["leaderboard.crlf.tsx"]!)).toBe(false)
    expect(original["nav-menu.tsx"]!).toMatch(/^\t\t<li>$/m)
    expect(spaceIndented(original["nav-menu.tsx"]!)).toBe(false)
    expect(original[BIG]!.split("\n").length).toBeGreaterThan(5_000)
    expect(unresolvedNamesInFile(BIG, original[BIG]!).has("CardHeader_3")).toBe(false)
  })

  it("the checks below catch what they look for", () => {
    const before = "a\n<p>one</p>\nb\n<i>two</i>\nc\n"
    const p: Range = [2, 12]
    const i: Range = [15, 25]
    expect(outsideChange(before, before.replace("one", "uno"), [p])).toBeNull()
    expect(outsideChange(before, before.replace("two", "dos"), [p])).toMatch(/after/)
    expect(outsideChange(before, before.replace("b", "B"), [p, i])).toMatch(/changed/)
    expect(
      outsideChange(before, before.replace("<p>one</p>\n", "").replace("c\n", "<p>one</p>\nc\n"), [
        p,
      ]),
    ).not.toBeNull()
    expect(
      outsideChange(
        before,
        before.replace("<p>one</p>\n", "").replace("two</i>\n", "two<p>one</p></i>\n"),
        [p, i],
      ),
    ).toBeNull()
    expect(hasBareLineFeed("a\r\nb\r\n")).toBe(false)
    expect(hasBareLineFeed("a\r\nb\n")).toBe(true)
    expect(spaceIndented("\ta\n\t\tb\n")).toBe(false)
    expect(spaceIndented("\ta\n  b\n")).toBe(true)
    const component = (body: string) =>
      `function A({ width }: { width: number }) { return <div>{width}</div> }\nfunction B() { return <div>${body}</div> }\n`
    expect([...unresolvedNamesInFile("a.tsx", component("")).keys()]).toEqual([])
    expect([...unresolvedNamesInFile("a.tsx", component("{width}")).keys()]).toEqual(["width"])
  })

  it(`random sequences of every mutation kind: each result parses, resolves its names, changes only the edited elements, and undoes to the bytes`, async () => {
    const counts: Record<string, { applied: number; refused: number }> = {}
    const refusals: Record<string, number> = {}
    let sequences = 0
    for (const [path, total, maxEdits] of PLAN) {
      for (let sequence = 0; sequence < total; sequence += 1) {
        const seed = BASE_SEED + sequence
        const next = random(seed)
        const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)]!
        await canvas.write(path, original[path]!)
        await rm(join(canvas.root, ".colorday"), { recursive: true, force: true })
        sequences += 1
        const snapshots: Array<Record<string, string>> = []
        const others = Object.keys(original).filter((other) => other !== path)
        const snapshot = async () =>
          Object.fromEntries(
            await Promise.all(
              Object.keys(original).map(async (file) => [file, await canvas.read(file)] as const),
            ),
          )
        const start = await snapshot()
        snapshots.push(start)
        const length = 1 + Math.floor(next() * maxEdits)
        for (let step = 0; step < length; step += 1) {
          const before = await canvas.read(path)
          const file = modelOf(path, before)
          const elements = file.elements
          const seenFileHashes = { [path]: file.hash }
          const ref = (element: JsxInfo): ElementRef => ({ codebaseId: element.id })
          const one = () => pick(elements)
          // Structural edits mostly on what can have siblings (a component's root is refused).
          const children = elements.filter((element) => element.inJsxChildren)
          const child = () => (children.length > 0 && next() < 0.8 ? pick(children) : one())
          // Text edits mostly on elements with text of their own.
          const texts = elements.filter((element) =>
            ts.isJsxElement(element.node)
              ? element.node.children.some((part) => ts.isJsxText(part) && part.text.trim() !== "")
              : false,
          )
          const withText = () => (texts.length > 0 && next() < 0.8 ? pick(texts) : one())
          const rewriter = canvas.rewriter
          const root = canvas.root
          const classRanges = (element: JsxInfo) => [own(element), ...cvaCalls(file)]
          const value = (): PropValue => pick(["hello", 'say "hi"', 3, true, null, ["a"]])
          const kinds: ReadonlyArray<() => Planned> = [
            () => {
              const element = one()
              const framework = pick(["Tailwind", "Inline"] as const)
              return {
                kind: "styling",
                ranges: classRanges(element),
                run: () =>
                  rewriter.styling(root, {
                    seenFileHashes,
                    reactElement: ref(element),
                    styling: {
                      [pick(["color", "padding", "display", "margin-top", "fontSize"])]: pick([
                        "red",
                        "24px",
                        "8px",
                        "flex",
                        null,
                      ]),
                    },
                    stylingFramework: framework,
                    modifiers: next() < 0.3 ? [pick(["hover", "md", "focus"])] : [],
                  }),
              }
            },
            () => {
              const target = one()
              const where = pick(["before", "after", "in"] as const)
              const newElement = pick<NewElement>([
                {
                  type: "nativeTag",
                  nativeTag: pick(["div", "span", "li"]),
                  propsToSet: { children: "New" },
                },
                {
                  type: "native",
                  nativeTag: "p",
                  propsToSet: { className: "text-sm", children: "Tom & Jerry's" },
                },
                {
                  type: "component",
                  componentName: "Badge",
                  componentFile: "card.tsx",
                  propsToSet: { variant: "outline" },
                },
              ])
              return {
                kind: "addJsxElement",
                ranges: [where === "in" ? own(target) : around(target)],
                imports: newElement.type === "component",
                run: () =>
                  rewriter.addJsxElement(root, {
                    seenFileHashes,
                    newElement,
                    ...(where === "before"
                      ? { beforeElement: ref(target) }
                      : where === "after"
                        ? { afterElement: ref(target) }
                        : { destinationElement: ref(target) }),
                  }),
              }
            },
            () => {
              const moved = child()
              const target = one()
              const where = pick(["before", "after", "in"] as const)
              return {
                kind: "moveJsxElement",
                ranges: [around(moved), where === "in" ? own(target) : around(target)],
                run: () =>
                  rewriter.moveJsxElement(root, {
                    seenFileHashes,
                    elementToMove: ref(moved),
                    ...(where === "before"
                      ? { beforeElement: ref(target) }
                      : where === "after"
                        ? { afterElement: ref(target) }
                        : { newContainerElement: ref(target) }),
                  }),
              }
            },
            () => {
              const removed = [child(), child()].slice(0, 1 + Math.floor(next() * 2))
              return {
                kind: "removeJsxElement",
                ranges: removed.map(around),
                run: () =>
                  rewriter.removeJsxElement(root, {
                    seenFileHashes,
                    elementsToRemove: removed.map(ref),
                  }),
              }
            },
            () => {
              const element = one()
              return {
                kind: "changePropValue",
                ranges: [own(element)],
                run: () =>
                  rewriter.changePropValue(root, {
                    seenFileHashes,
                    elementToModify: ref(element),
                    propName: pick(["title", "id", "data-state", "hidden", "className"]),
                    propValue: value(),
                  }),
              }
            },
            () => {
              const element = one()
              return {
                kind: "wrapInDiv",
                ranges: [own(element)],
                run: () =>
                  rewriter.wrapInDiv(root, { seenFileHashes, reactElements: [ref(element)] }),
              }
            },
            () => {
              const copied = [child(), child()].slice(0, 1 + Math.floor(next() * 2))
              return {
                kind: "duplicate",
                ranges: copied.map(around),
                run: () =>
                  rewriter.duplicate(root, { seenFileHashes, reactElements: copied.map(ref) }),
              }
            },
            () => {
              const element = one()
              return {
                kind: "changeElementTag",
                ranges: [own(element)],
                run: () =>
                  rewriter.changeElementTag(root, {
                    seenFileHashes,
                    elementToModify: ref(element),
                    newTag: pick(["section", "div", "article", "span"]),
                  }),
              }
            },
            () => {
              const element = one()
              return {
                kind: "addClass",
                ranges: classRanges(element),
                run: () =>
                  rewriter.addClass(root, {
                    seenFileHashes,
                    reactElement: ref(element),
                    className: pick(["p-2", "flex", "mt-4", "bg-[url('/hero.png')]"]),
                    stylingFramework: "Tailwind",
                  }),
              }
            },
            () => {
              const element = one()
              let classes: ReadonlyArray<string> = []
              try {
                classes = staticClasses(file, element)
              } catch {
                // A className with nothing static: the rewriter refuses it too.
              }
              return {
                kind: "removeClass",
                ranges: classRanges(element),
                run: () =>
                  rewriter.removeClass(root, {
                    seenFileHashes,
                    reactElement: ref(element),
                    className: classes.length > 0 && next() < 0.8 ? pick(classes) : "flex",
                  }),
              }
            },
            () => {
              const element = one()
              let classes: ReadonlyArray<string> = []
              try {
                classes = staticClasses(file, element)
              } catch {
                // As above.
              }
              return {
                kind: "updateClasses",
                ranges: classRanges(element),
                run: () =>
                  rewriter.updateClasses(root, {
                    seenFileHashes,
                    reactElement: ref(element),
                    oldClasses: [element.id, ...classes],
                    newClasses: pick([
                      [...classes, "p-2"],
                      ["flex", "gap-2"],
                      [],
                      classes.slice(1),
                      [...classes].reverse(),
                    ]),
                  }),
              }
            },
            () => {
              const element = withText()
              return {
                kind: "editText",
                ranges: [own(element)],
                run: () =>
                  Effect.gen(function* () {
                    const info = yield* rewriter.inspectElement(root, element.id)
                    return yield* rewriter.editText(root, {
                      seenFileHashes,
                      element: ref(element),
                      ...(next() < 0.8 ? { oldText: info.staticText ?? "" } : {}),
                      newText: pick(["Edited", "a {brace}", "Tom & Jerry's <b>", " spaced "]),
                    })
                  }),
              }
            },
          ]
          const planned = pick(kinds)()
          const tally = (counts[planned.kind] ??= { applied: 0, refused: 0 })
          const why = `REAL_CODE_SEED=${seed}: ${path}, sequence ${sequence}, edit ${step + 1} of ${length} (${planned.kind})`
          const outcome = await Effect.runPromise(
            Effect.match(planned.run(), {
              onFailure: (error) => ({ refused: error as { readonly code?: string } }),
              onSuccess: (result) => ({ result }),
            }),
          )
          if (process.env.REAL_CODE_TRACE === "all") {
            console.log(why, JSON.stringify(outcome).slice(0, 300), "\n", await canvas.read(path))
          }
          if ("refused" in outcome) {
            tally.refused += 1
            expect(outcome.refused.code, `${why}: a refusal without a code`).toMatch(/^[A-Z_]+$/)
            const code = outcome.refused.code ?? "no code"
            refusals[code] = (refusals[code] ?? 0) + 1
            if (process.env.REAL_CODE_TRACE === "refusals") {
              const reason = String((outcome.refused as { message?: string }).message)
              console.log(
                `refused ${planned.kind} ${code}: ${reason.replace(/tempo-[\w-]+/g, "<id>")}`,
              )
            }
            expect(await canvas.read(path), `${why}: refused, yet the file changed`).toBe(before)
            continue
          }
          tally.applied += 1
          const now = await snapshot()
          for (const changed of outcome.result.changedFiles) {
            const text = now[changed.path]
            expect(text, `${why}: changed ${changed.path}, not in the corpus`).toBeDefined()
            expect(parseErrorsOf(parseText(changed.path, text!)), why).toEqual([])
            expect(contentHash(text!), why).toBe(changed.fileHash)
          }
          const after = now[path]!
          const ranges = planned.imports ? [...planned.ranges, importsOf(file)] : planned.ranges
          expect(outsideChange(before, after, ranges), why).toBeNull()
          if (!hasBareLineFeed(before))
            expect(hasBareLineFeed(after), `${why}: a bare LF in a CRLF file`).toBe(false)
          if (!spaceIndented(before)) {
            expect(
              spaceIndented(after),
              `${why}: a space-indented line in a tab-indented file`,
            ).toBe(false)
          }
          const unresolvedBefore = unresolvedNamesInFile(path, before)
          const newly = [...unresolvedNamesInFile(path, after).keys()].filter(
            (name) => !unresolvedBefore.has(name),
          )
          expect(newly, `${why}: names no longer resolved`).toEqual([])
          const previous = snapshots[snapshots.length - 1]!
          for (const other of others) {
            const ranges = planned.imports ? [importsOf(modelOf(other, previous[other]!))] : []
            expect(
              outsideChange(previous[other]!, now[other]!, ranges),
              `${why}: ${other}`,
            ).toBeNull()
          }
          if (outcome.result.changedFiles.length > 0) snapshots.push(now)
        }
        for (let undo = snapshots.length - 1; undo > 0; undo -= 1) {
          await Effect.runPromise(canvas.rewriter.undoChangeToFiles(canvas.root))
        }
        expect(
          await snapshot(),
          `REAL_CODE_SEED=${seed}: ${path}, sequence ${sequence}: undo`,
        ).toEqual(start)
      }
    }
    const applied = Object.values(counts).reduce((sum, count) => sum + count.applied, 0)
    const refused = Object.values(counts).reduce((sum, count) => sum + count.refused, 0)
    console.log(
      `real-code corpus: ${sequences} sequences, ${applied} edits applied, ${refused} refused ${JSON.stringify(refusals)}; by kind ${JSON.stringify(counts)}`,
    )
    // Every kind is exercised and mostly applied, not only refused.
    expect(Object.keys(counts)).toHaveLength(12)
    for (const [kind, count] of Object.entries(counts)) {
      expect(count.applied, `${kind} never applied`).toBeGreaterThan(0)
    }
    expect(applied).toBeGreaterThan(refused)
  }, 300_000)
})
