import { Clock, Effect } from "effect"
import { EMPTY_PROFILE, type Member } from "../../domain/accounts/member.entity.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { PasswordHasher } from "../../domain/accounts/password-hasher.port.ts"
import { createContest } from "../../domain/contests/create-contest.use-case.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import { startSubscription } from "../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { IdSource } from "../../domain/shared/id-source.port.ts"

/** Test and demo helpers that write rows through the ports, as a real caller would. */

export const MINUTE = 60_000
export const HOUR = 3_600_000
export const DAY = 24 * HOUR

export const seedMember = Effect.fn("seedMember")(function* (
  overrides: Partial<Member> & { readonly tier?: Tier; readonly remaining?: number } = {},
) {
  const members = yield* MemberRepository
  const subscriptions = yield* SubscriptionRepository
  const ids = yield* IdSource
  const now = yield* Clock.currentTimeMillis
  const id = overrides.id ?? (yield* ids.newId)
  const { tier, remaining, ...fields } = overrides
  const member: Member = {
    id,
    email: `${id}@colorday.test`,
    username: `artist-${id}`,
    firstName: "Ada",
    lastName: "Lovelace",
    dateOfBirth: "1990-01-01",
    passwordHash: "not-a-real-hash",
    emailVerifiedAt: now,
    pendingEmail: null,
    isAdmin: false,
    isJudge: false,
    suspendedAt: null,
    profile: EMPTY_PROFILE,
    createdAt: now,
    ...fields,
  }
  yield* members.save(member)
  const subscription = startSubscription(id, now, tier)
  yield* subscriptions.save(remaining === undefined ? subscription : { ...subscription, remaining })
  return member
})

/** A member who can sign in with `password` (hashed by the PasswordHasher in use). */
export const seedMemberWithPassword = Effect.fn("seedMemberWithPassword")(function* (
  password: string,
  overrides: Parameters<typeof seedMember>[0] = {},
) {
  const passwordHash = yield* (yield* PasswordHasher).hash(password)
  return yield* seedMember({ passwordHash, ...overrides })
})

/** A contest running from `startsIn` ms from now for `lasts` ms (defaults: started, 24 h). */
export const seedContest = Effect.fn("seedContest")(function* (
  options: {
    readonly startsIn?: number
    readonly lasts?: number
    readonly contestType?: string
    readonly title?: string
    readonly subscribersOnly?: boolean
  } = {},
) {
  const now = yield* Clock.currentTimeMillis
  const startsAt = now + (options.startsIn ?? -HOUR)
  return yield* createContest({
    title: options.title ?? "Autumn Leaves",
    description: "Falling leaves in line art",
    contestType: options.contestType ?? "daily",
    artStyle: "botanical",
    startsAt,
    endsAt: startsAt + (options.lasts ?? DAY),
    subscribersOnly: options.subscribersOnly,
  })
})
