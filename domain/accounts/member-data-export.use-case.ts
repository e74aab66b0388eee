import { Clock, Effect, Option } from "effect"
import { BadgeRepository } from "../badges/badge.port.ts"
import type { BadgeGrant } from "../badges/badges.ts"
import { paymentsOf } from "../billing/cancel-plan.use-case.ts"
import type { Payment } from "../billing/payment.entity.ts"
import type { ContactMessage } from "../contact/contact-message.entity.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import type { FreeEntry } from "../drawings/drawing.entity.ts"
import { DrawingRepository } from "../drawings/drawing.port.ts"
import type { Feedback } from "../feedback/feedback.entity.ts"
import { FeedbackRepository } from "../feedback/feedback.port.ts"
import type { LineArtRequest } from "../perks/line-art-request.entity.ts"
import { LineArtRequestRepository } from "../perks/line-art-request.port.ts"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import type { PlanPeriod } from "../plans/plan-period.ts"
import type { Subscription } from "../plans/subscription.entity.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import type { ContestId, Instant, MemberId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import type { Entry } from "../submissions/entry.entity.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import type { Vote } from "../voting/vote.entity.ts"
import type { Member } from "./member.entity.ts"
import { MemberRepository } from "./member.port.ts"
import { type MemberDownload, MemberRecords } from "./member-records.port.ts"
import type { MemberSettings } from "./member-settings.ts"
import { memberSettings } from "./member-settings.use-case.ts"
import type { Session } from "./session.entity.ts"
import { SessionRepository } from "./session.port.ts"

/**
 * Everything the site holds on one member ("download my data"), as the domain knows it. Never a
 * secret: no password hash, no session or link token (nor their digests).
 */
export interface MemberDataExport {
  readonly exportedAt: Instant
  readonly member: Omit<Member, "passwordHash">
  readonly settings: MemberSettings
  readonly subscription: Subscription
  /** Each paid plan the member held, from and until (what the monthly drawings read), newest first. */
  readonly planPeriods: ReadonlyArray<Omit<PlanPeriod, "memberId">>
  /** Every entry, visible or not, newest first, with its contest's title when it still exists. */
  readonly entries: ReadonlyArray<{ readonly entry: Entry; readonly contestTitle: string | null }>
  readonly votesCast: ReadonlyArray<Omit<Vote, "voterId">>
  readonly badges: ReadonlyArray<BadgeGrant>
  readonly downloads: ReadonlyArray<MemberDownload>
  /** The payments ledger's rows, newest first. */
  readonly payments: ReadonlyArray<Payment>
  readonly contactMessages: ReadonlyArray<ContactMessage>
  /** The free entries into the monthly drawing the member asked for, newest month first. */
  readonly freeDrawingEntries: ReadonlyArray<Omit<FreeEntry, "memberId">>
  /** The member's custom line art requests (Color Champ) and what became of each. */
  readonly lineArtRequests: ReadonlyArray<Omit<LineArtRequest, "memberId">>
  /** The professional feedback judges wrote on the member's entries (the judge's id left out). */
  readonly feedbackReceived: ReadonlyArray<Omit<Feedback, "judgeId">>
  /** Signed-in browsers: when each started, was last used and expires. */
  readonly sessions: ReadonlyArray<Omit<Session, "id" | "memberId">>
}

/** A member's data, read through every port that holds some of it. */
export const memberDataExport = Effect.fn("memberDataExport")(function* (memberId: MemberId) {
  const { passwordHash: _secret, ...member } = yield* (yield* MemberRepository).get(memberId)
  const records = yield* MemberRecords
  const entries = yield* (yield* EntryRepository).ofMember(memberId)
  const contests = yield* ContestRepository
  const titles = new Map<ContestId, string | null>()
  for (const contestId of new Set(entries.map((entry) => entry.contestId))) {
    const contest = yield* Effect.option(contests.get(contestId))
    titles.set(
      contestId,
      Option.match(contest, { onNone: () => null, onSome: (found) => found.title }),
    )
  }
  const feedback = yield* FeedbackRepository
  const feedbackReceived: Array<Omit<Feedback, "judgeId">> = []
  for (const entry of entries) {
    for (const { judgeId: _judge, ...written } of yield* feedback.ofEntry(entry.id)) {
      feedbackReceived.push(written)
    }
  }
  const exported: MemberDataExport = {
    exportedAt: yield* Clock.currentTimeMillis,
    member,
    settings: yield* memberSettings(memberId),
    subscription: yield* (yield* UnitOfWork).transaction(currentSubscription(memberId)),
    planPeriods: (yield* (yield* SubscriptionRepository).periodsOf(memberId)).map(
      ({ tier, from, until }) => ({ tier, from, until }),
    ),
    entries: entries.map((entry) => ({ entry, contestTitle: titles.get(entry.contestId) ?? null })),
    votesCast: (yield* records.votesCastBy(memberId)).map(({ voterId: _voter, ...vote }) => vote),
    badges: yield* (yield* BadgeRepository).of(memberId),
    downloads: yield* records.downloadsOf(memberId),
    payments: yield* paymentsOf(memberId),
    contactMessages: yield* records.contactMessagesFrom(memberId),
    freeDrawingEntries: (yield* (yield* DrawingRepository).freeEntriesOf(memberId)).map(
      ({ month, requestedAt }) => ({ month, requestedAt }),
    ),
    lineArtRequests: (yield* (yield* LineArtRequestRepository).ofMember(memberId)).map(
      ({ memberId: _member, ...request }) => request,
    ),
    feedbackReceived,
    sessions: (yield* (yield* SessionRepository).ofMember(memberId)).map(
      ({ createdAt, lastSeenAt, expiresAt }) => ({ createdAt, lastSeenAt, expiresAt }),
    ),
  }
  return exported
})
