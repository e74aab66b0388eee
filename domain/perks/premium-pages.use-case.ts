import { Clock, Effect, Option } from "effect"
import { type Actor, audit } from "../admin/audit.ts"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import { cheapestPlanWith, grants } from "../plans/plans.ts"
import { ValidationFailed } from "../shared/errors.ts"
import type { MemberId } from "../shared/ids.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { PerkRequired } from "./perks.errors.ts"
import { type PremiumPage, PremiumPageRepository } from "./premium-page.port.ts"
import { isIsoWeek, isoWeekOf } from "./premium-week.ts"

/**
 * Premium line art (Color Pro and Champ): one extra page each ISO week (premium-week.ts), uploaded
 * by an admin like a contest's line art; members whose current plan grants it download the
 * current week's page.
 */

const TITLE_MAX = 120

const premiumLocked = () =>
  new PerkRequired({
    perk: "premium-line-art",
    planName: cheapestPlanWith("premium-line-art")?.name ?? "a paid plan",
    action: "download the premium page",
  })

/**
 * Sets a week's page (the storage key of a stored line-art image), replacing the week's earlier
 * one. Answers the page and the key it replaced, so the caller can remove the old files.
 */
export const setPremiumPage = Effect.fn("setPremiumPage")(function* (
  input: { readonly week: string; readonly title: string; readonly lineArt: string },
  actor: Actor,
) {
  const title = input.title.trim()
  const issues = [
    ...(isIsoWeek(input.week)
      ? []
      : [
          {
            field: "week",
            title: "Invalid week",
            message: `The week must be an ISO week written YYYY-Www (e.g. 2026-W48), got "${input.week}"`,
          },
        ]),
    ...(title.length === 0 || title.length > TITLE_MAX
      ? [
          {
            field: "title",
            title: title.length === 0 ? "Title required" : "Title too long",
            message:
              title.length === 0
                ? "A premium page needs a title"
                : `A title has at most ${TITLE_MAX} characters`,
          },
        ]
      : []),
  ]
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const pages = yield* PremiumPageRepository
  const now = yield* Clock.currentTimeMillis
  return yield* transactionally(
    Effect.gen(function* () {
      const before = yield* pages.forWeek(input.week)
      const page: PremiumPage = {
        week: input.week,
        title,
        lineArt: input.lineArt,
        uploadedBy: actor,
        uploadedAt: now,
      }
      yield* pages.put(page)
      yield* audit(
        actor,
        "premium-page.set",
        { type: "premium-page", id: input.week },
        Option.getOrNull(before),
        page,
      )
      return { page, previous: Option.map(before, (b) => b.lineArt).pipe(Option.getOrNull) }
    }),
  )
})

/** What a member sees of this week's premium page: the page when their plan grants it. */
export type PremiumPageView =
  | { readonly week: string; readonly access: "granted"; readonly page: PremiumPage | null }
  | { readonly week: string; readonly access: "locked"; readonly title: string | null }

/** This week's page as the member (or a visitor, null) may see it. */
export const premiumPageFor = Effect.fn("premiumPageFor")(function* (memberId: MemberId | null) {
  const now = yield* Clock.currentTimeMillis
  const week = isoWeekOf(now)
  const page = Option.getOrNull(yield* (yield* PremiumPageRepository).forWeek(week))
  const tier =
    memberId === null ? null : (yield* transactionally(currentSubscription(memberId))).tier
  return tier !== null && grants(tier, "premium-line-art")
    ? ({ week, access: "granted", page } as const)
    : ({ week, access: "locked", title: page?.title ?? null } as const)
})

/** This week's page for a download: refused (PerkRequired) unless the member's plan grants it. */
export const premiumPageDownload = Effect.fn("premiumPageDownload")(function* (memberId: MemberId) {
  const view = yield* premiumPageFor(memberId)
  if (view.access === "locked") return yield* premiumLocked()
  return view
})

/** The latest weeks' pages, for the admin. */
export const latestPremiumPages = Effect.fn("latestPremiumPages")(function* (limit: number) {
  return yield* (yield* PremiumPageRepository).latest(limit)
})
