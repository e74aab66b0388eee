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
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { VotePermanent } from "../../domain/voting/voting.errors.ts"
import { type DatabaseShape, isUniqueViolation } from "./database.ts"
import { type EntryRow, EntryTable, VoteTable } from "./contest-tables.ts"
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

const whereLeaderboard = (qb: SelectQueryBuilder<EntryRow>, filter: LeaderboardFilter) =>
  whereGallery(qb, {
    since: Number.isFinite(filter.since) ? filter.since : undefined,
    ageGroup: filter.ageGroup,
    contestType: filter.contestType,
  })

const repo = (m: EntityManager) => m.getRepository<EntryRow>(EntryTable)

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
  const getEntry = (id: string) =>
    Effect.flatMap(
      db.run((m) => repo(m).findOneBy({ id })),
      (row) => (row ? Effect.succeed(toEntry(row)) : Effect.fail(notFound("entry", id))),
    )
  return EntryRepository.of({
    get: getEntry,
    hasImage: (image) => db.run((m) => repo(m).existsBy({ image })),
    saveModeration: (entry) =>
      db.run((m) =>
        repo(m)
          .update(
            { id: entry.id },
            { moderation: entry.moderation, moderationReason: entry.moderationReason },
          )
          .then(() => undefined),
      ),
    showAllOf: (memberId, reason) =>
      db.run((m) =>
        repo(m)
          .update(
            { memberId, moderation: "hidden", moderationReason: reason },
            { moderation: "visible", moderationReason: null },
          )
          .then(() => undefined),
      ),
    renameArtist: (memberId, artistName) =>
      db.run((m) =>
        repo(m)
          .update({ memberId }, { artistName })
          .then(() => undefined),
      ),
    insert: (entry) =>
      db.run((m) =>
        repo(m)
          .insert(fromEntry(entry))
          .then(() => undefined),
      ),
    gallery: (query) =>
      db.run(async (m) => {
        const qb = whereGallery(repo(m).createQueryBuilder("e"), query.filter)
        const after = query.after
        switch (query.sort) {
          case "top":
            if (after) {
              qb.andWhere(
                new Brackets((w) => {
                  w.where("e.vote_count < :v", { v: after.voteCount })
                    .orWhere("(e.vote_count = :v AND e.created_at > :c)", { c: after.createdAt })
                    .orWhere("(e.vote_count = :v AND e.created_at = :c AND e.id > :id)", {
                      id: after.id,
                    })
                }),
              )
            }
            qb.orderBy("e.vote_count", "DESC")
              .addOrderBy("e.created_at", "ASC")
              .addOrderBy("e.id", "ASC")
            break
          case "newest":
            if (after) {
              qb.andWhere(
                new Brackets((w) => {
                  w.where("e.created_at < :c", { c: after.createdAt }).orWhere(
                    "(e.created_at = :c AND e.id < :id)",
                    { id: after.id },
                  )
                }),
              )
            }
            qb.orderBy("e.created_at", "DESC").addOrderBy("e.id", "DESC")
            break
          case "random":
            return randomPage(m, query)
        }
        const rows = await qb.limit(query.limit + 1).getMany()
        return {
          items: rows.slice(0, query.limit).map(toEntry),
          hasMore: rows.length > query.limit,
        }
      }),
    leaderboard: (filter, limit) =>
      db.run((m) =>
        whereLeaderboard(repo(m).createQueryBuilder("e"), filter)
          .orderBy("e.weighted_score", "DESC")
          .addOrderBy("e.created_at", "ASC")
          .addOrderBy("e.id", "ASC")
          .limit(limit)
          .getMany()
          .then((rows) => rows.map(toEntry)),
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
    addVote: (entryId, weight) =>
      Effect.flatMap(
        db.run((m) =>
          repo(m)
            .createQueryBuilder()
            .update()
            .set({
              voteCount: () => "vote_count + 1",
              weightedScore: () => `weighted_score + ${Number(weight)}`,
            })
            .where("id = :entryId", { entryId })
            .execute(),
        ),
        () => getEntry(entryId),
      ),
    setTallies: (contestId, tallies) =>
      db.run(async (m) => {
        await repo(m).update({ contestId }, { voteCount: 0, weightedScore: 0 })
        for (const tally of tallies) {
          await repo(m).update(
            { id: tally.entryId, contestId },
            { voteCount: tally.rawVotes, weightedScore: tally.weightedScore },
          )
        }
      }),
    ofMember: (memberId) =>
      db.run((m) =>
        repo(m)
          .find({ where: { memberId }, order: { createdAt: "DESC", id: "DESC" } })
          .then((rows) => rows.map(toEntry)),
      ),
    hideAllOf: (memberId, reason) =>
      db.run((m) =>
        repo(m)
          .update(
            { memberId, moderation: "visible" },
            { moderation: "hidden", moderationReason: reason },
          )
          .then(() => undefined),
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

export const votes = (db: DatabaseShape) =>
  VoteRepository.of({
    record: (vote) =>
      db
        .attempt((m) => m.getRepository(VoteTable).insert(vote))
        .pipe(
          Effect.asVoid,
          Effect.catch((error) =>
            isUniqueViolation(error)
              ? Effect.fail(new VotePermanent({ entryId: vote.entryId }))
              : Effect.die(error),
          ),
        ),
    hasVoted: (entryId, voterId) =>
      db.run((m) => m.getRepository(VoteTable).existsBy({ entryId, voterId })),
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
