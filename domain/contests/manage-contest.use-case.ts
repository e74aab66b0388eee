import { Clock, Effect, Option } from "effect"
import { type Actor, audit, contestSnapshot } from "../admin/audit.ts"
import { ContestLocked, NotAnnounceable } from "../admin/admin.errors.ts"
import { artistName, type Member } from "../accounts/member.entity.ts"
import { mailLanguageOf } from "../accounts/mail-language.ts"
import { MemberRepository } from "../accounts/member.port.ts"
import { DEFAULT_SETTINGS } from "../accounts/member-settings.ts"
import { issueUnsubscribeToken, mailSwitchOn } from "../accounts/unsubscribe.use-case.ts"
import { MemberSettingsRepository } from "../accounts/member-settings.port.ts"
import { resultRanking } from "../ranking/contest-ranking.ts"
import { ValidationFailed } from "../shared/errors.ts"
import type { ContestId, MemberId } from "../shared/ids.ts"
import { type InLanguage, type Mail, Mailer } from "../shared/mailer.port.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { returnCredits } from "../plans/quota.ts"
import { PaymentLedger } from "../billing/payment.port.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { closeContest } from "./close-contest.use-case.ts"
import type { Contest } from "./contest.entity.ts"
import { ContestRepository } from "./contest.port.ts"
import { contestStatus } from "./contest-status.ts"
import { normalisePrize, prizeIssues } from "./contest-prize.ts"
import { contestDraftIssues } from "./contest-window.ts"
import { ContestOverlap } from "./contests.errors.ts"
import {
  type CreateContest,
  createContest,
  type PrizeInput,
  type ScheduleDailyContest,
  scheduleDailyContest,
} from "./create-contest.use-case.ts"
import { setLineArt } from "./set-line-art.use-case.ts"

/**
 * What admins (over HTTP) and operators (at the CLI) do to contests. Each action and its audit
 * row are one transaction.
 */

const target = (contest: Pick<Contest, "id">) => ({ type: "contest" as const, id: contest.id })

export const createContestAs = Effect.fn("createContestAs")(function* (
  actor: Actor,
  input: CreateContest,
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const contest = yield* createContest(input)
      yield* audit(actor, "contest.create", target(contest), null, contestSnapshot(contest))
      return contest
    }),
  )
})

/** The daily contest of one local day (the calendar's "Schedule"). */
export const scheduleContestAs = Effect.fn("scheduleContestAs")(function* (
  actor: Actor,
  input: ScheduleDailyContest,
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const contest = yield* scheduleDailyContest(input)
      yield* audit(actor, "contest.schedule", target(contest), null, contestSnapshot(contest))
      return contest
    }),
  )
})

export interface ContestChanges {
  readonly title?: string | undefined
  readonly description?: string | undefined
  readonly contestType?: string | undefined
  readonly artStyle?: string | undefined
  readonly startsAt?: number | undefined
  readonly endsAt?: number | undefined
  /** A new prize; null takes the prize away; absent leaves it. */
  readonly prize?: PrizeInput | null | undefined
  /** Only paid plans may enter from now on; entries already made stay. */
  readonly subscribersOnly?: boolean | undefined
}

/**
 * Edits a contest. Title, description and style may change until it is cancelled; its window and
 * type only while it has not started (entries already made were made under them).
 */
export const updateContest = Effect.fn("updateContest")(function* (
  actor: Actor,
  contestId: ContestId,
  changes: ContestChanges,
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const contests = yield* ContestRepository
      const now = yield* Clock.currentTimeMillis
      const contest = yield* contests.get(contestId)
      const status = contestStatus(contest, now)
      if (status === "cancelled")
        return yield* new ContestLocked({ contestId, reason: "cancelled" })
      const changed: Contest = {
        ...contest,
        title: changes.title?.trim() ?? contest.title,
        description: changes.description?.trim() ?? contest.description,
        artStyle: changes.artStyle?.trim() ?? contest.artStyle,
        contestType: changes.contestType?.trim().toLowerCase() ?? contest.contestType,
        startsAt: changes.startsAt ?? contest.startsAt,
        endsAt: changes.endsAt ?? contest.endsAt,
        prize:
          changes.prize === undefined
            ? (contest.prize ?? null)
            : changes.prize === null
              ? null
              : normalisePrize(changes.prize),
        subscribersOnly: changes.subscribersOnly ?? contest.subscribersOnly,
      }
      const windowChanged =
        changed.startsAt !== contest.startsAt ||
        changed.endsAt !== contest.endsAt ||
        changed.contestType !== contest.contestType
      if (windowChanged && status !== "scheduled") {
        return yield* new ContestLocked({ contestId, reason: "started" })
      }
      const issues = [
        ...contestDraftIssues(changed),
        ...(changes.prize ? prizeIssues(changes.prize) : []),
      ]
      if (issues.length > 0) return yield* new ValidationFailed({ issues })
      if (windowChanged) {
        const clash = (yield* contests.overlapping(changed)).find((other) => other.id !== contestId)
        if (clash) return yield* new ContestOverlap({ contestId: clash.id, title: clash.title })
      }
      yield* contests.save(changed)
      yield* audit(
        actor,
        "contest.update",
        target(contest),
        contestSnapshot(contest),
        contestSnapshot(changed),
      )
      return changed
    }),
  )
})

/** A reason an admin gives (cancelling, hiding): 3 to 500 characters, named in the refusal. */
export const reasonIssues = (reason: string | undefined) => {
  const length = reason?.trim().length ?? 0
  return length >= 3 && length <= 500
    ? []
    : [
        {
          field: "reason",
          title: "Reason required",
          message: "Give a reason of 3 to 500 characters",
        },
      ]
}

/**
 * Cancels a contest that has not ended; it stays listed, marked cancelled, and takes no entries.
 * Nobody pays for a contest that did not happen: every entry's credit comes back to its member
 * (a paid extra entry's included; a credit is a credit), and each entrant is mailed the reason.
 * The cancellation, the credits, the audit row and the mails are one transaction (the mails are
 * queued in the outbox, so they go once, after it commits). `creditsReturned` counts them.
 */
export const cancelContest = Effect.fn("cancelContest")(function* (
  actor: Actor,
  contestId: ContestId,
  reason: string,
) {
  const issues = reasonIssues(reason)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  return yield* transactionally(
    Effect.gen(function* () {
      const contests = yield* ContestRepository
      const contest = yield* contests.get(contestId)
      const status = contestStatus(contest, yield* Clock.currentTimeMillis)
      if (status === "cancelled")
        return yield* new ContestLocked({ contestId, reason: "cancelled" })
      if (status === "ended" || status === "announced") {
        return yield* new ContestLocked({ contestId, reason: "ended" })
      }
      const cancelled: Contest = { ...contest, storedStatus: "cancelled" }
      yield* contests.save(cancelled)
      const returned = yield* returnCreditsOf(cancelled, reason.trim())
      yield* audit(actor, "contest.cancel", target(contest), contestSnapshot(contest), {
        ...contestSnapshot(cancelled),
        reason: reason.trim(),
        entrants: returned.entrants,
        creditsReturned: returned.credits,
      })
      return cancelled
    }),
  )
})

/** Closes an ended contest now (rather than at the scheduler's next tick), recording who did. */
export const closeContestAs = Effect.fn("closeContestAs")(function* (
  actor: Actor,
  contestId: ContestId,
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const before = yield* (yield* ContestRepository).get(contestId)
      const closed = yield* closeContest(contestId)
      yield* audit(actor, "contest.close", target(before), contestSnapshot(before), {
        ...contestSnapshot(closed.contest),
        totalEntries: closed.result.totalEntries,
        totalVotes: closed.result.totalVotes,
        badgesGranted: closed.badges.length,
      })
      return closed
    }),
  )
})

/**
 * A cancelled contest's entrants get their credits back (one per entry; hidden and disqualified
 * entries spent a credit too) and a mail with the reason. Runs in the cancellation's transaction.
 */
const returnCreditsOf = Effect.fn("returnCreditsOf")(function* (contest: Contest, reason: string) {
  const entriesByMember = new Map<MemberId, number>()
  for (const entry of yield* (yield* EntryRepository).ofContest(contest.id)) {
    entriesByMember.set(entry.memberId, (entriesByMember.get(entry.memberId) ?? 0) + 1)
  }
  const subscriptions = yield* SubscriptionRepository
  const members = yield* MemberRepository
  const mailer = yield* Mailer
  const ledger = yield* PaymentLedger
  let credits = 0
  for (const [memberId, entries] of entriesByMember) {
    const locked = yield* subscriptions.lock(memberId)
    let creditsReturned = 0
    if (Option.isSome(locked)) {
      const after = returnCredits(locked.value, entries)
      creditsReturned = Math.max(0, after.remaining - Math.max(0, locked.value.remaining))
      if (creditsReturned > 0) yield* subscriptions.save(after)
    }
    credits += creditsReturned
    // A deleted member has no address to tell (their entries went with the account).
    const member = yield* members.get(memberId).pipe(Effect.option)
    if (Option.isNone(member)) continue
    // Extra entries paid for this contest: the mail offers their refund instead of the credit.
    const paid = (yield* ledger.historyOf(memberId, null, 100)).items.filter(
      (payment) =>
        payment.purchase.kind === "extra-entry" &&
        payment.contestId === contest.id &&
        payment.status === "paid" &&
        payment.fulfilledAt !== null,
    )
    yield* mailer.send({
      kind: "contest-cancelled",
      to: member.value.email,
      name: member.value.firstName || member.value.username,
      contestTitle: contest.title,
      reason,
      entries,
      creditsReturned,
      refundableExtraEntries: creditsReturned > 0 ? paid.length : 0,
      language: yield* mailLanguageOf(memberId),
    })
  }
  return { entrants: entriesByMember.size, credits }
})

/**
 * Announces a closed contest's winner: the contest is marked announced and the winner is mailed.
 * Closing decides the result; announcing is the admin's call, made after moderation is settled,
 * so the scheduler closes contests but never announces them.
 *
 * The winner's mail and the results mail of every entrant (resultsMailsOf) — each only to a member
 * who keeps "voting results" mail on — are queued in the announcement's transaction: they go if and only if it commits,
 * once however often it is retried, and the outbox's sender retries each until the relay takes it.
 * A second announce is refused, so none goes twice. `resultsMails` counts the results mails.
 */
export const announceContest = Effect.fn("announceContest")(function* (
  actor: Actor,
  contestId: ContestId,
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const contests = yield* ContestRepository
      const contest = yield* contests.get(contestId)
      const result = contest.result
      if (result === null) return yield* new NotAnnounceable({ contestId, reason: "not-closed" })
      if (contest.storedStatus?.trim().toLowerCase() === "announced") {
        return yield* new NotAnnounceable({ contestId, reason: "already-announced" })
      }
      if (result.winnerMemberId === null) {
        return yield* new NotAnnounceable({ contestId, reason: "no-winner" })
      }
      const winner = yield* (yield* MemberRepository).get(result.winnerMemberId)
      const announced: Contest = {
        ...contest,
        storedStatus: "announced",
        announcedAt: yield* Clock.currentTimeMillis,
      }
      yield* contests.save(announced)
      // The winner's mail is a "voting results" mail too: a winner who turned that off gets none.
      const mailWinner = yield* mailSwitchOn(winner.id, "votingResults")
      yield* audit(actor, "contest.announce", target(contest), contestSnapshot(contest), {
        ...contestSnapshot(announced),
        winnerMemberId: winner.id,
        mailTo: mailWinner ? winner.email : null,
      })
      const mailer = yield* Mailer
      if (mailWinner) {
        yield* mailer.send({
          kind: "winner-announcement",
          to: winner.email,
          name: winner.firstName || winner.username,
          contestTitle: contest.title,
          rawVotes: result.winnerRawVotes,
          weightedScore: result.winnerWeightedScore,
          prize: contest.prize ?? null,
          unsubscribeToken: yield* issueUnsubscribeToken(
            winner.id,
            "votingResults",
            announced.announcedAt ?? (yield* Clock.currentTimeMillis),
          ),
          language: yield* mailLanguageOf(winner.id),
        })
      }
      const resultsMails = yield* resultsMailsOf(announced, winner)
      for (const resultsMail of resultsMails) yield* mailer.send(resultsMail)
      return { contest: announced, winner, resultsMails: resultsMails.length }
    }),
  )
})

/**
 * The "contest-results" mails of an announced contest: one per member with a visible entry, for
 * their best-ranked entry, to those whose settings keep email.votingResults on (the default).
 * Reads the contest's entries (hundreds) and each entrant's member row and settings.
 */
export const resultsMailsOf = Effect.fn("resultsMailsOf")(function* (
  contest: Contest,
  winner: Member,
) {
  const members = yield* MemberRepository
  const settings = yield* MemberSettingsRepository
  const now = yield* Clock.currentTimeMillis
  const ranked = resultRanking(yield* (yield* EntryRepository).ofContest(contest.id))
  const best = new Map<string, (typeof ranked)[number]>()
  for (const row of ranked) if (!best.has(row.entry.memberId)) best.set(row.entry.memberId, row)
  const mails: Array<Mail & InLanguage> = []
  for (const [memberId, row] of best) {
    const stored = yield* settings.find(memberId)
    if (!Option.getOrElse(stored, () => DEFAULT_SETTINGS).email.votingResults) continue
    const member = yield* members.get(memberId).pipe(Effect.option)
    if (Option.isNone(member)) continue
    mails.push({
      kind: "contest-results",
      to: member.value.email,
      name: member.value.firstName || member.value.username,
      contestId: contest.id,
      contestTitle: contest.title,
      rank: row.rank,
      rawVotes: row.entry.voteCount,
      score: row.entry.weightedScore,
      winnerName: artistName(winner),
      entrants: ranked.length,
      unsubscribeToken: yield* issueUnsubscribeToken(memberId, "votingResults", now),
      language: Option.getOrUndefined(stored)?.language,
    })
  }
  return mails
})

/** Gives a contest its (already stored) line art, recording who did. */
export const setLineArtAs = Effect.fn("setLineArtAs")(function* (
  actor: Actor,
  input: { readonly contestId: ContestId; readonly lineArt: string },
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const saved = yield* setLineArt(input)
      yield* audit(
        actor,
        "contest.line-art",
        target(saved.contest),
        { lineArt: saved.previous },
        { lineArt: saved.contest.lineArt },
      )
      return saved
    }),
  )
})
