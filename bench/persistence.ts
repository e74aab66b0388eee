// Persistence benchmarks: the real use cases (castVote, leaderboard, galleryPage) over the real
// database adapters, on SQLite (a temporary file) and, when MYSQL_URL is set, MySQL/MariaDB (a
// fresh database, dropped afterwards). Prints figures only, never asserts a time. Run with
// `npm run bench` (after the rule benchmarks), or `npm run bench -- gallery` / `-- sqlite` to run
// only the cases whose name ("sqlite gallery top, page 1") contains one of the words.
//
// Per backend: migrate an empty database, bulk-load a seeded data set straight through the
// DataSource (multi-row INSERTs in transactions, counters derived from the generated votes), time
// the read use cases, then cast votes through castVote in a contest that is open "now". The clock
// the use cases see is frozen at NOW, so every run ranks, pages and votes over the same rows.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Clock, Effect, type Layer, ManagedRuntime } from "effect"
import { createConnection } from "mysql2/promise"
import type { DataSource, EntitySchema, QueryRunner } from "typeorm"
import { Database, type DatabaseShape } from "../adapters/persistence/database.ts"
import {
  type PersistenceConfig,
  layerPersistence,
} from "../adapters/persistence/persistence.layer.ts"
import {
  type ContestRow,
  ContestTable,
  type EntryRow,
  EntryTable,
  type MemberRow,
  MemberTable,
  type SubscriptionRow,
  SubscriptionTable,
  type VoteRow,
  VoteTable,
} from "../adapters/persistence/tables.ts"
import type { Tier } from "../domain/plans/plans.ts"
import { nextRenewal } from "../domain/plans/quota.ts"
import { compareForRanking } from "../domain/ranking/leaderboard.ts"
import { leaderboard } from "../domain/ranking/leaderboard.use-case.ts"
import { type Period, periodStart, startOfDay } from "../domain/shared/calendar.ts"
import type { Instant } from "../domain/shared/ids.ts"
import { AGE_GROUPS, type AgeGroup, type Moderation } from "../domain/submissions/entry.entity.ts"
import { galleryPage } from "../domain/submissions/gallery-page.use-case.ts"
import {
  type GallerySort,
  galleryCursor,
  galleryOrder,
  shuffleKey,
} from "../domain/submissions/gallery.ts"
import { castVote } from "../domain/voting/cast-vote.use-case.ts"
import { voteWeight } from "../domain/voting/voting.ts"
import { decimals, integer, printTable } from "./support/table.ts"

// ---------------------------------------------------------------------------------------------
// Sizes and the frozen clock

const MEMBER_COUNT = 5_000
const DAY_COUNT = 60
const ENTRY_COUNT = 100_000
const VOTE_COUNT = 1_000_000
/** No entry gets votes from more than half the members. */
const MAX_VOTES_PER_ENTRY = 2_500
/** Entries of the contest the castVote cases vote in (open at NOW, no votes before the cases). */
const VOTE_ENTRY_COUNT = 100
const VOTES_PER_CASE = 2_000
const VOTE_WARMUP = 50

const WARMUP_RUNS = 3
const TIMED_RUNS = 20
const PAGE_SIZE = 24
/** The "deep" gallery page, reached through the cursor of the page before it. */
const DEEP_PAGE = 100
const LEADERBOARD_LIMIT = 100
const TIME_ZONE = "UTC"
const RANDOM_SEED = "bench-seed"

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** A fixed "now" (a Wednesday, as in bench/run.ts): "this week" selects the same entries every run. */
const NOW: Instant = Date.UTC(2025, 5, 18, 15, 30)
const FIRST_DAY = startOfDay(NOW, TIME_ZONE) - (DAY_COUNT - 1) * DAY

const systemClock = Effect.runSync(Clock.clockWith(Effect.succeed))
const frozenClock: Clock.Clock = {
  currentTimeMillisUnsafe: () => NOW,
  currentTimeMillis: Effect.sync(() => NOW),
  currentTimeNanosUnsafe: () => BigInt(NOW) * 1_000_000n,
  currentTimeNanos: Effect.sync(() => BigInt(NOW) * 1_000_000n),
  monotonicTimeNanosUnsafe: () => systemClock.monotonicTimeNanosUnsafe(),
  monotonicTimeNanos: systemClock.monotonicTimeNanos,
  sleep: (duration) => systemClock.sleep(duration),
}

// ---------------------------------------------------------------------------------------------
// Data: deterministic, from a seeded PRNG

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

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, "0")

/**
 * A UUID-shaped id: random leading digits (so id order is unrelated to creation order, as with
 * crypto.randomUUID), the serial number last (so ids never collide).
 */
const makeId = (random: () => number, kind: number, serial: number): string =>
  `${hex(Math.floor(random() * 2 ** 32), 8)}-${hex(Math.floor(random() * 2 ** 16), 4)}-4${hex(
    Math.floor(random() * 2 ** 12),
    3,
  )}-${hex(0x8000 + kind, 4)}-${hex(serial, 12)}`

/** Vote ids in insertion order, which keeps InnoDB's clustered index append-only while loading. */
const voteId = (serial: number): string => `00000000-0000-4000-8000-${hex(serial, 12)}`

interface MemberModel {
  readonly id: string
  readonly tier: Tier
}

interface EntryModel {
  readonly id: string
  readonly contestId: string
  readonly contestEndsAt: Instant
  readonly memberIndex: number
  readonly ageGroup: AgeGroup
  readonly contestType: string
  readonly moderation: Moderation
  readonly createdAt: Instant
  voteCount: number
  weightedScore: number
}

interface Dataset {
  readonly members: ReadonlyArray<MemberModel>
  readonly contests: ReadonlyArray<ContestRow>
  /** The daily contests' entries, then the vote contest's. */
  readonly entries: ReadonlyArray<EntryModel>
  /** The vote contest's entries, where the castVote cases vote. */
  readonly voteEntries: ReadonlyArray<EntryModel>
  /** The votes, as indexes into members and entries, grouped by entry in id order. */
  readonly votes: {
    readonly entry: Int32Array
    readonly voter: Int32Array
    readonly castAt: Float64Array
  }
}

const TIER_SHARES: ReadonlyArray<readonly [Tier, number]> = [
  ["free", 0.6],
  ["lite", 0.2],
  ["pro", 0.12],
  ["champ", 0.08],
]

const generate = (seed: number): Dataset => {
  const random = seededRandom(seed)
  const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(random() * items.length)]!

  const members: Array<MemberModel> = []
  for (let i = 0; i < MEMBER_COUNT; i++) {
    let roll = random()
    let tier: Tier = "free"
    for (const [candidate, share] of TIER_SHARES) {
      tier = candidate
      if ((roll -= share) < 0) break
    }
    members.push({ id: makeId(random, 1, i), tier })
  }

  const contest = (id: string, title: string, contestType: string, startsAt: Instant) => ({
    id,
    title,
    description: "Bench contest",
    lineArt: null,
    contestType,
    artStyle: "botanical",
    startsAt,
    endsAt: startsAt + DAY,
    status: null,
    createdAt: startsAt - 7 * DAY,
    closedAt: null,
    winnerEntryId: null,
    winnerMemberId: null,
    winnerRawVotes: null,
    winnerWeightedScore: null,
    peoplesChoiceEntryId: null,
    peoplesChoiceMemberId: null,
    totalEntries: null,
    totalVotes: null,
    podiumEntryIds: null,
    announcedAt: null,
    prizeKind: null,
    prizeText: null,
    prizeAmount: null,
    subscribersOnly: false,
  })
  // One daily contest per day, the last one (today's) open at NOW; a second contest type, open at
  // NOW, for the castVote cases, so their votes do not disturb the loaded data.
  const contests: Array<ContestRow> = []
  for (let day = 0; day < DAY_COUNT; day++) {
    contests.push(contest(makeId(random, 2, day), `Day ${day + 1}`, "daily", FIRST_DAY + day * DAY))
  }
  const voteContest = contest(makeId(random, 2, DAY_COUNT), "Vote bench", "sprint", NOW - HOUR)
  contests.push(voteContest)

  const entries: Array<EntryModel> = []
  for (let i = 0; i < ENTRY_COUNT; i++) {
    const createdAt = FIRST_DAY + Math.floor(random() * (NOW - FIRST_DAY))
    const day = contests[Math.floor((createdAt - FIRST_DAY) / DAY)]!
    const roll = random()
    entries.push({
      id: makeId(random, 3, i),
      contestId: day.id,
      contestEndsAt: day.endsAt,
      memberIndex: Math.floor(random() * MEMBER_COUNT),
      ageGroup: random() < 0.7 ? "adult" : pick(AGE_GROUPS),
      contestType: pick(["traditional", "digital"]),
      moderation: roll < 0.03 ? "hidden" : roll < 0.04 ? "disqualified" : "visible",
      createdAt,
      voteCount: 0,
      weightedScore: 0,
    })
  }
  const voteEntries: Array<EntryModel> = []
  for (let i = 0; i < VOTE_ENTRY_COUNT; i++) {
    voteEntries.push({
      id: makeId(random, 3, ENTRY_COUNT + i),
      contestId: voteContest.id,
      contestEndsAt: voteContest.endsAt,
      memberIndex: i,
      ageGroup: "adult",
      contestType: "traditional",
      moderation: "visible",
      createdAt: voteContest.startsAt + i * 1000,
      voteCount: 0,
      weightedScore: 0,
    })
  }

  // Votes per entry: a heavy tail (a few entries get thousands, most a handful), scaled to exactly
  // VOTE_COUNT; voters distinct per entry and never the entry's artist.
  const popularity = entries.map(() => (1 - random()) ** -0.6)
  const scale = VOTE_COUNT / popularity.reduce((sum, p) => sum + p, 0)
  const counts = popularity.map((p) => Math.min(MAX_VOTES_PER_ENTRY, Math.floor(p * scale)))
  let missing = VOTE_COUNT - counts.reduce((sum, n) => sum + n, 0)
  while (missing > 0) {
    const i = Math.floor(random() * counts.length)
    if (counts[i]! < MAX_VOTES_PER_ENTRY) {
      counts[i]! += 1
      missing -= 1
    }
  }
  const byId = entries.map((_, i) => i).sort((a, b) => (entries[a]!.id < entries[b]!.id ? -1 : 1))
  const votes = {
    entry: new Int32Array(VOTE_COUNT),
    voter: new Int32Array(VOTE_COUNT),
    castAt: new Float64Array(VOTE_COUNT),
  }
  const chosen = new Uint8Array(MEMBER_COUNT)
  let next = 0
  for (const e of byId) {
    const entry = entries[e]!
    const until = Math.min(entry.contestEndsAt, NOW)
    const from = next
    for (let k = 0; k < counts[e]!; k++) {
      let voter: number
      do voter = Math.floor(random() * MEMBER_COUNT)
      while (voter === entry.memberIndex || chosen[voter] === 1)
      chosen[voter] = 1
      votes.entry[next] = e
      votes.voter[next] = voter
      votes.castAt[next] = entry.createdAt + Math.floor(random() * (until - entry.createdAt))
      entry.voteCount += 1
      entry.weightedScore += voteWeight(members[voter]!.tier)
      next += 1
    }
    for (let k = from; k < next; k++) chosen[votes.voter[k]!] = 0
  }
  return { members, contests, entries: [...entries, ...voteEntries], voteEntries, votes }
}

// ---------------------------------------------------------------------------------------------
// Bulk load: multi-row INSERTs straight through the DataSource, in transactions

const memberRow = (member: MemberModel, i: number): MemberRow => ({
  id: member.id,
  email: `bench${i}@colorday.test`,
  username: `bench_${i}`,
  usernameKey: `bench_${i}`,
  firstName: "Bench",
  lastName: `Member${i}`,
  dateOfBirth: "1990-01-01",
  passwordHash: "not-a-real-hash",
  emailVerifiedAt: FIRST_DAY - 30 * DAY,
  pendingEmail: null,
  isAdmin: false,
  isJudge: false,
  suspendedAt: null,
  bio: "",
  location: "",
  website: "",
  avatarUrl: null,
  settings: null,
  createdAt: FIRST_DAY - 30 * DAY,
})

const entryRow = (entry: EntryModel, members: ReadonlyArray<MemberModel>): EntryRow => ({
  id: entry.id,
  contestId: entry.contestId,
  memberId: members[entry.memberIndex]!.id,
  artistName: `Bench M.${entry.memberIndex}`,
  image: `entries/${entry.id}.webp`,
  ageGroup: entry.ageGroup,
  contestType: entry.contestType,
  status: "submitted",
  moderation: entry.moderation,
  moderationReason: entry.moderation === "visible" ? null : "Not a colored page",
  voteCount: entry.voteCount,
  weightedScore: entry.weightedScore,
  createdAt: entry.createdAt,
  shuffleKey: shuffleKey(entry.id),
})

function* voteRows(data: Dataset): Generator<VoteRow> {
  for (let i = 0; i < VOTE_COUNT; i++) {
    const entry = data.entries[data.votes.entry[i]!]!
    const voter = data.members[data.votes.voter[i]!]!
    yield {
      id: voteId(i),
      entryId: entry.id,
      contestId: entry.contestId,
      voterId: voter.id,
      weight: voteWeight(voter.tier),
      castAt: data.votes.castAt[i]!,
    }
  }
}

/** Inserts rows `rowsPerInsert` at a time, committing every `rowsPerTransaction` rows. */
const bulkInsert = async <Row extends object>(
  database: DatabaseShape,
  table: EntitySchema<Row>,
  rows: Iterable<Row>,
  rowsPerInsert: number,
  rowsPerTransaction: number,
): Promise<number> => {
  const quote = (name: string) => (database.dialect === "mysql" ? `\`${name}\`` : `"${name}"`)
  const columnOptions = table.options.columns as Record<string, { name?: string } | undefined>
  const columns = Object.entries(columnOptions).map(([property, column]) => ({
    property: property as keyof Row,
    name: quote(column?.name ?? property),
  }))
  const tuple = `(${columns.map(() => "?").join(", ")})`
  const statement = (count: number) =>
    `INSERT INTO ${quote(table.options.tableName ?? table.options.name)} (${columns
      .map((c) => c.name)
      .join(", ")}) VALUES ${Array.from({ length: count }, () => tuple).join(", ")}`
  const full = statement(rowsPerInsert)
  const runner: QueryRunner = database.dataSource.createQueryRunner()
  let inserted = 0
  let inTransaction = 0
  let batch: Array<unknown> = []
  let batchRows = 0
  const flush = async () => {
    if (batchRows === 0) return
    if (inTransaction === 0) await runner.startTransaction()
    await runner.query(batchRows === rowsPerInsert ? full : statement(batchRows), batch)
    inserted += batchRows
    inTransaction += batchRows
    batch = []
    batchRows = 0
    if (inTransaction >= rowsPerTransaction) {
      await runner.commitTransaction()
      inTransaction = 0
    }
  }
  try {
    await runner.connect()
    for (const row of rows) {
      for (const column of columns) batch.push(row[column.property])
      batchRows += 1
      if (batchRows === rowsPerInsert) await flush()
    }
    await flush()
    if (inTransaction > 0) await runner.commitTransaction()
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction()
    throw error
  } finally {
    // SQLite's query runner is the one shared connection: keep it (as database.ts does).
    if (database.dialect === "mysql") await runner.release()
  }
  return inserted
}

interface LoadReport {
  readonly seconds: number
  readonly parts: ReadonlyArray<string>
}

const load = async (database: DatabaseShape, data: Dataset): Promise<LoadReport> => {
  const mysql = database.dialect === "mysql"
  const started = performance.now()
  const parts: Array<string> = []
  const timed = async (label: string, work: () => Promise<number>) => {
    const start = performance.now()
    const rows = await work()
    const ms = performance.now() - start
    parts.push(
      rows >= 100_000
        ? `${label} ${seconds(ms)}, ${integer.format(rows / (ms / 1000))} rows/s`
        : `${label} ${seconds(ms)}`,
    )
    return rows
  }
  await timed("members", () =>
    bulkInsert(database, MemberTable, data.members.map(memberRow), 1_000, 50_000),
  )
  await timed("subscriptions", () =>
    bulkInsert(
      database,
      SubscriptionTable,
      data.members.map((member): SubscriptionRow => ({
        memberId: member.id,
        tier: member.tier,
        remaining: 5,
        renewsAt: nextRenewal(NOW),
      })),
      1_000,
      50_000,
    ),
  )
  await timed("contests", () => bulkInsert(database, ContestTable, data.contests, 100, 1_000))
  await timed("entries", () =>
    bulkInsert(
      database,
      EntryTable,
      data.entries.map((entry) => entryRow(entry, data.members)),
      mysql ? 2_000 : 1_000,
      mysql ? 50_000 : 100_000,
    ),
  )
  await timed("votes", () =>
    bulkInsert(database, VoteTable, voteRows(data), mysql ? 5_000 : 1_000, 100_000),
  )
  return { seconds: (performance.now() - started) / 1000, parts }
}

// ---------------------------------------------------------------------------------------------
// Backends

type Services = Layer.Success<ReturnType<typeof layerPersistence>>

interface Opened {
  readonly config: PersistenceConfig
  readonly where: string
  readonly cleanup: () => Promise<void>
}

interface Backend {
  readonly name: "sqlite" | "mysql"
  readonly open: () => Promise<Opened>
}

const sqliteBackend: Backend = {
  name: "sqlite",
  open: () => {
    const dir = mkdtempSync(join(tmpdir(), "colorday-bench-"))
    const file = join(dir, "colorday.sqlite")
    return Promise.resolve({
      config: { sqliteFile: file, migrate: true },
      where: file,
      cleanup: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    })
  },
}

const mysqlBackend = (url: string): Backend => ({
  name: "mysql",
  open: async () => {
    const name = `colorday_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`
    const connection = await createConnection(url)
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`)
    await connection.end()
    const scoped = new URL(url)
    scoped.pathname = `/${name}`
    return {
      config: { databaseUrl: scoped.toString(), migrate: true },
      where: `${scoped.host}/${name}`,
      cleanup: async () => {
        const drop = await createConnection(url)
        try {
          await drop.query(`DROP DATABASE IF EXISTS \`${name}\``)
        } finally {
          await drop.end()
        }
      },
    }
  },
})

// ---------------------------------------------------------------------------------------------
// Cases

interface Context {
  readonly data: Dataset
  /** Fresh ballots: the same sequence on every backend. */
  readonly nextBallot: () => { readonly voterId: string; readonly entryId: string }
  readonly run: <A, E>(effect: Effect.Effect<A, E, Services>) => Promise<A>
  /** MySQL only: the server's InnoDB deadlock and row lock wait counters (server-wide). */
  readonly lockCounters: (() => Promise<{ deadlocks: number; lockWaits: number }>) | undefined
}

interface Row {
  readonly name: string
  readonly n: number
  readonly medianMs: number
  readonly p95Ms: number
  readonly perSecond: number
  readonly output: string
}

interface Case {
  readonly name: string
  readonly measure: (context: Context) => Promise<Row>
}

const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

const median = (sorted: ReadonlyArray<number>): number => {
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const shortId = (id: string | undefined) => (id === undefined ? "-" : id.slice(0, 8))

/** Times a query case: warm-up runs, then timed runs; the output of the last run is shown. */
const queryCase = (name: string, make: (context: Context) => () => Promise<string>): Case => ({
  name,
  measure: async (context) => {
    const once = make(context)
    let output = ""
    for (let i = 0; i < WARMUP_RUNS; i++) output = await once()
    const samples: Array<number> = []
    for (let i = 0; i < TIMED_RUNS; i++) {
      const start = performance.now()
      output = await once()
      samples.push(performance.now() - start)
    }
    samples.sort((a, b) => a - b)
    const mid = median(samples)
    return {
      name,
      n: TIMED_RUNS,
      medianMs: mid,
      p95Ms: percentile(samples, 95),
      perSecond: 1000 / mid,
      output,
    }
  },
})

/** Whether `actual` ids are the model's `expected` ids, in order. */
const verdict = (actual: ReadonlyArray<string>, expected: ReadonlyArray<string>): string => {
  const differs = expected.findIndex((id, i) => actual[i] !== id)
  return actual.length === expected.length && differs === -1
    ? "= model"
    : `!= model (row ${differs === -1 ? actual.length : differs + 1})`
}

const visible = (data: Dataset) => data.entries.filter((entry) => entry.moderation === "visible")

const leaderboardCase = (period: Period): Case =>
  queryCase(`leaderboard ${period}, top ${LEADERBOARD_LIMIT}`, (context) => {
    const since = periodStart(period, NOW, TIME_ZONE)
    const expected = visible(context.data)
      .filter((entry) => entry.createdAt >= since)
      .sort(compareForRanking)
      .slice(0, LEADERBOARD_LIMIT)
      .map((entry) => entry.id)
    return async () => {
      const board = await context.run(
        leaderboard({ period, timeZone: TIME_ZONE, limit: LEADERBOARD_LIMIT }),
      )
      const top = board.rows[0]
      return `${board.rows.length} rows, #1 ${shortId(top?.entryId)} (${top?.score ?? "-"}), ${verdict(
        board.rows.map((row) => row.entryId),
        expected,
      )}`
    }
  })

const galleryCase = (sort: GallerySort, page: number): Case =>
  queryCase(`gallery ${sort}, page ${page}`, (context) => {
    const order = galleryOrder(sort, RANDOM_SEED)
    const sorted = visible(context.data).sort(order)
    const skip = (page - 1) * PAGE_SIZE
    const before = sorted[skip - 1]
    const cursor = before ? galleryCursor(before) : null
    const expected = sorted.slice(skip, skip + PAGE_SIZE).map((entry) => entry.id)
    return async () => {
      const result = await context.run(
        galleryPage({
          tab: "all",
          sort,
          seed: RANDOM_SEED,
          timeZone: TIME_ZONE,
          cursor,
          limit: PAGE_SIZE,
        }),
      )
      // Issue 20's aim for the random order: every page as cheap as the first.
      const aim = sort === "random" ? "; aim ≤ 2 ms per page at any depth" : ""
      return `${result.items.length} items, first ${shortId(result.items[0]?.id)}, ${verdict(
        result.items.map((entry) => entry.id),
        expected,
      )}${aim}`
    }
  })

/**
 * Distinct (voter, entry) pairs in the vote contest, never the artist's own entry: every castVote
 * case casts fresh votes that succeed.
 */
const ballotBox = (data: Dataset) => {
  const random = seededRandom(42)
  const used = new Set<number>()
  return (): { readonly voterId: string; readonly entryId: string } => {
    for (;;) {
      const entry = Math.floor(random() * data.voteEntries.length)
      const voter = Math.floor(random() * MEMBER_COUNT)
      const key = entry * MEMBER_COUNT + voter
      if (voter === data.voteEntries[entry]!.memberIndex || used.has(key)) continue
      used.add(key)
      return { voterId: data.members[voter]!.id, entryId: data.voteEntries[entry]!.id }
    }
  }
}
/** Casts `count` votes from `concurrency` voters at once; per-vote latency and overall rate. */
const castVotes = async (context: Context, count: number, concurrency: number) => {
  const ballots = Array.from({ length: count }, context.nextBallot)
  const latencies: Array<number> = []
  const failures = new Map<string, number>()
  let next = 0
  const voter = async () => {
    while (next < ballots.length) {
      const ballot = ballots[next++]!
      const start = performance.now()
      const result = await context
        .run(Effect.result(castVote(ballot)))
        .catch((defect: unknown) => ({
          _tag: "Failure" as const,
          failure: { _tag: `defect: ${defect instanceof Error ? defect.message : String(defect)}` },
        }))
      latencies.push(performance.now() - start)
      if (result._tag === "Failure") {
        failures.set(result.failure._tag, (failures.get(result.failure._tag) ?? 0) + 1)
      }
    }
  }
  const start = performance.now()
  await Promise.all(Array.from({ length: concurrency }, voter))
  const wallMs = performance.now() - start
  return { latencies: latencies.sort((a, b) => a - b), failures, wallMs }
}

const voteCase = (concurrency: number): Case => {
  const name = `castVote, ${concurrency} ${concurrency === 1 ? "voter" : "voters"}`
  return {
    name,
    measure: async (context) => {
      await castVotes(context, VOTE_WARMUP, concurrency)
      const locksBefore = await context.lockCounters?.()
      const { latencies, failures, wallMs } = await castVotes(context, VOTES_PER_CASE, concurrency)
      const locksAfter = await context.lockCounters?.()
      const failed = [...failures].map(([tag, n]) => `${n} ${tag}`).join(", ")
      // Deadlocks are retried by the unit of work, so they cost time, not votes.
      const locks =
        locksBefore && locksAfter
          ? `; InnoDB: ${locksAfter.deadlocks - locksBefore.deadlocks} deadlocks (retried), ` +
            `${locksAfter.lockWaits - locksBefore.lockWaits} row lock waits`
          : ""
      return {
        name,
        n: VOTES_PER_CASE,
        medianMs: median(latencies),
        p95Ms: percentile(latencies, 95),
        perSecond: VOTES_PER_CASE / (wallMs / 1000),
        output: `${integer.format(VOTES_PER_CASE - [...failures.values()].reduce((a, b) => a + b, 0))} ok${failed ? `, ${failed}` : ""}${locks}`,
      }
    },
  }
}

const CASES: ReadonlyArray<Case> = [
  leaderboardCase("all"),
  leaderboardCase("week"),
  ...(["top", "newest", "random"] as const).flatMap((sort) => [
    galleryCase(sort, 1),
    galleryCase(sort, DEEP_PAGE),
  ]),
  voteCase(1),
  voteCase(16),
]

// ---------------------------------------------------------------------------------------------
// Output

const millis = decimals(2)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const printRows = (rows: ReadonlyArray<Row>): void =>
  printTable(
    ["case", "n", "median ms", "p95 ms", "per s", "output"],
    rows.map((r) => [
      r.name,
      integer.format(r.n),
      millis.format(r.medianMs),
      millis.format(r.p95Ms),
      integer.format(r.perSecond),
      r.output,
    ]),
  )

// ---------------------------------------------------------------------------------------------
// Main

/** Cleanups of what is open right now, run on Ctrl-C too. */
const pending = new Set<() => Promise<void>>()
/** Set on Ctrl-C: the signal handler cleans up; the interrupted bench stays quiet. */
let stopping = false
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    stopping = true
    console.error(`\n${signal}: cleaning up the bench databases…`)
    void Promise.allSettled([...pending].map((cleanup) => cleanup())).finally(() =>
      process.exit(130),
    )
  })
}

const benchBackend = async (backend: Backend, cases: ReadonlyArray<Case>, data: Dataset) => {
  const opened = await backend.open()
  let runtime: ManagedRuntime.ManagedRuntime<Services, never> | undefined
  let dataSource: DataSource | undefined
  const cleanup = async () => {
    try {
      await runtime?.dispose()
    } finally {
      await opened.cleanup()
    }
  }
  // On Ctrl-C a transaction may be in flight: close its connections at once, or dropping the
  // MySQL database would wait for its locks.
  const interrupted = async () => {
    if (dataSource?.isInitialized) await dataSource.destroy().catch(() => undefined)
    await opened.cleanup()
  }
  pending.add(interrupted)
  try {
    runtime = ManagedRuntime.make(layerPersistence(opened.config))
    const started = performance.now()
    const database = await runtime.runPromise(
      Effect.gen(function* () {
        return yield* Database
      }),
    )
    dataSource = database.dataSource
    console.log(
      `\n${backend.name}: ${opened.where}, ` +
        `migrated in ${seconds(performance.now() - started)}`,
    )
    const loaded = await load(database, data)
    console.log(
      `${backend.name}: loaded ${integer.format(data.members.length)} members, ` +
        `${data.contests.length} contests, ${integer.format(data.entries.length)} entries, ` +
        `${integer.format(VOTE_COUNT)} votes in ${seconds(loaded.seconds * 1000)} ` +
        `(${loaded.parts.join(", ")})\n`,
    )
    const context: Context = {
      data,
      nextBallot: ballotBox(data),
      lockCounters:
        database.dialect === "mysql"
          ? async () => {
              const rows: Array<{ Variable_name: string; Value: string }> =
                await database.dataSource.query(
                  "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_deadlocks', 'Innodb_row_lock_waits')",
                )
              const value = (name: string) =>
                Number(rows.find((row) => row.Variable_name === name)?.Value ?? Number.NaN)
              return {
                deadlocks: value("Innodb_deadlocks"),
                lockWaits: value("Innodb_row_lock_waits"),
              }
            }
          : undefined,
      run: (effect) => runtime!.runPromise(Effect.provideService(effect, Clock.Clock, frozenClock)),
    }
    const rows: Array<Row> = []
    for (const bench of cases) rows.push(await bench.measure(context))
    printRows(rows)
  } finally {
    if (!stopping) {
      pending.delete(interrupted)
      await cleanup()
    }
  }
}

const main = async () => {
  const only = process.argv.slice(2)
  const mysqlUrl = process.env.MYSQL_URL?.trim()
  const backends = [sqliteBackend, ...(mysqlUrl ? [mysqlBackend(mysqlUrl)] : [])]
  const selected = (backend: Backend) =>
    CASES.filter(
      (bench) =>
        only.length === 0 || only.some((word) => `${backend.name} ${bench.name}`.includes(word)),
    )

  console.log(
    `\nColorday persistence bench: Node ${process.version}, ${WARMUP_RUNS} warm-up + ${TIMED_RUNS} ` +
      `timed runs per query; ${integer.format(VOTES_PER_CASE)} votes per castVote case ` +
      `(after ${VOTE_WARMUP} warm-up votes)`,
  )
  if (!mysqlUrl) {
    console.log(
      "\n!!! MYSQL_URL is not set: the MySQL/MariaDB persistence benchmarks are SKIPPED. " +
        "Run `MYSQL_URL=mysql://root@127.0.0.1:3306/test npm run bench` to include them.",
    )
  }
  const plan = backends.map((backend) => ({ backend, cases: selected(backend) }))
  if (plan.every(({ cases }) => cases.length === 0)) {
    // Not an error: the words may have been meant for the rule benchmarks (bench/run.ts).
    console.log(
      `No persistence case matches ${only.join(", ")}; cases: ${CASES.map((c) => c.name).join("; ")} ` +
        `(prefix a backend: sqlite, mysql)`,
    )
    return
  }

  const started = performance.now()
  const data = generate(20250618)
  const since = periodStart("week", NOW, TIME_ZONE)
  console.log(
    `Data: ${integer.format(MEMBER_COUNT)} members, ${DAY_COUNT} daily contests, ` +
      `${integer.format(ENTRY_COUNT)} entries (${integer.format(
        data.entries.filter((e) => e.createdAt >= since).length,
      )} this week), ${integer.format(VOTE_COUNT)} votes; generated in ` +
      `${seconds(performance.now() - started)}. Clock frozen at ${new Date(NOW).toISOString()}.`,
  )
  console.log(
    "Queries: n timed runs, median/p95 of one use-case call, per s = 1000 / median. " +
      "castVote: n votes, median/p95 latency of one vote, per s = votes per second overall.",
  )

  for (const { backend, cases } of plan) {
    if (cases.length === 0) continue
    try {
      await benchBackend(backend, cases, data)
    } catch (error) {
      if (stopping) return
      console.error(`\n${backend.name}: the bench failed:`, error)
      process.exitCode = 1
    }
  }
}

await main()
