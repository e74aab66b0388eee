import { Clock, Effect, Option, Result } from "effect"
import { MemberRepository } from "../accounts/member.port.ts"
import type { Contest } from "../contests/contest.entity.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { contestStatus } from "../contests/contest-status.ts"
import { ContestClosed, SubscribersOnly } from "../contests/contests.errors.ts"
import type { OutOfSubmissions } from "../plans/plans.errors.ts"
import { mayEnter } from "../contests/subscribers-only.ts"
import { renewIfDue, spendCredit, startSubscription } from "../plans/quota.ts"
import type { Subscription } from "../plans/subscription.entity.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import type { ContestId, Instant, MemberId } from "../shared/ids.ts"

export { mayEnter } from "../contests/subscribers-only.ts"

/**
 * The rule of entering: the contest is open now, the member's plan may enter it (a
 * subscribers-only contest takes paid plans only) and the member has a credit to spend. Answers
 * the subscription with the credit spent; submitEntry saves it, checkEntryEligibility does not.
 */
export const entryAllowed = (
  contest: Contest,
  subscription: Subscription,
  now: Instant,
): Result.Result<Subscription, ContestClosed | SubscribersOnly | OutOfSubmissions> => {
  const status = contestStatus(contest, now)
  if (status !== "active") return Result.fail(new ContestClosed({ contestId: contest.id, status }))
  if (!mayEnter(contest, subscription.tier)) {
    return Result.fail(new SubscribersOnly({ contestId: contest.id }))
  }
  return spendCredit(subscription)
}

/**
 * Whether `memberId` may enter `contestId` now, by the rule submitEntry applies, read without
 * writing or locking anything: an upload is refused with this before its photo is read
 * (NotFound for an unknown member or contest, ContestClosed, SubscribersOnly, OutOfSubmissions). submitEntry
 * checks again in its transaction, which decides.
 */
export const checkEntryEligibility = Effect.fn("checkEntryEligibility")(function* (input: {
  readonly memberId: MemberId
  readonly contestId: ContestId
}) {
  const now = yield* Clock.currentTimeMillis
  const member = yield* (yield* MemberRepository).get(input.memberId)
  const contest = yield* (yield* ContestRepository).get(input.contestId)
  const stored = yield* (yield* SubscriptionRepository).find(member.id)
  // As currentSubscription would make it (a first one, or renewed on the 1st), unsaved.
  const subscription = Option.match(stored, {
    onNone: () => startSubscription(member.id, now),
    onSome: (found) => renewIfDue(found, now),
  })
  yield* Effect.fromResult(entryAllowed(contest, subscription, now))
})
