import { Clock, Effect } from "effect"
import { artistName } from "../accounts/member.entity.ts"
import { MemberRepository } from "../accounts/member.port.ts"
import { ContestAnalytics } from "../contests/contest-analytics.port.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { ContestId, MemberId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { entryAllowed } from "./entry-eligibility.ts"
import {
  type AgeGroup,
  DEFAULT_AGE_GROUP,
  DEFAULT_ENTRY_CONTEST_TYPE,
  newEntry,
} from "./entry.entity.ts"
import { EntryRepository } from "./entry.port.ts"

export interface SubmitEntry {
  /** From the session, never from the request body. */
  readonly memberId: MemberId
  readonly contestId: ContestId
  /** Storage key of the already stored, processed image. */
  readonly image: string
  readonly ageGroup?: AgeGroup | undefined
  readonly contestType?: string | undefined
}

/**
 * Enters a photo into an open contest. The credit is spent and the entry stored in one
 * transaction: with no credit left nothing is written (OutOfSubmissions).
 */
export const submitEntry = Effect.fn("submitEntry")(function* (input: SubmitEntry) {
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const members = yield* MemberRepository
      const contests = yield* ContestRepository
      const entries = yield* EntryRepository
      const subscriptions = yield* SubscriptionRepository
      const analytics = yield* ContestAnalytics
      const ids = yield* IdSource
      const now = yield* Clock.currentTimeMillis

      const member = yield* members.get(input.memberId)
      const contest = yield* contests.get(input.contestId)
      const subscription = yield* Effect.fromResult(
        entryAllowed(contest, yield* currentSubscription(member.id), now),
      )
      const entry = newEntry({
        id: yield* ids.newId,
        contestId: contest.id,
        memberId: member.id,
        artistName: artistName(member),
        image: input.image,
        ageGroup: input.ageGroup ?? DEFAULT_AGE_GROUP,
        contestType: input.contestType?.trim().toLowerCase() || DEFAULT_ENTRY_CONTEST_TYPE,
        createdAt: now,
      })
      yield* entries.insert(entry)
      yield* subscriptions.save(subscription)
      yield* analytics.recordEvent({ contestId: contest.id, metric: "submissions", at: now })
      return { entry, subscription }
    }),
  )
})
