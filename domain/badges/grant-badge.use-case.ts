import { Clock, Effect } from "effect"
import { MemberRepository } from "../accounts/member.port.ts"
import { type Actor, audit } from "../admin/audit.ts"
import type { MemberId } from "../shared/ids.ts"
import { MAX_PAGE_SIZE, type Page } from "../shared/paging.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import type { Member } from "../accounts/member.entity.ts"
import { awardBadges } from "./award-badges.use-case.ts"
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

/**
 * The badge backfill over every member, a page at a time, telling `progress` how far it got
 * after each page. Grants are idempotent, so it can be rerun; the audit row records what it did.
 */
export const backfillBadges = Effect.fn("backfillBadges")(function* <R>(
  actor: Actor,
  progress: (done: number, total: number) => Effect.Effect<void, never, R>,
) {
  const members = yield* MemberRepository
  const total = yield* members.count
  let done = 0
  let granted = 0
  let cursor: string | null = null
  yield* progress(0, total)
  do {
    const page: Page<Member> = yield* members.page(cursor, MAX_PAGE_SIZE)
    granted += (yield* awardBadges({ memberIds: page.items.map((member) => member.id) })).length
    done += page.items.length
    yield* progress(Math.min(done, total), Math.max(total, done))
    cursor = page.nextCursor
  } while (cursor !== null)
  yield* transactionally(
    audit(actor, "badge.backfill", { type: "badge", id: "all" }, null, {
      members: done,
      granted,
    }),
  )
  return { members: done, granted }
})
