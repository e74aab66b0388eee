import { Effect } from "effect"
import { type EntityManager, In } from "typeorm"
import { BadgeRepository } from "../../domain/badges/badge.port.ts"
import type { BadgeGrant, BadgeId } from "../../domain/badges/badges.ts"
import {
  CONTEST_METRICS,
  ContestAnalytics,
  type ContestCounts,
} from "../../domain/contests/contest-analytics.port.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import {
  type ContestPrize,
  PRIZE_KINDS,
  type PrizeKind,
} from "../../domain/contests/contest-prize.ts"
import type { ContestStatus } from "../../domain/contests/contest-status.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { type DatabaseShape, isUniqueViolation, type SqlWrite } from "./database.ts"
import {
  BadgeGrantTable,
  type BadgeGrantRow,
  ContestEventTable,
  type ContestRow,
  ContestVisitTable,
  ContestTable,
  DownloadTable,
  VoteTable,
} from "./contest-tables.ts"
import { rawTable } from "./raw-rows.ts"
import { readCache } from "./read-cache.ts"
import { notFound, upsert, keysetPage } from "./repository-support.ts"

/** Contests, their analytics (visits, downloads, events) and badge grants, on SQL. */

export const toContest = (row: ContestRow): Contest => ({
  id: row.id,
  title: row.title,
  description: row.description,
  lineArt: row.lineArt,
  contestType: row.contestType,
  artStyle: row.artStyle,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  storedStatus: row.status,
  createdAt: row.createdAt,
  result:
    row.closedAt === null
      ? null
      : {
          closedAt: row.closedAt,
          winnerEntryId: row.winnerEntryId,
          winnerMemberId: row.winnerMemberId,
          winnerRawVotes: row.winnerRawVotes ?? 0,
          winnerWeightedScore: row.winnerWeightedScore ?? 0,
          peoplesChoiceEntryId: row.peoplesChoiceEntryId,
          peoplesChoiceMemberId: row.peoplesChoiceMemberId,
          totalEntries: row.totalEntries ?? 0,
          totalVotes: row.totalVotes ?? 0,
          podiumEntryIds: row.podiumEntryIds ? row.podiumEntryIds.split(",") : [],
        },
  announcedAt: row.announcedAt,
  prize: prizeOf(row),
  subscribersOnly: Boolean(row.subscribersOnly),
})

const fromContest = (contest: Contest): ContestRow => ({
  id: contest.id,
  title: contest.title,
  description: contest.description,
  lineArt: contest.lineArt,
  contestType: contest.contestType,
  artStyle: contest.artStyle,
  startsAt: contest.startsAt,
  endsAt: contest.endsAt,
  status: contest.storedStatus,
  createdAt: contest.createdAt,
  closedAt: contest.result?.closedAt ?? null,
  winnerEntryId: contest.result?.winnerEntryId ?? null,
  winnerMemberId: contest.result?.winnerMemberId ?? null,
  winnerRawVotes: contest.result?.winnerRawVotes ?? null,
  winnerWeightedScore: contest.result?.winnerWeightedScore ?? null,
  peoplesChoiceEntryId: contest.result?.peoplesChoiceEntryId ?? null,
  peoplesChoiceMemberId: contest.result?.peoplesChoiceMemberId ?? null,
  totalEntries: contest.result?.totalEntries ?? null,
  totalVotes: contest.result?.totalVotes ?? null,
  podiumEntryIds: contest.result ? contest.result.podiumEntryIds.join(",") : null,
  announcedAt: contest.announcedAt,
  prizeKind: contest.prize?.kind ?? null,
  prizeText: contest.prize?.text ?? null,
  prizeAmount: contest.prize?.amount ?? null,
  subscribersOnly: contest.subscribersOnly,
})

/** A stored prize, or null when none is set (or its kind is one this code does not know). */
const prizeOf = (row: ContestRow): ContestPrize | null =>
  row.prizeKind !== null &&
  row.prizeText !== null &&
  (PRIZE_KINDS as ReadonlyArray<string>).includes(row.prizeKind)
    ? { kind: row.prizeKind as PrizeKind, text: row.prizeText, amount: row.prizeAmount }
    : null

/** The stored status as contestStatus reads it: trimmed, lower case, "" when none. */
export const storedStatus = (alias: string) => `LOWER(TRIM(COALESCE(${alias}.status, '')))`

/** Contests `c` whose status at :now (a parameter) is `status`, as contestStatus derives it. */
const whereStatus = (status: ContestStatus): string => {
  const live = `${storedStatus("c")} <> 'cancelled'`
  switch (status) {
    case "cancelled":
      return `${storedStatus("c")} = 'cancelled'`
    case "scheduled":
      return `${live} AND c.starts_at > :now`
    case "active":
      return `${live} AND c.starts_at <= :now AND c.ends_at > :now`
    case "ended":
      return `${live} AND c.ends_at <= :now AND ${storedStatus("c")} <> 'announced'`
    case "announced":
      return `${live} AND c.ends_at <= :now AND ${storedStatus("c")} = 'announced'`
  }
}

/** Case-insensitive "not cancelled", as a stored status may be written in any case. */
export const notCancelled = (alias: string) =>
  `(${alias}.status IS NULL OR LOWER(${alias}.status) <> 'cancelled')`

/**
 * How long one instance answers the home page's contest from memory (issue 20's read path): every
 * other server sees a change made elsewhere within this time, short enough to need no pub/sub
 * between instances (issue 23); this instance's own writes clear it at once.
 */
export const HOME_CANDIDATES_TTL_MS = 1_000

interface HomeCandidates {
  /** Which write of this instance they were read after (see `writes`). */
  readonly writes: number
  /** When they were read, by the wall clock (the TTL) and by the use case's clock (`now`). */
  readonly readAt: number
  readonly now: number
  /** The first instant they may be another set: the upcoming one starts, or one in progress ends. */
  readonly until: number
  readonly contests: ReadonlyArray<Contest>
}

/** How long the contests of a gallery page are answered from memory (see read-cache.ts). */
const CONTESTS_BY_IDS_TTL_MS = 1_000
const CONTESTS_BY_IDS_KEPT = 256

export const contests = (db: DatabaseShape) => {
  const repo = (m: EntityManager) => m.getRepository<ContestRow>(ContestTable)
  const table = rawTable(ContestTable, db.dialect)
  const byId = `SELECT ${table.columns("c")} FROM ${table.name} c WHERE c.id = ?`
  // The contests of a gallery page (its placements), asked for by every visitor's first page.
  const contestsByIds = readCache<ReadonlyArray<Contest>>(
    db,
    CONTESTS_BY_IDS_TTL_MS,
    CONTESTS_BY_IDS_KEPT,
  )
  /** Contest writes through this repository; a cached read from before one is stale. */
  let writes = 0
  let home: HomeCandidates | undefined
  const readHomeCandidates = (now: number) =>
    db.run(async (m) => {
      const live = () => repo(m).createQueryBuilder("c").where(notCancelled("c"))
      const inProgress = await live()
        .andWhere("c.starts_at <= :now AND c.ends_at > :now", { now })
        .orderBy("c.starts_at", "ASC")
        .take(10)
        .getMany()
      const upcoming = await live()
        .andWhere("c.starts_at > :now", { now })
        .orderBy("c.starts_at", "ASC")
        .take(1)
        .getMany()
      const recent = await live()
        .andWhere("c.ends_at <= :now", { now })
        .orderBy("c.ends_at", "DESC")
        .take(1)
        .getMany()
      return [...inProgress, ...upcoming, ...recent].map(toContest)
    })
  return ContestRepository.of({
    get: (id) =>
      Effect.flatMap(Effect.orDie(db.sql<Array<Record<string, unknown>>>(byId, [id])), ([raw]) =>
        raw ? Effect.succeed(toContest(table.row(raw))) : Effect.fail(notFound("contest", id)),
      ),
    byIds: (ids) => {
      if (ids.length === 0) return Effect.succeed([])
      const unique = [...new Set(ids)].sort()
      return contestsByIds(
        unique.join(","),
        db.run((m) =>
          repo(m)
            .findBy({ id: In(unique) })
            .then((rows) => rows.map(toContest)),
        ),
      )
    },
    save: (contest) =>
      Effect.ensuring(
        db.run((m) => upsert(m, ContestTable, fromContest(contest), ["id"])),
        Effect.andThen(
          Effect.sync(() => {
            writes += 1
            home = undefined
          }),
          db.noteWrite,
        ),
      ),
    homeCandidates: (now) =>
      Effect.gen(function* () {
        // Inside a transaction the read must see its own writes, and must not be kept for others.
        if (yield* db.inTransaction) return yield* readHomeCandidates(now)
        const wall = Date.now()
        const kept = home
        if (
          kept &&
          kept.writes === writes &&
          wall - kept.readAt < HOME_CANDIDATES_TTL_MS &&
          now >= kept.now &&
          now < kept.until
        ) {
          return kept.contests
        }
        const before = writes
        const found = yield* readHomeCandidates(now)
        // A write that landed while reading may not be in `found`: keep nothing then.
        if (writes === before) {
          const boundaries = found.flatMap((c) =>
            c.startsAt > now ? [c.startsAt] : c.endsAt > now ? [c.endsAt] : [],
          )
          home = { writes, readAt: wall, now, until: Math.min(...boundaries), contests: found }
        }
        return found
      }),
    overlapping: (window) =>
      db.run((m) =>
        repo(m)
          .createQueryBuilder("c")
          .where(notCancelled("c"))
          .andWhere("c.contest_type = :type", { type: window.contestType.trim().toLowerCase() })
          .andWhere("c.starts_at < :endsAt AND c.ends_at > :startsAt", window)
          .orderBy("c.starts_at", "ASC")
          .take(10)
          .getMany()
          .then((rows) => rows.map(toContest)),
      ),
    dueForClosing: (now, limit) =>
      db.run((m) =>
        repo(m)
          .createQueryBuilder("c")
          .where(notCancelled("c"))
          .andWhere("c.closed_at IS NULL AND c.ends_at <= :now", { now })
          .orderBy("c.ends_at", "ASC")
          .take(limit)
          .getMany()
          .then((rows) => rows.map(toContest)),
      ),
    closedInOrder: db.run((m) =>
      repo(m)
        .createQueryBuilder("c")
        .where("c.closed_at IS NOT NULL")
        .orderBy("c.ends_at", "ASC")
        .addOrderBy("c.id", "ASC")
        .getMany()
        .then((rows) => rows.map(toContest)),
    ),
    page: (cursor, limit) =>
      db.run((m) =>
        keysetPage(
          repo(m).createQueryBuilder("c"),
          "c",
          { column: "starts_at", property: "startsAt", direction: "DESC" },
          cursor,
          limit,
          toContest,
        ),
      ),
    list: (filter, cursor, limit) =>
      db.run((m) => {
        const qb = repo(m).createQueryBuilder("c")
        if (filter.status !== undefined) qb.where(whereStatus(filter.status), { now: filter.now })
        return keysetPage(
          qb,
          "c",
          { column: "starts_at", property: "startsAt", direction: "DESC" },
          cursor,
          limit,
          toContest,
        )
      }),
    past: (now, cursor, limit) =>
      db.run((m) =>
        keysetPage(
          repo(m)
            .createQueryBuilder("c")
            .where(notCancelled("c"))
            .andWhere("c.ends_at <= :now", { now }),
          "c",
          { column: "ends_at", property: "endsAt", direction: "DESC" },
          cursor,
          limit,
          toContest,
        ),
      ),
    between: (from, to) =>
      db.run((m) =>
        repo(m)
          .createQueryBuilder("c")
          .where("c.starts_at < :to AND c.ends_at > :from", { from, to })
          .orderBy("c.starts_at", "ASC")
          .addOrderBy("c.id", "ASC")
          .getMany()
          .then((rows) => rows.map(toContest)),
      ),
    winsOf: (memberId) => db.run((m) => repo(m).countBy({ winnerMemberId: memberId })),
  })
}

export const analytics = (db: DatabaseShape) => {
  const events = rawTable(ContestEventTable, db.dialect).name
  return ContestAnalytics.of({
    recordDownload: (download) =>
      db.run((m) =>
        m
          .getRepository(DownloadTable)
          .insert(download)
          .then(() => undefined),
      ),
    // On every vote: one raw statement (TypeORM's insert builds more than it runs).
    recordEvent: (event) =>
      Effect.asVoid(
        Effect.orDie(
          db.sql<SqlWrite>(`INSERT INTO ${events} (contest_id, metric, at) VALUES (?, ?, ?)`, [
            event.contestId,
            event.metric,
            event.at,
          ]),
        ),
      ),
    // The primary key decides: of any number of notes of one visit, one inserts.
    noteVisit: (visit) =>
      db
        .attempt((m) => m.getRepository(ContestVisitTable).insert({ ...visit }))
        .pipe(
          Effect.as(true),
          Effect.catch((error) =>
            isUniqueViolation(error) ? Effect.succeed(false) : Effect.die(error),
          ),
        ),
    forgetVisitsBefore: (day) =>
      db.run((m) =>
        m
          .getRepository(ContestVisitTable)
          .createQueryBuilder()
          .delete()
          .where("day < :day", { day })
          .execute()
          .then((result) => result.affected ?? 0),
      ),
    counts: (contestId) =>
      db.run(async (m) => {
        const rows: Array<{ metric: string; total: string | number }> = await m
          .getRepository(ContestEventTable)
          .createQueryBuilder("e")
          .select("e.metric", "metric")
          .addSelect("COUNT(*)", "total")
          .where("e.contest_id = :contestId", { contestId })
          .andWhere("e.metric <> 'votes'")
          .groupBy("e.metric")
          .getRawMany()
        const counts = Object.fromEntries(CONTEST_METRICS.map((metric) => [metric, 0])) as {
          -readonly [K in keyof ContestCounts]: number
        }
        for (const row of rows) {
          if ((CONTEST_METRICS as ReadonlyArray<string>).includes(row.metric)) {
            counts[row.metric as keyof ContestCounts] = Number(row.total)
          }
        }
        // Votes are their rows (IDX_votes_contest); "votes" events of older versions are not read.
        counts.votes = await m.getRepository(VoteTable).countBy({ contestId })
        return counts
      }),
  })
}

export const badges = (db: DatabaseShape) =>
  BadgeRepository.of({
    grant: (grant) =>
      db
        .attempt((m) => m.getRepository<BadgeGrantRow>(BadgeGrantTable).insert(grant))
        .pipe(
          Effect.as(true),
          Effect.catch((error) =>
            isUniqueViolation(error) ? Effect.succeed(false) : Effect.die(error),
          ),
        ),
    of: (memberId) =>
      db.run((m) =>
        m
          .getRepository<BadgeGrantRow>(BadgeGrantTable)
          .find({ where: { memberId }, order: { earnedAt: "ASC", badgeId: "ASC" } })
          .then((rows): ReadonlyArray<BadgeGrant> =>
            rows.map((row) => ({ ...row, badgeId: row.badgeId as BadgeId })),
          ),
      ),
  })
