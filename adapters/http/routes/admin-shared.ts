/** What the admin routes (admin*.routes.ts) share: schemas, the acting admin, presenting lists. */
import { Clock, Effect, Option, Schema } from "effect"
import type { Member } from "../../../domain/accounts/member.entity.ts"
import { MemberRepository } from "../../../domain/accounts/member.port.ts"
import { SubscriptionRepository } from "../../../domain/plans/subscription.port.ts"
import type { Tier } from "../../../domain/plans/plans.ts"
import type { Entry } from "../../../domain/submissions/entry.entity.ts"
import { presentAdminEntry, presentAdminMember } from "../admin-presenters.ts"
import { ok, type Reply } from "../route.ts"
import { signedIn } from "./shared.ts"

export const TimeZone = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))

export const CalendarDate = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: "Expected a day written YYYY-MM-DD" }),
)

export const actor = (caller: Parameters<typeof signedIn>[0]) =>
  Effect.map(signedIn(caller), (m) => m.id)

export const now = Clock.currentTimeMillis

/** The tier of each member (free without a subscription row). */
const tiersOf = (members: ReadonlyArray<Member>) =>
  Effect.gen(function* () {
    const subscriptions = yield* SubscriptionRepository
    const tiers = new Map<string, Tier>()
    for (const member of members) {
      const found = yield* subscriptions.find(member.id)
      tiers.set(member.id, Option.isSome(found) ? found.value.tier : "free")
    }
    return tiers
  })

export const adminMembers = (members: ReadonlyArray<Member>) =>
  Effect.map(tiersOf(members), (tiers) =>
    members.map((member) => presentAdminMember(member, tiers.get(member.id) ?? "free")),
  )

/** Entries with their artists' e-mail addresses. */
export const adminEntries = (entries: ReadonlyArray<Entry>) =>
  Effect.gen(function* () {
    const members = yield* MemberRepository
    const emails = new Map<string, string>()
    for (const memberId of new Set(entries.map((entry) => entry.memberId))) {
      const member = yield* Effect.result(members.get(memberId))
      emails.set(memberId, member._tag === "Success" ? member.success.email : "")
    }
    return entries.map((entry) => presentAdminEntry(entry, emails.get(entry.memberId) ?? ""))
  })

export const page = <A>(items: ReadonlyArray<A>, nextCursor: string | null): Reply =>
  ok({ items, nextCursor })
