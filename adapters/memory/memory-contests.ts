/** Contests, their analytics, entries, votes and badges, in memory. */
import { Effect } from "effect"
import { BadgeRepository } from "../../domain/badges/badge.port.ts"
import {
  CONTEST_METRICS,
  ContestAnalytics,
  type ContestCounts,
} from "../../domain/contests/contest-analytics.port.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { contestStatus } from "../../domain/contests/contest-status.ts"
import { compareForRanking, matchesLeaderboard } from "../../domain/ranking/leaderboard.ts"
import { NotFound } from "../../domain/shared/errors.ts"
import { pageAfter } from "../../domain/shared/paging.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { galleryOrder, matchesGallery } from "../../domain/submissions/gallery.ts"
import type { VoteCounts } from "../../domain/voting/vote.entity.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { VotePermanent } from "../../domain/voting/voting.errors.ts"
import type { MemoryStore } from "./memory-store.ts"
import { keysetPage, byId } from "./memory-paging.ts"

const newestFirst = (a: Contest, b: Contest) => b.startsAt - a.startsAt || byId(b, a)

export const contests = (store: MemoryStore) =>
  ContestRepository.of({
    get: (id) =>
      Effect.suspend(() => {
        const contest = store.tables.contests.get(id)
        return contest
          ? Effect.succeed(contest)
          : Effect.fail(new NotFound({ entity: "contest", id }))
      }),
    byIds: (ids) =>
      Effect.sync(() =>
        [...new Set(ids)].flatMap((id) => {
          const contest = store.tables.contests.get(id)
          return contest ? [contest] : []
        }),
      ),
    save: (contest) => Effect.sync(() => void store.tables.contests.set(contest.id, contest)),
    homeCandidates: (now) =>
      Effect.sync(() => {
        const live = [...store.tables.contests.values()].filter(
          (contest) => contestStatus(contest, now) !== "cancelled",
        )
        const inProgress = live.filter((c) => c.startsAt <= now && now < c.endsAt)
        const upcoming = live
          .filter((c) => now < c.startsAt)
          .sort((a, b) => a.startsAt - b.startsAt)[0]
        const recent = live.filter((c) => c.endsAt <= now).sort((a, b) => b.endsAt - a.endsAt)[0]
        return [...inProgress, ...(upcoming ? [upcoming] : []), ...(recent ? [recent] : [])]
      }),
    overlapping: (window) =>
      Effect.sync(() =>
        [...store.tables.contests.values()].filter(
          (contest) =>
            contest.contestType === window.contestType.trim().toLowerCase() &&
            contest.storedStatus?.toLowerCase() !== "cancelled" &&
            contest.startsAt < window.endsAt &&
            window.startsAt < contest.endsAt,
        ),
      ),
    dueForClosing: (now, limit) =>
      Effect.sync(() =>
        [...store.tables.contests.values()]
          .filter((contest) => contest.result === null && contestStatus(contest, now) === "ended")
          .sort((a, b) => a.endsAt - b.endsAt)
          .slice(0, limit),
      ),
    closedInOrder: Effect.sync(() =>
      [...store.tables.contests.values()]
        .filter((contest) => contest.result !== null)
        .sort((a, b) => a.endsAt - b.endsAt || byId(a, b)),
    ),
    page: (cursor, limit) =>
      Effect.sync(() =>
        keysetPage(
          store.tables.contests.values(),
          newestFirst,
          (contest) => contest.id,
          (value) => (typeof value === "string" ? store.tables.contests.get(value) : undefined),
          cursor,
          limit,
        ),
      ),
    list: (filter, cursor, limit) =>
      Effect.sync(() =>
        keysetPage(
          [...store.tables.contests.values()].filter(
            (contest) =>
              filter.status === undefined || contestStatus(contest, filter.now) === filter.status,
          ),
          newestFirst,
          (contest) => contest.id,
          (value) => (typeof value === "string" ? store.tables.contests.get(value) : undefined),
          cursor,
          limit,
        ),
      ),
    past: (now, cursor, limit) =>
      Effect.sync(() =>
        keysetPage(
          [...store.tables.contests.values()].filter((contest) => {
            const status = contestStatus(contest, now)
            return status === "ended" || status === "announced"
          }),
          (a, b) => b.endsAt - a.endsAt || byId(b, a),
          (contest) => contest.id,
          (value) => (typeof value === "string" ? store.tables.contests.get(value) : undefined),
          cursor,
          limit,
        ),
      ),
    between: (from, to) =>
      Effect.sync(() =>
        [...store.tables.contests.values()]
          .filter((contest) => contest.startsAt < to && from < contest.endsAt)
          .sort((a, b) => a.startsAt - b.startsAt || byId(a, b)),
      ),
    winsOf: (memberId) =>
      Effect.sync(
        () =>
          [...store.tables.contests.values()].filter(
            (contest) => contest.result?.winnerMemberId === memberId,
          ).length,
      ),
  })

export const analytics = (store: MemoryStore) =>
  ContestAnalytics.of({
    recordDownload: (download) => Effect.sync(() => void store.tables.downloads.push(download)),
    recordEvent: (event) => Effect.sync(() => void store.tables.events.push(event)),
    noteVisit: (visit) =>
      Effect.sync(() => {
        const key = `${visit.contestId}|${visit.metric}|${visit.visitor}|${visit.day}`
        if (store.tables.visits.has(key)) return false
        store.tables.visits.add(key)
        return true
      }),
    forgetVisitsBefore: (day) =>
      Effect.sync(() => {
        let forgotten = 0
        for (const key of store.tables.visits) {
          if ((key.split("|")[3] ?? "") < day) {
            store.tables.visits.delete(key)
            forgotten += 1
          }
        }
        return forgotten
      }),
    counts: (contestId) =>
      Effect.sync(() => {
        const counts = Object.fromEntries(CONTEST_METRICS.map((metric) => [metric, 0])) as {
          -readonly [K in keyof ContestCounts]: number
        }
        for (const event of store.tables.events) {
          if (event.contestId === contestId && event.metric !== "votes") counts[event.metric] += 1
        }
        for (const vote of store.tables.votes.values()) {
          if (vote.contestId === contestId) counts.votes += 1
        }
        return counts
      }),
  })

export const entries = (store: MemoryStore) =>
  EntryRepository.of({
    get: (id) =>
      Effect.suspend(() => {
        const entry = store.tables.entries.get(id)
        return entry ? Effect.succeed(entry) : Effect.fail(new NotFound({ entity: "entry", id }))
      }),
    insert: (entry) => Effect.sync(() => void store.tables.entries.set(entry.id, entry)),
    saveModeration: (entry) =>
      Effect.sync(() => {
        const stored = store.tables.entries.get(entry.id)
        if (stored) {
          store.tables.entries.set(entry.id, {
            ...stored,
            moderation: entry.moderation,
            moderationReason: entry.moderationReason,
          })
        }
      }),
    hasImage: (image) =>
      Effect.sync(() => [...store.tables.entries.values()].some((entry) => entry.image === image)),
    gallery: (query) =>
      Effect.sync(() => {
        const order = galleryOrder(query.sort, query.seed)
        const matching = [...store.tables.entries.values()]
          .filter((entry) => matchesGallery(entry, query.filter))
          .sort(order)
        return pageAfter(matching, order, query.after, query.limit)
      }),
    leaderboard: (filter, limit) =>
      Effect.sync(() =>
        [...store.tables.entries.values()]
          .filter((entry) => matchesLeaderboard(entry, filter))
          .sort(compareForRanking)
          .slice(0, limit),
      ),
    ofContest: (contestId) =>
      Effect.sync(() =>
        [...store.tables.entries.values()]
          .filter((entry) => entry.contestId === contestId)
          .sort((a, b) => a.createdAt - b.createdAt || byId(a, b)),
      ),
    setTallies: (contestId, tallies) =>
      Effect.sync(() => {
        const byEntry = new Map(tallies.map((tally) => [tally.entryId, tally]))
        for (const entry of store.tables.entries.values()) {
          if (entry.contestId !== contestId) continue
          const tally = byEntry.get(entry.id)
          store.tables.entries.set(entry.id, {
            ...entry,
            voteCount: tally?.rawVotes ?? 0,
            weightedScore: tally?.weightedScore ?? 0,
          })
        }
      }),
    ofMember: (memberId) =>
      Effect.sync(() =>
        [...store.tables.entries.values()]
          .filter((entry) => entry.memberId === memberId)
          .sort((a, b) => b.createdAt - a.createdAt || byId(b, a)),
      ),
    hideAllOf: (memberId, reason) =>
      Effect.sync(() => {
        for (const entry of [...store.tables.entries.values()]) {
          if (entry.memberId === memberId && entry.moderation === "visible") {
            store.tables.entries.set(entry.id, {
              ...entry,
              moderation: "hidden",
              moderationReason: reason,
            })
          }
        }
      }),
    showAllOf: (memberId, reason) =>
      Effect.sync(() => {
        for (const entry of [...store.tables.entries.values()]) {
          if (
            entry.memberId === memberId &&
            entry.moderation === "hidden" &&
            entry.moderationReason === reason
          ) {
            store.tables.entries.set(entry.id, {
              ...entry,
              moderation: "visible",
              moderationReason: null,
            })
          }
        }
      }),
    renameArtist: (memberId, artistName) =>
      Effect.sync(() => {
        for (const entry of [...store.tables.entries.values()]) {
          if (entry.memberId === memberId) {
            store.tables.entries.set(entry.id, { ...entry, artistName })
          }
        }
      }),
    statsOf: (memberId) =>
      Effect.sync(() => {
        const own = [...store.tables.entries.values()].filter(
          (entry) => entry.memberId === memberId,
        )
        return {
          entries: own.length,
          contestsEntered: new Set(own.map((entry) => entry.contestId)).size,
          votesReceived: own.reduce((sum, entry) => sum + entry.voteCount, 0),
        }
      }),
  })

export const votes = (store: MemoryStore) =>
  VoteRepository.of({
    ballot: (entryId, voterId) =>
      Effect.suspend(() => {
        const entry = store.tables.entries.get(entryId)
        const contest = entry && store.tables.contests.get(entry.contestId)
        if (!entry || !contest) return Effect.fail(new NotFound({ entity: "entry", id: entryId }))
        const tier = store.tables.subscriptions.get(voterId)?.tier ?? null
        return Effect.succeed({ entry, contest, tier })
      }),
    cast: (vote) =>
      Effect.suspend((): Effect.Effect<VoteCounts, NotFound | VotePermanent> => {
        const entry = store.tables.entries.get(vote.entryId)
        if (!entry) return Effect.fail(new NotFound({ entity: "entry", id: vote.entryId }))
        const key = `${vote.entryId}|${vote.voterId}`
        if (store.tables.votes.has(key)) {
          return Effect.fail(new VotePermanent({ entryId: vote.entryId }))
        }
        const counts = {
          voteCount: entry.voteCount + 1,
          weightedScore: entry.weightedScore + vote.weight,
        }
        store.tables.entries.set(vote.entryId, { ...entry, ...counts })
        store.tables.votes.set(key, vote)
        return Effect.succeed(counts)
      }),
    record: (vote) =>
      Effect.suspend(() => {
        const key = `${vote.entryId}|${vote.voterId}`
        if (store.tables.votes.has(key)) {
          return Effect.fail(new VotePermanent({ entryId: vote.entryId }))
        }
        store.tables.votes.set(key, vote)
        return Effect.void
      }),
    hasVoted: (entryId, voterId) =>
      Effect.sync(() => store.tables.votes.has(`${entryId}|${voterId}`)),
    votedAmong: (entryIds, voterId) =>
      Effect.sync(
        () => new Set(entryIds.filter((id) => store.tables.votes.has(`${id}|${voterId}`))),
      ),
    talliesOf: (contestId) =>
      Effect.sync(() => {
        const tallies = new Map<
          string,
          { entryId: string; rawVotes: number; weightedScore: number }
        >()
        for (const vote of store.tables.votes.values()) {
          if (vote.contestId !== contestId) continue
          const tally = tallies.get(vote.entryId) ?? {
            entryId: vote.entryId,
            rawVotes: 0,
            weightedScore: 0,
          }
          tally.rawVotes += 1
          tally.weightedScore += vote.weight
          tallies.set(vote.entryId, tally)
        }
        return [...tallies.values()]
      }),
    participationOf: (contestIds) =>
      Effect.sync(() => {
        const wanted = new Set(contestIds)
        const counts = new Map(
          contestIds.map((id) => [id, { entries: 0, votes: 0, voters: new Set<string>() }]),
        )
        for (const entry of store.tables.entries.values()) {
          if (wanted.has(entry.contestId) && entry.moderation === "visible") {
            const count = counts.get(entry.contestId)
            if (count) count.entries += 1
          }
        }
        for (const vote of store.tables.votes.values()) {
          const count = counts.get(vote.contestId)
          if (!count || store.tables.entries.get(vote.entryId)?.moderation !== "visible") continue
          count.votes += 1
          count.voters.add(vote.voterId)
        }
        return new Map(
          [...counts].map(([id, count]) => [
            id,
            { entries: count.entries, votes: count.votes, voters: count.voters.size },
          ]),
        )
      }),
  })

export const badges = (store: MemoryStore) =>
  BadgeRepository.of({
    grant: (grant) =>
      Effect.sync(() => {
        const key = `${grant.memberId}|${grant.badgeId}`
        if (store.tables.badges.has(key)) return false
        store.tables.badges.set(key, grant)
        return true
      }),
    of: (memberId) =>
      Effect.sync(() =>
        [...store.tables.badges.values()]
          .filter((grant) => grant.memberId === memberId)
          .sort((a, b) => a.earnedAt - b.earnedAt),
      ),
  })
