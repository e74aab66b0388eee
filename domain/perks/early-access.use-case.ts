import { Clock, Effect } from "effect"
import type { Contest } from "../contests/contest.entity.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import { cheapestPlanWith, type Tier } from "../plans/plans.ts"
import { NotFound } from "../shared/errors.ts"
import type { ContestId, MemberId } from "../shared/ids.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import {
  EARLY_ACCESS_LEAD_MS,
  earlyAccessContest,
  earlyAccessOpensAt,
  lineArtAccess,
} from "./early-access.ts"
import { PerkRequired } from "./perks.errors.ts"

const tierOf = (memberId: MemberId | null) =>
  memberId === null
    ? Effect.succeed<Tier | null>(null)
    : Effect.map(transactionally(currentSubscription(memberId)), (s): Tier | null => s.tier)

const earlyAccessRequired = () =>
  new PerkRequired({
    perk: "early-access",
    planName: cheapestPlanWith("early-access")?.name ?? "a paid plan",
    action: "download tomorrow's line art before the contest starts",
  })

/**
 * A contest whose line art `memberId` (null: a visitor) may download now: any started contest,
 * and before its start a Champ's from 18:00 the day before. A contest not started is NotFound
 * before the early-access window (nothing to show anyone yet) and PerkRequired within it.
 */
export const lineArtFor = Effect.fn("lineArtFor")(function* (
  contestId: ContestId,
  memberId: MemberId | null,
) {
  const contest = yield* (yield* ContestRepository).get(contestId)
  const now = yield* Clock.currentTimeMillis
  if (now >= contest.startsAt) return contest
  const access = lineArtAccess(contest, yield* tierOf(memberId), now)
  switch (access) {
    case "everyone":
    case "early":
      return contest
    case "plan-required":
      return yield* earlyAccessRequired()
    case "not-yet":
      return yield* new NotFound({ entity: "contest", id: contestId })
  }
})

/** Tomorrow's page (early access), as the member may see it. */
export type EarlyAccessView =
  | { readonly access: "granted"; readonly contest: Contest; readonly opensAt: number }
  | { readonly access: "locked"; readonly opensAt: number; readonly startsAt: number }
  | { readonly access: "none" }

/**
 * The contest that starts next whose early access is open now: a Champ gets it whole; anyone else
 * only when it opened and starts (never its line art or title). None outside the window.
 */
export const earlyAccessFor = Effect.fn("earlyAccessFor")(function* (memberId: MemberId | null) {
  const now = yield* Clock.currentTimeMillis
  const candidates = yield* (yield* ContestRepository).between(now, now + EARLY_ACCESS_LEAD_MS + 1)
  const contest = earlyAccessContest(candidates, now)
  if (!contest) return { access: "none" } as const satisfies EarlyAccessView
  const opensAt = earlyAccessOpensAt(contest)
  return lineArtAccess(contest, yield* tierOf(memberId), now) === "early"
    ? ({ access: "granted", contest, opensAt } as const satisfies EarlyAccessView)
    : ({ access: "locked", opensAt, startsAt: contest.startsAt } as const satisfies EarlyAccessView)
})
