import { JobLease } from "../../domain/jobs/job-lease.port.ts"
import { Clock, Context, Effect, Exit, Layer, Option, Semaphore } from "effect"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import {
  type ActivityMetric,
  AdminInsights,
  type HourlyCount,
} from "../../domain/admin/admin-insights.port.ts"
import { AuditLog, type AuditRecord } from "../../domain/admin/audit-log.port.ts"
import { MemberRecords } from "../../domain/accounts/member-records.port.ts"
import { MemberSettingsRepository } from "../../domain/accounts/member-settings.port.ts"
import { MemberTokenRepository } from "../../domain/accounts/member-token.port.ts"
import { SessionRepository } from "../../domain/accounts/session.port.ts"
import { BadgeRepository } from "../../domain/badges/badge.port.ts"
import { isOpenCheckout } from "../../domain/billing/payment.entity.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import {
  CONTEST_METRICS,
  ContestAnalytics,
  type ContestCounts,
} from "../../domain/contests/contest-analytics.port.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import type { ContactMessage } from "../../domain/contact/contact-message.entity.ts"
import { ContactMessageRepository, SupportAddress } from "../../domain/contact/contact.port.ts"
import { contestStatus } from "../../domain/contests/contest-status.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { compareForRanking, matchesLeaderboard } from "../../domain/ranking/leaderboard.ts"
import { NotFound } from "../../domain/shared/errors.ts"
import { IdSource, sha256Hex } from "../../domain/shared/id-source.port.ts"
import { Mailer } from "../../domain/shared/mailer.port.ts"
import { decodeCursor, encodeCursor, type Page, pageAfter } from "../../domain/shared/paging.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { galleryOrder, matchesGallery } from "../../domain/submissions/gallery.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { VotePermanent } from "../../domain/voting/voting.errors.ts"
import { type OutboxMail, OutboxRepository } from "../mail/outbox.ts"
import { OfflineSessions } from "../payments/offline-sessions.ts"
import { MemoryStore } from "./memory-store.ts"

/** The store behind the in-memory layers, so tests can look at rows directly. */
export class Memory extends Context.Service<Memory, MemoryStore>()("colorday/memory/Store") {}

/** Keyset page over rows sorted by `compare`; the cursor holds the last row's `key`. */
const keysetPage = <A>(
  rows: Iterable<A>,
  compare: (a: A, b: A) => number,
  key: (row: A) => unknown,
  fromKey: (value: unknown) => A | undefined,
  cursor: string | null,
  limit: number,
): Page<A> => {
  const sorted = [...rows].sort(compare)
  const after = cursor === null ? undefined : fromKey(decodeCursor(cursor))
  const { items, hasMore } = pageAfter(sorted, compare, after, limit)
  const last = items.at(-1)
  return { items, nextCursor: hasMore && last !== undefined ? encodeCursor(key(last)) : null }
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** Whether the current fiber already runs inside a memory transaction (nested calls join it). */
const InTransaction = Context.Reference<boolean>("colorday/memory/InTransaction", {
  defaultValue: () => false,
})

const unitOfWork = (store: MemoryStore) => {
  // One writer at a time, like SQLite: transactions are serialised and roll back on failure.
  const lock = Semaphore.makeUnsafe(1)
  return UnitOfWork.of({
    transaction: (effect) =>
      Effect.gen(function* () {
        if (yield* InTransaction) return yield* effect
        return yield* lock.withPermit(
          Effect.suspend(() => {
            const before = store.snapshot()
            return effect.pipe(
              Effect.provideService(InTransaction, true),
              Effect.onExit((exit) =>
                Effect.sync(() => {
                  if (Exit.isFailure(exit)) store.restore(before)
                }),
              ),
            )
          }),
        )
      }),
  })
}

const idSource = () => {
  let next = 0
  return IdSource.of({
    // Ordered ids keep test output readable; the SQL adapters use random UUIDs.
    newId: Effect.sync(() => `id-${String(++next).padStart(8, "0")}`),
    newToken: Effect.sync(() => {
      const bytes = crypto.getRandomValues(new Uint8Array(32))
      return btoa(String.fromCharCode(...bytes))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "")
    }),
    digest: sha256Hex,
  })
}

const members = (store: MemoryStore) =>
  MemberRepository.of({
    get: (id) =>
      Effect.suspend(() => {
        const member = store.tables.members.get(id)
        return member ? Effect.succeed(member) : Effect.fail(new NotFound({ entity: "member", id }))
      }),
    findByEmail: (email) =>
      Effect.sync(() =>
        Option.fromNullishOr(
          [...store.tables.members.values()].find((member) => member.email === email),
        ),
      ),
    findByUsername: (username) =>
      Effect.sync(() =>
        Option.fromNullishOr(
          [...store.tables.members.values()].find(
            (member) => member.username.toLowerCase() === username.toLowerCase(),
          ),
        ),
      ),
    save: (member) => Effect.sync(() => void store.tables.members.set(member.id, member)),
    search: (text, cursor, limit) =>
      Effect.sync(() => {
        const needle = text.toLowerCase()
        const matching = [...store.tables.members.values()].filter(
          (member) =>
            needle === "" ||
            [member.email, member.username, member.firstName, member.lastName].some((field) =>
              field.toLowerCase().includes(needle),
            ),
        )
        return keysetPage(
          matching,
          (a, b) => b.createdAt - a.createdAt || byId(b, a),
          (member) => member.id,
          (value) => (typeof value === "string" ? store.tables.members.get(value) : undefined),
          cursor,
          limit,
        )
      }),
    count: Effect.sync(() => store.tables.members.size),
    page: (cursor, limit) =>
      Effect.sync(() =>
        keysetPage(
          store.tables.members.values(),
          byId,
          (member) => member.id,
          (value) => (typeof value === "string" ? store.tables.members.get(value) : undefined),
          cursor,
          limit,
        ),
      ),
  })

const memberSettings = (store: MemoryStore) =>
  MemberSettingsRepository.of({
    find: (memberId) =>
      Effect.sync(() =>
        Option.map(
          Option.fromNullishOr(store.tables.memberSettings.get(memberId)),
          (row) => row.settings,
        ),
      ),
    save: (memberId, settings, at) =>
      Effect.sync(
        () => void store.tables.memberSettings.set(memberId, { settings, updatedAt: at }),
      ),
  })

const memberRecords = (store: MemoryStore) =>
  MemberRecords.of({
    votesCastBy: (memberId) =>
      Effect.sync(() =>
        [...store.tables.votes.values()]
          .filter((vote) => vote.voterId === memberId)
          .sort((a, b) => a.castAt - b.castAt || byId(a, b)),
      ),
    downloadsOf: (memberId) =>
      Effect.sync(() =>
        store.tables.downloads
          .filter((download) => download.memberId === memberId)
          .map(({ contestId, at }) => ({ contestId, at }))
          .sort((a, b) => a.at - b.at),
      ),
    contactMessagesFrom: (memberId) =>
      Effect.sync(() =>
        [...store.tables.contactMessages.values()]
          .filter((message) => message.memberId === memberId)
          .sort((a, b) => a.createdAt - b.createdAt || byId(a, b)),
      ),
  })

const newestFirst = (a: Contest, b: Contest) => b.startsAt - a.startsAt || byId(b, a)

const contests = (store: MemoryStore) =>
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

const analytics = (store: MemoryStore) =>
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
          if (event.contestId === contestId) counts[event.metric] += 1
        }
        return counts
      }),
  })

const entries = (store: MemoryStore) =>
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
    addVote: (entryId, weight) =>
      Effect.suspend(() => {
        const entry = store.tables.entries.get(entryId)
        if (!entry) return Effect.fail(new NotFound({ entity: "entry", id: entryId }))
        const counted = {
          ...entry,
          voteCount: entry.voteCount + 1,
          weightedScore: entry.weightedScore + weight,
        }
        store.tables.entries.set(entryId, counted)
        return Effect.succeed(counted)
      }),
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

const votes = (store: MemoryStore) =>
  VoteRepository.of({
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

const badges = (store: MemoryStore) =>
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

const subscriptions = (store: MemoryStore) =>
  SubscriptionRepository.of({
    find: (memberId) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.subscriptions.get(memberId))),
    // Memory transactions are serialised already, so holding the row needs nothing more.
    lock: (memberId) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.subscriptions.get(memberId))),
    save: (subscription) =>
      Effect.sync(() => void store.tables.subscriptions.set(subscription.memberId, subscription)),
    dueForRenewal: (now, afterMemberId, limit) =>
      Effect.sync(() =>
        [...store.tables.subscriptions.values()]
          .filter(
            (s) => s.renewsAt <= now && (afterMemberId === null || s.memberId > afterMemberId),
          )
          .sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0))
          .slice(0, limit),
      ),
  })

const payments = (store: MemoryStore) =>
  PaymentLedger.of({
    save: (payment) =>
      Effect.sync(() => void store.tables.payments.set(payment.checkoutSessionId, payment)),
    findByCheckoutSession: (checkoutSessionId) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.payments.get(checkoutSessionId))),
    findById: (id) =>
      Effect.sync(() =>
        Option.fromNullishOr([...store.tables.payments.values()].find((p) => p.id === id)),
      ),
    // Memory transactions are serialised already, so holding the row needs nothing more.
    lock: (checkoutSessionId) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.payments.get(checkoutSessionId))),
    openCheckoutsOf: (memberId, now) =>
      Effect.sync(() =>
        [...store.tables.payments.values()]
          .filter((p) => p.memberId === memberId && isOpenCheckout(p, now))
          .sort((a, b) => b.createdAt - a.createdAt || byId(b, a)),
      ),
    historyOf: (memberId, cursor, limit) =>
      Effect.sync(() => {
        const own = [...store.tables.payments.values()].filter((p) => p.memberId === memberId)
        return keysetPage(
          own,
          (a, b) => b.createdAt - a.createdAt || byId(b, a),
          (payment) => payment.checkoutSessionId,
          (value) => (typeof value === "string" ? store.tables.payments.get(value) : undefined),
          cursor,
          limit,
        )
      }),
  })

const checkoutSessions = (store: MemoryStore) =>
  OfflineSessions.of({
    create: (session) =>
      Effect.sync(() => {
        const existing = [...store.tables.checkoutSessions.values()].find(
          (s) => s.idempotencyKey === session.idempotencyKey,
        )
        if (existing) return existing
        store.tables.checkoutSessions.set(session.id, session)
        return session
      }),
    find: (id) => Effect.sync(() => Option.fromNullishOr(store.tables.checkoutSessions.get(id))),
    complete: (id, status, at) =>
      Effect.sync(() => {
        const session = store.tables.checkoutSessions.get(id)
        if (session?.status === "open") {
          store.tables.checkoutSessions.set(id, { ...session, status, completedAt: at })
        }
        return Option.fromNullishOr(store.tables.checkoutSessions.get(id))
      }),
  })

const sessions = (store: MemoryStore) =>
  SessionRepository.of({
    create: (session) => Effect.sync(() => void store.tables.sessions.set(session.id, session)),
    find: (id) => Effect.sync(() => Option.fromNullishOr(store.tables.sessions.get(id))),
    touch: (id, lastSeenAt, expiresAt) =>
      Effect.sync(() => {
        const session = store.tables.sessions.get(id)
        if (session) store.tables.sessions.set(id, { ...session, lastSeenAt, expiresAt })
      }),
    delete: (id) => Effect.sync(() => void store.tables.sessions.delete(id)),
    ofMember: (memberId) =>
      Effect.sync(() =>
        [...store.tables.sessions.values()]
          .filter((session) => session.memberId === memberId)
          .sort((a, b) => b.createdAt - a.createdAt || byId(b, a)),
      ),
    deleteAllOf: (memberId, exceptId) =>
      Effect.sync(() => {
        for (const session of [...store.tables.sessions.values()]) {
          if (session.memberId === memberId && session.id !== exceptId) {
            store.tables.sessions.delete(session.id)
          }
        }
      }),
  })

const memberTokens = (store: MemoryStore) =>
  MemberTokenRepository.of({
    save: (token) => Effect.sync(() => void store.tables.memberTokens.set(token.tokenHash, token)),
    find: (tokenHash) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.memberTokens.get(tokenHash))),
    markUsed: (tokenHash, at) =>
      Effect.sync(() => {
        const token = store.tables.memberTokens.get(tokenHash)
        if (!token || token.usedAt !== null) return false
        store.tables.memberTokens.set(tokenHash, { ...token, usedAt: at })
        return true
      }),
    invalidateAll: (memberId, purpose, at) =>
      Effect.sync(() => {
        for (const token of [...store.tables.memberTokens.values()]) {
          if (token.memberId === memberId && token.purpose === purpose && token.usedAt === null) {
            store.tables.memberTokens.set(token.tokenHash, { ...token, usedAt: at })
          }
        }
      }),
  })

const newestFirstById = <A extends { createdAt: number; id: string }>(a: A, b: A) =>
  b.createdAt - a.createdAt || byId(b, a)

const contactMessages = (store: MemoryStore) =>
  ContactMessageRepository.of({
    save: (message) =>
      Effect.sync(() => void store.tables.contactMessages.set(message.id, message)),
    get: (id) =>
      Effect.suspend(() => {
        const message = store.tables.contactMessages.get(id)
        return message
          ? Effect.succeed(message)
          : Effect.fail(new NotFound({ entity: "message", id }))
      }),
    countUnhandled: Effect.sync(
      () =>
        [...store.tables.contactMessages.values()].filter((message) => message.handledAt === null)
          .length,
    ),
    page: (cursor, limit, filter) =>
      Effect.sync(() =>
        keysetPage<ContactMessage>(
          [...store.tables.contactMessages.values()].filter(
            (message) => !filter?.unhandledOnly || message.handledAt === null,
          ),
          newestFirstById,
          (message) => message.id,
          (value) =>
            typeof value === "string" ? store.tables.contactMessages.get(value) : undefined,
          cursor,
          limit,
        ),
      ),
  })

/** Records every mail in `store.tables.mails` instead of sending it, so tests can read them. */
/** Leases in a map of this store: one process, so this only has to get the rule right. */
const jobLeases = () => {
  const leases = new Map<string, { holder: string; until: number }>()
  return JobLease.of({
    acquire: (job, holder, now, until) =>
      Effect.sync(() => {
        const lease = leases.get(job)
        if (lease && lease.holder !== holder && lease.until > now) return false
        leases.set(job, { holder, until })
        return true
      }),
  })
}

const mailer = (store: MemoryStore) =>
  Mailer.of({ send: (mail) => Effect.sync(() => void store.tables.mails.push(mail)) })

const outbox = (store: MemoryStore) => {
  const update = (id: string, change: (mail: OutboxMail) => OutboxMail) =>
    Effect.sync(() => {
      const mail = store.tables.outbox.get(id)
      if (mail) store.tables.outbox.set(id, change(mail))
    })
  return OutboxRepository.of({
    add: (mail) => Effect.sync(() => void store.tables.outbox.set(mail.id, mail)),
    latest: (limit) =>
      Effect.sync(() => [...store.tables.outbox.values()].sort(newestFirstById).slice(0, limit)),
    due: (now, limit) =>
      Effect.sync(() =>
        [...store.tables.outbox.values()]
          .filter((mail) => mail.sentAt === null && mail.nextAttemptAt !== null)
          .filter((mail) => (mail.nextAttemptAt ?? Infinity) <= now)
          .sort((a, b) => (a.nextAttemptAt ?? 0) - (b.nextAttemptAt ?? 0) || byId(a, b))
          .slice(0, limit),
      ),
    claim: (seen, until) =>
      Effect.sync(() => {
        const mail = store.tables.outbox.get(seen.id)
        if (!mail || mail.sentAt !== null || mail.nextAttemptAt !== seen.nextAttemptAt) return false
        store.tables.outbox.set(seen.id, {
          ...mail,
          nextAttemptAt: until,
          attempts: mail.attempts + 1,
        })
        return true
      }),
    markSent: (id, at) =>
      update(id, (mail) => ({ ...mail, sentAt: at, nextAttemptAt: null, lastError: null })),
    markFailed: (id, error, retryAt) =>
      update(id, (mail) => ({ ...mail, lastError: error.slice(0, 500), nextAttemptAt: retryAt })),
  })
}

const HOUR_MS = 3_600_000

const auditLog = (store: MemoryStore) =>
  AuditLog.of({
    record: (record) =>
      Effect.sync(() => {
        const id = String(store.tables.audit.length + 1)
        // Stored as the SQL adapters store it: JSON, so what reads back is plain data.
        store.tables.audit.push({
          ...record,
          id,
          before: JSON.parse(JSON.stringify(record.before ?? null)) as unknown,
          after: JSON.parse(JSON.stringify(record.after ?? null)) as unknown,
        })
      }),
    page: (filter, cursor, limit) =>
      Effect.sync(() => {
        const matching = store.tables.audit.filter(
          (record) =>
            (filter.actorId === undefined || record.actorId === filter.actorId) &&
            (filter.actionPrefix === undefined || record.action.startsWith(filter.actionPrefix)) &&
            (filter.targetType === undefined || record.targetType === filter.targetType) &&
            (filter.targetId === undefined || record.targetId === filter.targetId) &&
            (filter.from === undefined || record.at >= filter.from) &&
            (filter.to === undefined || record.at < filter.to),
        )
        const byNumber = (a: AuditRecord, b: AuditRecord) => Number(b.id) - Number(a.id)
        return keysetPage(
          matching,
          byNumber,
          (record) => record.id,
          (value) => store.tables.audit.find((record) => record.id === value),
          cursor,
          limit,
        )
      }),
  })

const adminInsights = (store: MemoryStore) =>
  AdminInsights.of({
    activity: (window) =>
      Effect.sync(() => {
        const counts = new Map<string, HourlyCount>()
        const count = (metric: ActivityMetric, at: number, contestId: string | null) => {
          if (at < window.from || at >= window.to) return
          if (window.contestId !== undefined && contestId !== window.contestId) return
          const hour = at - (at % HOUR_MS)
          const key = `${metric}|${hour}`
          const found = counts.get(key)
          counts.set(key, { metric, hour, count: (found?.count ?? 0) + 1 })
        }
        const t = store.tables
        for (const event of t.events) {
          if (event.metric === "views" || event.metric === "downloads") {
            count(event.metric, event.at, event.contestId)
          }
        }
        for (const entry of t.entries.values()) count("entries", entry.createdAt, entry.contestId)
        for (const vote of t.votes.values()) count("votes", vote.castAt, vote.contestId)
        for (const member of t.members.values()) count("signUps", member.createdAt, null)
        const firstPaid = new Map<string, number>()
        for (const payment of t.payments.values()) {
          if (payment.purchase.kind !== "plan" || payment.status !== "paid") continue
          const earlier = firstPaid.get(payment.memberId)
          if (earlier === undefined || payment.createdAt < earlier) {
            firstPaid.set(payment.memberId, payment.createdAt)
          }
        }
        for (const at of firstPaid.values()) count("paidConversions", at, null)
        return [...counts.values()].sort((a, b) => a.hour - b.hour)
      }),
    contestTotals: (contestIds) =>
      Effect.sync(() => {
        const wanted = new Set(contestIds)
        const totals = new Map<string, { entries: number; votes: number }>()
        for (const entry of store.tables.entries.values()) {
          if (!wanted.has(entry.contestId)) continue
          const found = totals.get(entry.contestId) ?? { entries: 0, votes: 0 }
          totals.set(entry.contestId, {
            entries: found.entries + 1,
            votes: found.votes + entry.voteCount,
          })
        }
        return totals
      }),
    memberCounts: Effect.sync(() => ({
      members: store.tables.members.size,
      paid: [...store.tables.subscriptions.values()].filter((s) => s.tier !== "free").length,
    })),
  })

/** The support address the memory world mails contact messages to. */
export const MEMORY_SUPPORT_ADDRESS = "support@colorday.test"

/** Every port of the domain, in memory: for unit tests and as a reference for the SQL adapters. */
export const layerMemory = Layer.effectContext(
  Effect.sync(() => {
    const store = new MemoryStore()
    return Context.make(Memory, store)
      .pipe(
        Context.add(UnitOfWork, unitOfWork(store)),
        Context.add(IdSource, idSource()),
        Context.add(MemberRepository, members(store)),
        Context.add(MemberSettingsRepository, memberSettings(store)),
        Context.add(MemberRecords, memberRecords(store)),
        Context.add(ContestRepository, contests(store)),
        Context.add(ContestAnalytics, analytics(store)),
        Context.add(EntryRepository, entries(store)),
        Context.add(VoteRepository, votes(store)),
        Context.add(BadgeRepository, badges(store)),
        Context.add(SubscriptionRepository, subscriptions(store)),
        Context.add(PaymentLedger, payments(store)),
        Context.add(SessionRepository, sessions(store)),
        Context.add(MemberTokenRepository, memberTokens(store)),
        Context.add(ContactMessageRepository, contactMessages(store)),
        Context.add(OutboxRepository, outbox(store)),
        Context.add(OfflineSessions, checkoutSessions(store)),
        Context.add(Mailer, mailer(store)),
        Context.add(JobLease, jobLeases()),
        Context.add(SupportAddress, { email: MEMORY_SUPPORT_ADDRESS }),
      )
      .pipe(
        Context.add(AuditLog, auditLog(store)),
        Context.add(AdminInsights, adminInsights(store)),
      )
  }),
)

/** The current time as the domain sees it (the TestClock in tests). */
export const now = Clock.currentTimeMillis
