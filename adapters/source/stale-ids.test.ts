import { rm } from "node:fs/promises"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type {
  ElementRef,
  MutationResult,
  SourceRewriter,
} from "../../domain/editing/source-rewriter.port.ts"
import { contentHash } from "./canvas-files.ts"
import { buildFileModel, parseText, type FileModel, type JsxInfo } from "./jsx-tree.ts"
import { makeTsMorphRewriter } from "./ts-morph-rewriter.ts"
import { makeCanvas, type TestCanvas } from "./test-support.ts"

/*
 * Codebase ids are positions, so after a move, an insert or a removal an id may name another
 * element. A client that sends no seenFileHashes (tempo-devtools never does) and still holds ids
 * from earlier versions must never edit an element other than the one it saw: the rewriter
 * re-finds that element, or refuses. Random structural edits (by a client that knows its
 * version), then edits by stale ids of random earlier versions; every element carries a unique
 * data-k, so the element each edit touched is known. Seeded: STALE_IDS_SEED=<n> replays a run.
 */

const SEQUENCES = 300
const STEPS = 6
const PATH = "List.tsx"
const BASE_SEED = Number(process.env.STALE_IDS_SEED ?? 20_261_127)

const SOURCE = [
  `export function List({ items }: { items: string[] }) {`,
  `  return (`,
  `    <main data-k="k0" className="p-4">`,
  `      <section data-k="k1">`,
  `        <p data-k="k2">One</p>`,
  `        <p data-k="k3">Two</p>`,
  `        <span data-k="k4">Three</span>`,
  `      </section>`,
  `      <section data-k="k5">`,
  `        <p data-k="k6">Four</p>`,
  `        <div data-k="k7">`,
  `          <p data-k="k8">Five</p>`,
  `          <p data-k="k9">Six</p>`,
  `        </div>`,
  `        <p data-k="k10">Seven</p>`,
  `      </section>`,
  `      <ul data-k="k11">`,
  `        {items.map((item) => (`,
  `          <li data-k="k12" key={item}>{item}</li>`,
  `        ))}`,
  `        <li data-k="k13">Eight</li>`,
  `        <li data-k="k14">Nine</li>`,
  `      </ul>`,
  `    </main>`,
  `  )`,
  `}`,
  ``,
].join("\n")

/** mulberry32: a small seeded generator. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const keyOf = (file: FileModel, element: JsxInfo) =>
  /data-k="(k\d+)"/.exec(element.opening.getText(file.source))?.[1] ?? "?"

/** One version of the file as a client saw it: its ids and what each element is. */
interface Version {
  readonly model: FileModel
  /** data-k → the element's opening tag text. */
  readonly openings: ReadonlyMap<string, string>
}

const versionOf = (text: string): Version => {
  const model = buildFileModel(PATH, text, contentHash(text), parseText(PATH, text))
  return {
    model,
    openings: new Map(
      model.elements.map((element) => [
        keyOf(model, element),
        element.opening.getText(model.source),
      ]),
    ),
  }
}

/** data-k of the element and every element inside it. */
const subtreeKeys = (version: Version, key: string) => {
  const root = version.model.elements.find((element) => keyOf(version.model, element) === key)!
  return new Set(
    version.model.elements
      .filter((element) => element.start >= root.start && element.end <= root.end)
      .map((element) => keyOf(version.model, element)),
  )
}

let canvas: TestCanvas
let rewriter: SourceRewriter["Service"]
beforeAll(async () => {
  rewriter = makeTsMorphRewriter()
  canvas = await makeCanvas({ [PATH]: SOURCE }, rewriter)
})
afterAll(async () => {
  await canvas.dispose()
})

describe("edits by stale codebase ids, without seenFileHashes", () => {
  it(`${SEQUENCES} sequences of ${STEPS} random moves, inserts and removals, each followed by an edit by a stale id: none touches another element`, async () => {
    const counts = {
      structural: 0,
      stale: 0,
      refound: 0,
      refused: {} as Record<string, number>,
      fresh: 0,
      freshRefused: 0,
    }
    for (let sequence = 0; sequence < SEQUENCES; sequence += 1) {
      const seed = BASE_SEED + sequence
      const next = random(seed)
      const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)]!
      // Each sequence starts from the same text, written by hand (a change on disk), with no
      // undo history (the history is rewritten on every edit; a long one only slows the test).
      await canvas.write(PATH, SOURCE)
      await rm(join(canvas.root, ".colorday"), { recursive: true, force: true })
      const run = (effect: Effect.Effect<MutationResult, unknown>) =>
        Effect.runPromise(
          Effect.match(effect, {
            onFailure: (error) => ({ refused: error as { readonly code?: string } }),
            onSuccess: (result) => ({ result }),
          }),
        )
      const versions: Version[] = [versionOf(SOURCE)]
      let added = 100
      for (let step = 0; step < STEPS; step += 1) {
        const current = versions[versions.length - 1]!
        const elements = current.model.elements
        const ref = (element: JsxInfo): ElementRef => ({ codebaseId: element.id })
        const seenFileHashes = { [PATH]: current.model.hash }
        const structural = pick([
          () =>
            rewriter.moveJsxElement(canvas.root, {
              elementToMove: ref(pick(elements)),
              ...pick([
                { beforeElement: ref(pick(elements)) },
                { afterElement: ref(pick(elements)) },
                { newContainerElement: ref(pick(elements)) },
              ]),
              seenFileHashes,
            }),
          () =>
            rewriter.addJsxElement(canvas.root, {
              ...pick([
                { beforeElement: ref(pick(elements)) },
                { afterElement: ref(pick(elements)) },
                { destinationElement: ref(pick(elements)) },
              ]),
              newElement: {
                type: "nativeTag",
                nativeTag: pick(["p", "span", "li", "div"]),
                propsToSet: { "data-k": `k${(added += 1)}`, children: "New" },
              },
              seenFileHashes,
            }),
          () =>
            rewriter.removeJsxElement(canvas.root, {
              elementsToRemove: [ref(pick(elements))],
              seenFileHashes,
            }),
        ])
        if ("result" in (await run(structural()))) {
          counts.structural += 1
          versions.push(versionOf(await canvas.read(PATH)))
          // A client that caught up (it holds the new ids) but sends no hashes either: its edit
          // lands on the element it means, or is refused when the id was another's lately.
          const fresh = versions[versions.length - 1]!
          const meant = pick(fresh.model.elements)
          const meantKey = keyOf(fresh.model, meant)
          const title = `fresh-${sequence}-${step}`
          const freshOutcome = await run(
            rewriter.changePropValue(canvas.root, {
              elementToModify: { codebaseId: meant.id },
              propName: "title",
              propValue: title,
            }),
          )
          counts.fresh += 1
          if ("result" in freshOutcome) {
            const after = versionOf(await canvas.read(PATH))
            expect(
              after.openings.get(meantKey),
              `seed ${seed}: fresh edit of ${meantKey}`,
            ).toContain(`title="${title}"`)
            versions.push(after)
          } else if (freshOutcome.refused.code === "ELEMENT_CHANGED") {
            counts.freshRefused += 1
          }
        }

        // A client still holding the ids of an earlier version edits by one of them.
        const seen = pick(versions)
        const target = pick(seen.model.elements)
        const key = keyOf(seen.model, target)
        const before = versions[versions.length - 1]!
        const beforeText = await canvas.read(PATH)
        const marker = `stale-${sequence}-${step}`
        const staleRef: ElementRef =
          next() < 0.5 ? { codebaseId: target.id } : { codebaseId: target.id, name: target.tagName }
        const edit = pick(["prop", "class", "remove", "tag"] as const)
        const outcome = await run(
          edit === "prop"
            ? rewriter.changePropValue(canvas.root, {
                elementToModify: staleRef,
                propName: "title",
                propValue: marker,
              })
            : edit === "class"
              ? rewriter.addClass(canvas.root, { reactElement: staleRef, className: marker })
              : edit === "remove"
                ? rewriter.removeJsxElement(canvas.root, { elementsToRemove: [staleRef] })
                : rewriter.changeElementTag(canvas.root, {
                    elementToModify: staleRef,
                    newTag: "article",
                  }),
        )
        counts.stale += 1
        const why = `seed ${seed} (STALE_IDS_SEED=${BASE_SEED} sequence ${sequence}), step ${step}: ${edit} of ${key} by its id in version ${versions.indexOf(seen)} of ${versions.length}`
        if ("refused" in outcome) {
          const code = outcome.refused.code ?? "a refusal without a code"
          counts.refused[code] = (counts.refused[code] ?? 0) + 1
          expect(await canvas.read(PATH), why).toBe(beforeText)
          continue
        }
        const after = versionOf(await canvas.read(PATH))
        expect(before.openings.has(key), `${why}: the element was already removed`).toBe(true)
        const gone = edit === "remove" ? subtreeKeys(before, key) : new Set<string>()
        for (const [other, opening] of before.openings) {
          if (other === key || gone.has(other)) continue
          expect(after.openings.get(other), `${why}: ${other} changed`).toBe(opening)
        }
        if (edit === "remove") {
          for (const removed of gone) expect(after.openings.has(removed), why).toBe(false)
        } else {
          const opening = after.openings.get(key) ?? ""
          expect(opening, why).toContain(
            edit === "prop" ? `title="${marker}"` : edit === "class" ? marker : "<article",
          )
        }
        counts.refound += 1
        versions.push(after)
      }
    }
    const refusals = Object.values(counts.refused).reduce((sum, count) => sum + count, 0)
    console.log(
      `stale ids: ${SEQUENCES} sequences, ${counts.structural} moves/inserts/removals, ${counts.stale} edits by stale ids: ${counts.refound} landed on the element the client saw, ${refusals} refused ${JSON.stringify(counts.refused)}; edits by current ids without hashes: ${counts.fresh}, ${counts.freshRefused} refused ELEMENT_CHANGED (the price of not knowing the version)`,
    )
    // Re-finding must do the work, not blanket refusals.
    expect(counts.refound).toBeGreaterThan(counts.stale * 0.4)
  }, 300_000)
})
