import type { EntryId } from "../../domain/shared/ids.ts"
import { Effect } from "effect"
import { Brackets, type EntityManager, type SelectQueryBuilder } from "typeorm"
import type { LeaderboardFilter } from "../../domain/ranking/leaderboard.ts"
import type { AgeGroup, Entry, Moderation } from "../../domain/submissions/entry.entity.ts"
import { EntryRepository, type GalleryQuery } from "../../domain/submissions/entry.port.ts"
import {
  type GalleryFilter,
  shuffleKey,
  shuffleLap,
  shuffleWalk,
} from "../../domain/submissions/gallery.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import type { NotFound } from "../../domain/shared/errors.ts"
import type { Vote, VoteCounts } from "../../domain/voting/vote.entity.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { VotePermanent } from "../../domain/voting/voting.errors.ts"
import { type DatabaseShape, isUniqueViolation, type SqlValue, type SqlWrite } from "./database.ts"
import { type EntryRow, EntryTable, ContestTable, VoteTable } from "./contest-tables.ts"
import { SubscriptionTable } from "./billing-tables.ts"
import { toContest } from "./contest-repositories.ts"
import { rawTable } from "./raw-rows.ts"
import { readCache } from "./read-cache.ts"
import { notFound } from "./repository-support.ts"

// Entries and votes over the Database service.

const toEntry = (row: EntryRow): Entry => ({
  id: row.id,
  contestId: row.contestId,
  memberId: row.memberId,
  artistName: row.artistName,
  image: row.image,
  ageGroup: row.ageGroup as AgeGroup,
  contestType: row.contestType,
  moderation: row.moderation as Moderation,
  moderationReason: row.moderationReason,
  voteCount: Number(row.voteCount),
  weightedScore: Number(row.weightedScore),
  createdAt: row.createdAt,
})

const fromEntry = (entry: Entry): EntryRow => ({
  ...entry,
  status: "submitted",
  shuffleKey: shuffleKey(entry.id),
})

/** Applies the gallery's filters (see matchesGallery) to a query over entries `e`. */
const whereGallery = (qb: SelectQueryBuilder<EntryRow>, filter: GalleryFilter) => {
  qb.where("e.moderation = 'visible'")
  if (filter.contestId !== undefined) qb.andWhere("e.contest_id = :contestId", filter)
  if (filter.memberId !== undefined) qb.andWhere("e.member_id = :memberId", filter)
  if (filter.since !== undefined) qb.andWhere("e.created_at >= :since", filter)
  if (filter.before !== undefined) qb.andWhere("e.created_at < :before", filter)
  if (filter.excludeContestIds !== undefined && filter.excludeContestIds.length > 0) {
    qb.andWhere("e.contest_id NOT IN (:...excludeContestIds)", filter)
  }
  if (filter.ageGroup !== undefined && filter.ageGroup !== "all") {
    qb.andWhere("e.age_group = :ageGroup", filter)
  }
  if (filter.contestType !== undefined && filter.contestType !== "all") {
    qb.andWhere("e.contest_type = :contestType", filter)
  }
  return qb
}

const repo = (m: EntityManager) => m.getRepository<EntryRow>(EntryTable)

/** The gallery's filters (see whereGallery) as raw SQL over entries `e`, with their parameters. */
const rawWhereGallery = (filter: GalleryFilter, params: Array<SqlValue>) => {
  const where = ["e.moderation = 'visible'"]
  const equal = (column: string, value: string | number) => {
    where.push(`${column} = ?`)
    params.push(value)
  }
  if (filter.contestId !== undefined) equal("e.contest_id", filter.contestId)
  if (filter.memberId !== undefined) equal("e.member_id", filter.memberId)
  if (filter.since !== undefined) {
    where.push("e.created_at >= ?")
    params.push(filter.since)
  }
  if (filter.before !== undefined) {
    where.push("e.created_at < ?")
    params.push(filter.before)
  }
  const excluded = filter.excludeContestIds ?? []
  if (excluded.length > 0) {
    where.push(`e.contest_id NOT IN (${excluded.map(() => "?").join(", ")})`)
    params.push(...excluded)
  }
  if (filter.ageGroup !== undefined && filter.ageGroup !== "all") {
    equal("e.age_group", filter.ageGroup)
  }
  if (filter.contestType !== undefined && filter.contestType !== "all") {
    equal("e.contest_type", filter.contestType)
  }
  return where
}

/** How long a gallery page is answered from memory (see read-cache.ts), and how many are kept. */
export const GALLERY_CACHE_TTL_MS = 1_000
const GALLERY_CACHE_PAGES = 256

/**
 * How long a leaderboard is answered from memory (see read-cache.ts), and how many are kept: the
 * unfiltered boards of every zone are all time plus three periods for each of ~38 local midnights
 * (115). A kept 100-row board holds ~155 KB with its presented answer and JSON (measured on the
 * demo world), so 128 boards are ~20 MB at worst, ~5 MB of the default 24 rows.
 */
export const LEADERBOARD_CACHE_TTL_MS = 1_000
const LEADERBOARD_CACHE_BOARDS = 128

/**
 * A "random" page: the seed's walk round the shuffle keys (see shuffleWalk), read as at most two
 * index seeks, the rest of the cursor's lap and, when that runs out, the lap after the wrap.
 * Each is a range of IDX_entries_shuffle (or its per-contest twin) read in order with a LIMIT, so
 * a deep page costs what the first does.
 */
const randomPage = async (m: EntityManager, query: GalleryQuery) => {
  const walk = shuffleWalk(query.seed)
  const dir = walk.descending ? "DESC" : "ASC"
  const beyond = walk.descending ? "<" : ">"
  const cursor = query.after && { id: query.after.id, key: shuffleKey(query.after.id) }
  const firstLap = cursor ? shuffleLap(walk, cursor.key) : 0
  const rows: Array<EntryRow> = []
  for (const lap of firstLap === 0 ? [0, 1] : [1]) {
    const qb = whereGallery(repo(m).createQueryBuilder("e"), query.filter)
    // Lap 0 of an ascending walk is start and above; of a descending one, below start.
    const inLap = (lap === 0) === walk.descending ? "<" : ">="
    qb.andWhere(`e.shuffle_key ${inLap} :start`, { start: walk.start })
    if (cursor && lap === firstLap) {
      qb.andWhere(
        new Brackets((w) => {
          w.where(`e.shuffle_key ${beyond} :key`, cursor).orWhere(
            `(e.shuffle_key = :key AND e.id ${beyond} :id)`,
            cursor,
          )
        }),
      )
    }
    rows.push(
      ...(await qb
        .orderBy("e.shuffle_key", dir)
        .addOrderBy("e.id", dir)
        .limit(query.limit + 1 - rows.length)
        .getMany()),
    )
    if (rows.length > query.limit) break
  }
  return { items: rows.slice(0, query.limit).map(toEntry), hasMore: rows.length > query.limit }
}

export const entries = (db: DatabaseShape) => {
  const table = rawTable(EntryTable, db.dialect)
  const rows = (statement: string, params: ReadonlyArray<SqlValue>) =>
    Effect.map(Effect.orDie(db.sql<Array<Record<string, unknown>>>(statement, params)), (found) =>
      found.map((raw) => toEntry(table.row(raw))),
    )
  const entryColumns = table.columns("e")
  const byId = `SELECT ${entryColumns} FROM ${table.name} e WHERE e.id = ?`
  const getEntry = (id: string) =>
    Effect.flatMap(rows(byId, [id]), ([entry]) =>
      entry ? Effect.succeed(entry) : Effect.fail(notFound("entry", id)),
    )
  /** Runs a write and counts it for the read caches (DatabaseShape.noteWrite). */
  const write = <A, E>(effect: Effect.Effect<A, E>) => Effect.tap(effect, () => db.noteWrite)
  const galleryPages = readCache<{ items: ReadonlyArray<Entry>; hasMore: boolean }>(
    db,
    GALLERY_CACHE_TTL_MS,
    GALLERY_CACHE_PAGES,
  )
  /** A page in the "top" or "newest" order: one raw statement down the order's index. */
  const galleryPage = (query: GalleryQuery) => {
    if (query.sort === "random") return db.run((m) => randomPage(m, query))
    const params: Array<SqlValue> = []
    const where = rawWhereGallery(query.filter, params)
    const after = query.after
    let order: string
    if (query.sort === "top") {
      if (after) {
        where.push(
          "(e.vote_count < ? OR (e.vote_count = ? AND e.created_at > ?)" +
            " OR (e.vote_count = ? AND e.created_at = ? AND e.id > ?))",
        )
        params.push(after.voteCount, after.voteCount, after.createdAt)
        params.push(after.voteCount, after.createdAt, after.id)
      }
      order = "e.vote_count DESC, e.created_at ASC, e.id ASC"
    } else {
      if (after) {
        where.push("(e.created_at < ? OR (e.created_at = ? AND e.id < ?))")
        params.push(after.createdAt, after.createdAt, after.id)
      }
      order = "e.created_at DESC, e.id DESC"
    }
    // The limit is an integer of ours (pageSize), written in: MySQL's prepared LIMIT is fussy.
    const limit = Math.max(1, Math.floor(query.limit)) + 1
    return Effect.map(
      rows(
        `SELECT ${entryColumns} FROM ${table.name} e WHERE ${where.join(" AND ")} ` +
          `ORDER BY ${order} LIMIT ${limit}`,
        params,
      ),
      (found) => ({ items: found.slice(0, query.limit), hasMore: found.length > query.limit }),
    )
  }
  const leaderboards = readCache<ReadonlyArray<Entry>>(
    db,
    LEADERBOARD_CACHE_TTL_MS,
    LEADERBOARD_CACHE_BOARDS,
  )
  /** One raw statement down IDX_entries_ranking (TypeORM's builder and mapping cost more). */
  const leaderboardRead = (filter: LeaderboardFilter, limit: number) => {
    const params: Array<SqlValue> = []
    const where = rawWhereGallery(
      {
        since: Number.isFinite(filter.since) ? filter.since : undefined,
        ageGroup: filter.ageGroup,
        contestType: filter.contestType,
      },
      params,
    )
    // An integer of ours (pageSize), written in like the gallery's: MySQL's prepared LIMIT is fussy.
    return rows(
      `SELECT ${entryColumns} FROM ${table.name} e WHERE ${where.join(" AND ")} ` +
        `ORDER BY e.weighted_score DESC, e.created_at ASC, e.id ASC ` +
        `LIMIT ${Math.max(1, Math.floor(limit))}`,
      params,
    )
  }
  return EntryRepository.of({
    get: getEntry,
    hasImage: (image) => db.run((m) => repo(m).existsBy({ image })),
    saveModeration: (entry) =>
      write(
        db.run((m) =>
          repo(m)
            .update(
              { id: entry.id },
              { moderation: entry.moderation, moderationReason: entry.moderationReason },
            )
            .then(() => undefined),
        ),
      ),
    showAllOf: (memberId, reason) =>
      write(
        db.run((m) =>
          repo(m)
            .update(
              { memberId, moderation: "hidden", moderationReason: reason },
              { moderation: "visible", moderationReason: null },
            )
            .then(() => undefined),
        ),
      ),
    renameArtist: (memberId, artistName) =>
      write(
        db.run((m) =>
          repo(m)
            .update({ memberId }, { artistName })
            .then(() => undefined),
        ),
      ),
    insert: (entry) =>
      write(
        db.run((m) =>
          repo(m)
            .insert(fromEntry(entry))
            .then(() => undefined),
        ),
      ),
    // First pages are what every visitor asks for: kept for a second (read-cache.ts).
    // The seed orders only "random" pages: the other orders' pages are one entry for every seed.
    gallery: (query) =>
      galleryPages(
        JSON.stringify({ ...query, seed: query.sort === "random" ? query.seed : "" }),
        // Its statement is put together only when the page is not kept.
        Effect.suspend(() => galleryPage(query)),
      ),
    // Every visitor's board is the same few keys (a period's start, the filters, the limit): kept
    // for a second like the gallery's pages, and the same array meanwhile (leaderboard.routes.ts
    // presents it once).
    leaderboard: (filter, limit) =>
      leaderboards(
        `${filter.since}|${filter.contestType ?? ""}|${filter.ageGroup ?? ""}|${limit}`,
        Effect.suspend(() => leaderboardRead(filter, limit)),
      ),
    ofContest: (contestId) =>
      db.run((m) =>
        repo(m)
          .createQueryBuilder("e")
          .where("e.contest_id = :contestId", { contestId })
          .orderBy("e.created_at", "ASC")
          .addOrderBy("e.id", "ASC")
          .getMany()
          .then((rows) => rows.map(toEntry)),
      ),
    setTallies: (contestId, tallies) =>
      write(
        db.run(async (m) => {
          await repo(m).update({ contestId }, { voteCount: 0, weightedScore: 0 })
          for (const tally of tallies) {
            await repo(m).update(
              { id: tally.entryId, contestId },
              { voteCount: tally.rawVotes, weightedScore: tally.weightedScore },
            )
          }
        }),
      ),
    ofMember: (memberId) =>
      db.run((m) =>
        repo(m)
          .find({ where: { memberId }, order: { createdAt: "DESC", id: "DESC" } })
          .then((rows) => rows.map(toEntry)),
      ),
    hideAllOf: (memberId, reason) =>
      write(
        db.run((m) =>
          repo(m)
            .update(
              { memberId, moderation: "visible" },
              { moderation: "hidden", moderationReason: reason },
            )
            .then(() => undefined),
        ),
      ),
    statsOf: (memberId) =>
      db.run(async (m) => {
        const row:
          | { entries: string | number; contests: string | number; votes: string | number | null }
          | undefined = await repo(m)
          .createQueryBuilder("e")
          .select("COUNT(*)", "entries")
          .addSelect("COUNT(DISTINCT e.contest_id)", "contests")
          .addSelect("COALESCE(SUM(e.vote_count), 0)", "votes")
          .where("e.member_id = :memberId", { memberId })
          .getRawOne()
        return {
          entries: Number(row?.entries ?? 0),
          contestsEntered: Number(row?.contests ?? 0),
          votesReceived: Number(row?.votes ?? 0),
        }
      }),
  })
}

export const votes = (db: DatabaseShape) => {
  const votesTable = rawTable(VoteTable, db.dialect).name
  const entryTable = rawTable(EntryTable, db.dialect)
  const contestTable = rawTable(ContestTable, db.dialect)
  const subscriptions = rawTable(SubscriptionTable, db.dialect).name
  // The contest's columns are prefixed: both tables have an id, a created_at…
  const ballotRead =
    `SELECT ${entryTable.columns("e")}, ${contestTable.columns("c", "contest.")}, ` +
    `(SELECT s.tier FROM ${subscriptions} s WHERE s.member_id = ?) AS voterTier ` +
    `FROM ${entryTable.name} e JOIN ${contestTable.name} c ON c.id = e.contest_id WHERE e.id = ?`
  const entryRead = `SELECT ${entryTable.columns("e")} FROM ${entryTable.name} e WHERE e.id = ?`
  const contestRead = `SELECT ${contestTable.columns("c")} FROM ${contestTable.name} c WHERE c.id = ?`
  const tierRead = `SELECT s.tier AS voterTier FROM ${subscriptions} s WHERE s.member_id = ?`
  const read = (statement: string, params: ReadonlyArray<SqlValue>) =>
    Effect.map(
      Effect.orDie(db.sql<Array<Record<string, unknown>>>(statement, params)),
      ([raw]) => raw,
    )
  // A vote's statements, written once (building a column list was ~60 µs a vote).
  const insertVote =
    `INSERT INTO ${votesTable} (id, entry_id, contest_id, voter_id, weight, cast_at) ` +
    "VALUES (?, ?, ?, ?, ?, ?)"
  const countVote =
    `UPDATE ${entryTable.name} SET vote_count = vote_count + 1, ` +
    "weighted_score = weighted_score + ? WHERE id = ?"
  const countsNow = "vote_count AS voteCount, weighted_score AS weightedScore"
  const countVoteReturning = `${countVote} RETURNING ${countsNow}`
  const countsRead = `SELECT ${countsNow} FROM ${entryTable.name} WHERE id = ?`
  // MariaDB's INSERT … RETURNING reads the counts the UPDATE before it left, in the same
  // transaction (its own row version, locked by that UPDATE): no statement of its own.
  const insertVoteReturning =
    `${insertVote} RETURNING (SELECT vote_count FROM ${entryTable.name} WHERE id = ?) AS voteCount, ` +
    `(SELECT weighted_score FROM ${entryTable.name} WHERE id = ?) AS weightedScore`
  const mariadb = db.dataSource.options.type === "mariadb"
  const voteRow = (vote: Vote): Array<SqlValue> => [
    vote.id,
    vote.entryId,
    vote.contestId,
    vote.voterId,
    vote.weight,
    vote.castAt,
  ]
  /** The vote table's unique (entry, voter) key decides: a second vote is refused. */
  const refusedTwice =
    (vote: Vote) =>
    <A>(effect: Effect.Effect<A, unknown>): Effect.Effect<A, VotePermanent> =>
      Effect.catch(effect, (error) =>
        isUniqueViolation(error)
          ? Effect.fail(new VotePermanent({ entryId: vote.entryId }))
          : Effect.die(error),
      )
  const toCounts = (raw: Record<string, unknown>): VoteCounts => ({
    voteCount: Number(raw.voteCount),
    weightedScore: Number(raw.weightedScore),
  })
  /**
   * The counter first: updating the entry locks its row before the vote's foreign key would take
   * a shared lock on it, so two votes on one entry queue instead of deadlocking; what the vote
   * answers is that locked row. SQLite answers it from the UPDATE, MariaDB from the INSERT, MySQL
   * (neither) reads it between the two.
   */
  const cast = (vote: Vote): Effect.Effect<VoteCounts, VotePermanent | NotFound> =>
    Effect.gen(function* () {
      // Built only when the entry is gone: an error captures its stack when made (~60 µs, 3 % of
      // a vote's CPU when it was made for every vote).
      const missing = Effect.suspend(() => Effect.fail(notFound("entry", vote.entryId)))
      const counter: Array<SqlValue> = [vote.weight, vote.entryId]
      let counts: Record<string, unknown> | undefined
      if (db.dialect === "sqlite") {
        counts = yield* read(countVoteReturning, counter)
        if (!counts) return yield* missing
        yield* refusedTwice(vote)(db.sql<SqlWrite>(insertVote, voteRow(vote)))
      } else {
        const { changes } = yield* Effect.orDie(db.sql<SqlWrite>(countVote, counter))
        if (changes === 0) return yield* missing
        if (mariadb) {
          const params = [...voteRow(vote), vote.entryId, vote.entryId]
          ;[counts] = yield* refusedTwice(vote)(
            db.sql<Array<Record<string, unknown>>>(insertVoteReturning, params),
          )
        } else {
          counts = yield* read(countsRead, [vote.entryId])
          yield* refusedTwice(vote)(db.sql<SqlWrite>(insertVote, voteRow(vote)))
        }
        if (!counts) return yield* missing
      }
      yield* db.noteWrite
      return toCounts(counts)
    })
  /**
   * SQLite: three single-row reads, synchronous and about 45 µs together, where the join took
   * about 270 µs a vote under 'sqlite http vote' (traced per statement; its plan is the same
   * three index seeks, but each run of a join statement costs far more in better-sqlite3).
   */
  const sqliteBallot = (entryId: EntryId, voterId: string) =>
    Effect.gen(function* () {
      const raw = yield* read(entryRead, [entryId])
      if (!raw) return yield* Effect.fail(notFound("entry", entryId))
      const entry = toEntry(entryTable.row(raw))
      const contest = yield* read(contestRead, [entry.contestId])
      if (!contest) return yield* Effect.fail(notFound("entry", entryId))
      const tier = yield* read(tierRead, [voterId])
      return {
        entry,
        contest: toContest(contestTable.row(contest)),
        tier: (tier?.voterTier ?? null) as Tier | null,
      }
    })
  return VoteRepository.of({
    // MySQL: one statement, one round trip. SQLite: see sqliteBallot.
    ballot: (entryId, voterId) =>
      db.dialect === "sqlite"
        ? sqliteBallot(entryId, voterId)
        : Effect.flatMap(read(ballotRead, [voterId, entryId]), (raw) =>
            raw
              ? Effect.succeed({
                  entry: toEntry(entryTable.row(raw)),
                  contest: toContest(contestTable.row(raw, "contest.")),
                  tier: (raw.voterTier ?? null) as Tier | null,
                })
              : Effect.fail(notFound("entry", entryId)),
          ),
    cast,
    record: (vote) =>
      Effect.andThen(refusedTwice(vote)(db.sql<SqlWrite>(insertVote, voteRow(vote))), db.noteWrite),
    hasVoted: (entryId, voterId) =>
      Effect.map(
        Effect.orDie(
          db.sql<ReadonlyArray<unknown>>(
            `SELECT 1 AS found FROM ${votesTable} WHERE entry_id = ? AND voter_id = ? LIMIT 1`,
            [entryId, voterId],
          ),
        ),
        (found) => found.length > 0,
      ),
    votedAmong: (entryIds, voterId) =>
      entryIds.length === 0
        ? Effect.succeed(new Set<EntryId>())
        : Effect.map(
            Effect.orDie(
              db.sql<ReadonlyArray<{ entry_id: EntryId }>>(
                `SELECT entry_id FROM ${votesTable} WHERE voter_id = ? AND entry_id IN (${entryIds
                  .map(() => "?")
                  .join(", ")})`,
                [voterId, ...entryIds],
              ),
            ),
            (rows) => new Set(rows.map((row) => row.entry_id)),
          ),
    talliesOf: (contestId) =>
      db.run(async (m) => {
        const rows: Array<{ entryId: string; raw: string | number; weighted: string | number }> =
          await m
            .getRepository(VoteTable)
            .createQueryBuilder("v")
            .select("v.entry_id", "entryId")
            .addSelect("COUNT(*)", "raw")
            .addSelect("SUM(v.weight)", "weighted")
            .where("v.contest_id = :contestId", { contestId })
            .groupBy("v.entry_id")
            .getRawMany()
        return rows.map((row) => ({
          entryId: row.entryId,
          rawVotes: Number(row.raw),
          weightedScore: Number(row.weighted),
        }))
      }),
    participationOf: (contestIds) =>
      db.run(async (m) => {
        const result = new Map<string, { entries: number; votes: number; voters: number }>(
          contestIds.map((id) => [id, { entries: 0, votes: 0, voters: 0 }]),
        )
        if (contestIds.length === 0) return result
        const entryRows: Array<{ contestId: string; entries: string | number }> = await m
          .getRepository(EntryTable)
          .createQueryBuilder("e")
          .select("e.contest_id", "contestId")
          .addSelect("COUNT(*)", "entries")
          .where("e.contest_id IN (:...contestIds)", { contestIds })
          .andWhere("e.moderation = 'visible'")
          .groupBy("e.contest_id")
          .getRawMany()
        const voteRows: Array<{
          contestId: string
          votes: string | number
          voters: string | number
        }> = await m
          .getRepository(VoteTable)
          .createQueryBuilder("v")
          .innerJoin("Entry", "e", "e.id = v.entry_id")
          .select("v.contest_id", "contestId")
          .addSelect("COUNT(*)", "votes")
          .addSelect("COUNT(DISTINCT v.voter_id)", "voters")
          .where("v.contest_id IN (:...contestIds)", { contestIds })
          .andWhere("e.moderation = 'visible'")
          .groupBy("v.contest_id")
          .getRawMany()
        for (const row of entryRows) {
          const count = result.get(row.contestId)
          if (count) count.entries = Number(row.entries)
        }
        for (const row of voteRows) {
          const count = result.get(row.contestId)
          if (count) {
            count.votes = Number(row.votes)
            count.voters = Number(row.voters)
          }
        }
        return result
      }),
  })
}
