import { Clock, Effect } from "effect"
import type { Member } from "../accounts/member.entity.ts"
import { MemberRepository } from "../accounts/member.port.ts"
import type { Contest } from "../contests/contest.entity.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { MAX_PAGE_SIZE, type Page } from "../shared/paging.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { isVisible } from "../submissions/entry.entity.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { notifyBadgeGranted } from "../notifications/notify.use-case.ts"
import { BadgeRepository } from "./badge.port.ts"
import { type BadgeGrant, type ClosedContest, earnedBadges } from "./badges.ts"

/** The closed contests as the badge rules read them, oldest first. */
const closedContestHistory = Effect.fn("closedContestHistory")(function* () {
  const contests = yield* ContestRepository
  const entries = yield* EntryRepository
  const closed = yield* contests.closedInOrder
  return yield* Effect.forEach(closed, (contest: Contest) =>
    Effect.map(entries.ofContest(contest.id), (contestEntries): ClosedContest => ({
      contestId: contest.id,
      contestType: contest.contestType,
      closedAt: contest.result?.closedAt ?? contest.endsAt,
      winnerMemberId: contest.result?.winnerMemberId ?? null,
      peoplesChoiceMemberId: contest.result?.peoplesChoiceMemberId ?? null,
      entrants: new Set(contestEntries.filter(isVisible).map((entry) => entry.memberId)),
    })),
  )
})

/**
 * Grants every badge the members' histories earn. Idempotent: a badge already held is not
 * granted again, so the backfill can be rerun at any time. Without `memberIds` every member is
 * visited, a page at a time. Returns the grants that are new.
 */
export const awardBadges = Effect.fn("awardBadges")(function* (
  input: { readonly memberIds?: ReadonlyArray<MemberId> } = {},
) {
  const members = yield* MemberRepository
  const entries = yield* EntryRepository
  const badges = yield* BadgeRepository
  const unitOfWork = yield* UnitOfWork
  const now = yield* Clock.currentTimeMillis
  const history = yield* closedContestHistory()
  const granted: Array<BadgeGrant> = []

  const awardTo = (memberId: MemberId) =>
    unitOfWork.transaction(
      Effect.gen(function* () {
        const { votesReceived } = yield* entries.statsOf(memberId)
        for (const grant of earnedBadges({ memberId, contests: history, votesReceived }, now)) {
          if (yield* badges.grant(grant)) {
            granted.push(grant)
            yield* notifyBadgeGranted(grant)
          }
        }
      }),
    )

  if (input.memberIds) {
    yield* Effect.forEach(new Set(input.memberIds), awardTo, { discard: true })
    return granted
  }
  let cursor: string | null = null
  do {
    const page: Page<Member> = yield* members.page(cursor, MAX_PAGE_SIZE)
    yield* Effect.forEach(page.items, (member) => awardTo(member.id), { discard: true })
    cursor = page.nextCursor
  } while (cursor !== null)
  return granted
})
