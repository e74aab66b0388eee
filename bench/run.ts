// Micro-benchmarks of the domain's hot rules. Prints figures only: it never asserts a time, so it
// cannot fail a build on a slow machine. Run with `npm run bench`, or `npm run bench -- rank` to
// run only the cases whose name contains "rank". `npm run bench` then runs bench/persistence.ts
// with the same words.
import { periodStart } from "../domain/shared/calendar.ts"
import type { Instant } from "../domain/shared/ids.ts"
import { rankEntries } from "../domain/ranking/leaderboard.ts"
import { decideResult } from "../domain/ranking/winner.ts"
import { AGE_GROUPS } from "../domain/submissions/entry.entity.ts"
import type { Entry, Moderation } from "../domain/submissions/entry.entity.ts"
import { decimals, integer, printTable } from "./support/table.ts"

// ---------------------------------------------------------------------------------------------
// Harness

interface BenchCase {
  readonly name: string
  /** Items one run processes, for the throughput column. */
  readonly items: number
  /**
   * One run of the work. Returns a short summary of its output, printed in the table: a sanity
   * check, and a use of the result so the work cannot be optimized away.
   */
  readonly run: () => string
}

interface Figures {
  readonly name: string
  readonly items: number
  readonly medianMs: number
  readonly minMs: number
  readonly output: string
}

const WARMUP_RUNS = 5
const TIMED_RUNS = 20

const median = (sorted: ReadonlyArray<number>): number => {
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const measure = (bench: BenchCase): Figures => {
  let output = ""
  for (let i = 0; i < WARMUP_RUNS; i++) output = bench.run()
  const samples: Array<number> = []
  for (let i = 0; i < TIMED_RUNS; i++) {
    const start = performance.now()
    output = bench.run()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return {
    name: bench.name,
    items: bench.items,
    medianMs: median(samples),
    minMs: samples[0]!,
    output,
  }
}

const millis = decimals(2)

const printFigures = (rows: ReadonlyArray<Figures>): void =>
  printTable(
    ["case", "items", "median ms", "min ms", "items/s", "output"],
    rows.map((r) => [
      r.name,
      integer.format(r.items),
      millis.format(r.medianMs),
      millis.format(r.minMs),
      r.medianMs > 0 ? integer.format(r.items / (r.medianMs / 1000)) : "-",
      r.output,
    ]),
  )

// ---------------------------------------------------------------------------------------------
// Data: deterministic, from a seeded PRNG, so every run and every machine ranks the same entries.

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const DAY_MS = 24 * 60 * 60 * 1000
/** A fixed "now" (a Wednesday), so the "this week" filter selects the same entries every run. */
const NOW: Instant = Date.UTC(2025, 5, 18, 15, 30)
const CONTEST_TYPES = ["traditional", "digital"] as const

const makeEntries = (count: number, seed: number): ReadonlyArray<Entry> => {
  const random = seededRandom(seed)
  const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(random() * items.length)]!
  const entries: Array<Entry> = []
  for (let i = 0; i < count; i++) {
    // Spread over the last 90 days; days as contests, so several entries share a contest.
    const createdAt = NOW - Math.floor(random() * 90 * DAY_MS)
    const day = Math.floor(createdAt / DAY_MS)
    const contestType = pick(CONTEST_TYPES)
    // Skewed votes: most entries get a few, some get many; equal scores are common, so the
    // tie-breaks (earlier entry, then smaller id) do real work.
    const voteCount = Math.floor(random() ** 3 * 400)
    const weightedScore = voteCount + Math.floor(random() * voteCount)
    const roll = random()
    const moderation: Moderation = roll < 0.03 ? "hidden" : roll < 0.04 ? "disqualified" : "visible"
    const memberId = `m-${Math.floor(random() * 20_000)}`
    entries.push({
      id: `e-${String(i).padStart(6, "0")}`,
      contestId: `c-${day}-${contestType}`,
      memberId,
      artistName: `Artist ${memberId}`,
      image: `entries/${i}.webp`,
      ageGroup: pick(AGE_GROUPS),
      contestType,
      moderation,
      moderationReason: moderation === "visible" ? null : "Not a colored page",
      voteCount,
      weightedScore,
      createdAt,
    })
  }
  return entries
}

// ---------------------------------------------------------------------------------------------
// Cases

const ENTRY_COUNT = 100_000
const entries = makeEntries(ENTRY_COUNT, 20250618)
const thisWeek = periodStart("week", NOW, "UTC")

const cases: ReadonlyArray<BenchCase> = [
  {
    name: "rankEntries, all time, top 100",
    items: entries.length,
    run: () => {
      const rows = rankEntries(entries, { since: Number.NEGATIVE_INFINITY }, 100)
      return `${rows.length} rows, #1 ${rows[0]?.entryId ?? "-"}`
    },
  },
  {
    name: "rankEntries, this week, top 100",
    items: entries.length,
    run: () => {
      const rows = rankEntries(entries, { since: thisWeek }, 100)
      return `${rows.length} rows, #1 ${rows[0]?.entryId ?? "-"}`
    },
  },
  {
    name: "decideResult (winner)",
    items: entries.length,
    run: () => {
      const result = decideResult(entries, NOW)
      return `winner ${result.winnerEntryId ?? "-"}, ${integer.format(result.totalEntries)} counted`
    },
  },
]

// ---------------------------------------------------------------------------------------------
// Main

const only = process.argv.slice(2)
const selected = cases.filter(
  (bench) => only.length === 0 || only.some((word) => bench.name.includes(word)),
)
if (selected.length === 0) {
  // Not an error: `npm run bench -- <word>` hands the same words to bench/persistence.ts.
  console.log(
    `No rule case matches ${only.join(", ")}; cases: ${cases.map((c) => c.name).join("; ")}`,
  )
} else {
  console.log(
    `Colorday bench: Node ${process.version}, ${WARMUP_RUNS} warm-up + ${TIMED_RUNS} timed runs per case`,
  )
  console.log(
    `Data: ${integer.format(entries.length)} entries (seeded), ` +
      `${integer.format(entries.filter((e) => e.createdAt >= thisWeek).length)} this week\n`,
  )
  printFigures(selected.map(measure))
}
