import { Clock, Effect, Option } from "effect"
import { type Actor, audit } from "../admin/audit.ts"
import { ValidationFailed } from "../shared/errors.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { SiteSettings } from "../site/site-settings.port.ts"
import { type ContestPrize, normalisePrize, prizeIssues } from "./contest-prize.ts"

/** The contest type the daily default prize is for. */
export const DAILY_CONTEST_TYPE = "daily"

/** A prize as the admin sends it; prizeIssues checks it. */
export interface PrizeInput {
  readonly kind: string
  readonly text: string
  readonly amount: number | null
}

/**
 * The prize a new contest gets: the one sent, none when the admin sent null (no prize, on
 * purpose), and when none was sent the daily default for a daily contest (other types get none).
 */
export const prizeForNewContest = (
  contestType: string,
  sent: PrizeInput | null | undefined,
  dailyDefault: Option.Option<ContestPrize>,
): ContestPrize | null => {
  if (sent === null) return null
  if (sent !== undefined) return normalisePrize(sent)
  return contestType.trim().toLowerCase() === DAILY_CONTEST_TYPE
    ? Option.getOrNull(dailyDefault)
    : null
}

/** The daily default prize; null until the admin sets one. */
export const readDefaultPrize = Effect.fn("readDefaultPrize")(function* () {
  return Option.getOrNull(yield* (yield* SiteSettings).defaultPrize)
})

/**
 * Sets (or with null takes away) the prize every daily contest created without one gets. Contests
 * that exist keep theirs. The change and its audit row are one transaction.
 */
export const setDefaultPrizeAs = Effect.fn("setDefaultPrizeAs")(function* (
  actor: Actor,
  prize: PrizeInput | null,
) {
  const issues = prize === null ? [] : prizeIssues(prize)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const next = prize === null ? null : normalisePrize(prize)
  return yield* transactionally(
    Effect.gen(function* () {
      const settings = yield* SiteSettings
      const before = Option.getOrNull(yield* settings.defaultPrize)
      yield* settings.setDefaultPrize(next, yield* Clock.currentTimeMillis)
      yield* audit(
        actor,
        "site.default-prize",
        { type: "site-setting", id: "default-prize" },
        { prize: before },
        { prize: next },
      )
      return next
    }),
  )
})
