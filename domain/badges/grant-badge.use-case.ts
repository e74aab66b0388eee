import { Clock, Effect } from "effect"
import { MemberRepository } from "../accounts/member.port.ts"
import { type Actor, audit } from "../admin/audit.ts"
import type { MemberId } from "../shared/ids.ts"
import { MAX_PAGE_SIZE, type Page } from "../shared/paging.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import type { Member } from "../accounts/member.entity.ts"
import { awardBadges } from "./award-badges.use-case.ts"
import { notifyBadgeGranted } from "../notifications/notify.use-case.ts"
import { BadgeRepository } from "./badge.port.ts"
import type { BadgeGrant, BadgeId } from "./badges.ts"

/**
 * Grants a badge by hand. Idempotent: a badge already held is answered with its grant, and no
 * audit row is written since nothing changed.
 */
export const grantBadge = Effect.fn("grantBadge")(function* (
  actor: Actor,
  input: { readonly memberId: MemberId; readonly badgeId: BadgeId },
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const badges = yield* BadgeRepository
      const member = yield* (yield* MemberRepository).get(input.memberId)
      const grant: BadgeGrant = {
        memberId: member.id,
        badgeId: input.badgeId,
        earnedAt: yield* Clock.currentTimeMillis,
      }
      if (yield* badges.grant(grant)) {
        yield* notifyBadgeGranted(grant)
        yield* audit(actor, "badge.grant", { type: "member", id: member.id }, null, {
          badgeId: grant.badgeId,
        })
        return { grant, granted: true }
      }
      const held = (yield* badges.of(member.id)).find((g) => g.badgeId === input.badgeId)
      return { grant: held ?? grant, granted: false }
    }),
  )
})

/** Who got which badge, grouped by badge: compact enough for a page's audit row. */
const membersByBadge = (grants: ReadonlyArray<BadgeGrant>) => {
  const byBadge: Partial<Record<BadgeId, Array<MemberId>>> = {}
  for (const grant of grants) (byBadge[grant.badgeId] ??= []).push(grant.memberId)
  return byBadge
}

/** One page of the backfill as it committed: the members it checked and the badges it granted. */
export interface BackfillPage {
  readonly members: ReadonlyArray<Member>
  readonly grants: ReadonlyArray<BadgeGrant>
}

/**
 * The badge backfill over every member (or only `scope.memberId`), a page at a time, telling
 * `progress` how far it got after each page. Grants are idempotent, so it can be rerun.
 * Audited as it goes: a `badge.backfill` row when it starts (who ran it, over how many), then each
 * page's grants and their `badge.backfill.page` row in one transaction, so a backfill cut off
 * halfway still has a row for every badge it granted. A page that granted nothing has no row.
 */
export const backfillBadges = Effect.fn("backfillBadges")(function* <R>(
  actor: Actor,
  progress: (done: number, total: number, page: BackfillPage) => Effect.Effect<void, never, R>,
  scope: { readonly memberId?: MemberId | undefined } = {},
) {
  const members = yield* MemberRepository
  // One member is one page; looked up first, so an unknown one is refused before any audit row.
  const only = scope.memberId === undefined ? null : yield* members.get(scope.memberId)
  const total = only === null ? yield* members.count : 1
  const target =
    only === null ? { type: "badge" as const, id: "all" } : { type: "member" as const, id: only.id }
  yield* transactionally(audit(actor, "badge.backfill", target, null, { members: total }))
  let done = 0
  let granted = 0
  let cursor: string | null = null
  yield* progress(0, total, { members: [], grants: [] })
  do {
    const page: Page<Member> =
      only === null
        ? yield* members.page(cursor, MAX_PAGE_SIZE)
        : { items: [only], nextCursor: null }
    const checkedBefore = done
    const grants = yield* transactionally(
      Effect.gen(function* () {
        const pageGrants = yield* awardBadges({ memberIds: page.items.map((member) => member.id) })
        if (pageGrants.length > 0) {
          yield* audit(actor, "badge.backfill.page", target, null, {
            members: page.items.length,
            granted: pageGrants.length,
            // Where this page sits in the run, so an interrupted run's rows show how far it got.
            checked: checkedBefore + page.items.length,
            total,
            grants: membersByBadge(pageGrants),
          })
        }
        return pageGrants
      }),
    )
    granted += grants.length
    done += page.items.length
    yield* progress(Math.min(done, total), Math.max(total, done), {
      members: page.items,
      grants,
    })
    cursor = page.nextCursor
  } while (cursor !== null)
  return { members: done, granted }
})
