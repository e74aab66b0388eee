import { Effect } from "effect"
import { ContestRepository } from "../contests/contest.port.ts"
import type { ContestId, MemberId } from "../shared/ids.ts"
import { decodeCursor, encodeCursor, type Page, pageAfter, pageSize } from "../shared/paging.ts"
import type { Entry } from "./entry.entity.ts"
import { EntryRepository } from "./entry.port.ts"

/**
 * Every entry of a member or a contest, visible or not (what the member sees of their own, and
 * what an admin moderates), a keyset page at a time. Either list holds hundreds of entries at most,
 * so the repository reads it whole and the page is cut here.
 */

type Keyed = Pick<Entry, "createdAt" | "id">

const byId = (a: Keyed, b: Keyed) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const oldestFirst = (a: Keyed, b: Keyed) => a.createdAt - b.createdAt || byId(a, b)
const newestFirst = (a: Keyed, b: Keyed) => oldestFirst(b, a)

const pageOf = (
  entries: ReadonlyArray<Entry>,
  order: (a: Keyed, b: Keyed) => number,
  cursor: string | null | undefined,
  limit: number | undefined,
): Page<Entry> => {
  const after = cursor ? decodeCursor(cursor) : undefined
  const key: Keyed | undefined =
    Array.isArray(after) && typeof after[0] === "number" && typeof after[1] === "string"
      ? { createdAt: after[0], id: after[1] }
      : undefined
  const { items, hasMore } = pageAfter([...entries].sort(order), order, key, pageSize(limit))
  const last = items.at(-1)
  return { items, nextCursor: hasMore && last ? encodeCursor([last.createdAt, last.id]) : null }
}

/** A member's own entries, newest first, hidden and disqualified ones with their reasons. */
export const memberEntriesPage = Effect.fn("memberEntriesPage")(function* (request: {
  readonly memberId: MemberId
  readonly cursor?: string | null | undefined
  readonly limit?: number | undefined
}) {
  const entries = yield* (yield* EntryRepository).ofMember(request.memberId)
  return pageOf(entries, newestFirst, request.cursor, request.limit)
})

/** A contest's entries, oldest first, whatever their moderation (NotFound for no contest). */
export const contestEntriesPage = Effect.fn("contestEntriesPage")(function* (request: {
  readonly contestId: ContestId
  readonly cursor?: string | null | undefined
  readonly limit?: number | undefined
}) {
  const contest = yield* (yield* ContestRepository).get(request.contestId)
  const entries = yield* (yield* EntryRepository).ofContest(contest.id)
  return pageOf(entries, oldestFirst, request.cursor, request.limit)
})
