import { Effect } from "effect"
import type { Member } from "../accounts/member.entity.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { NotFound } from "../shared/errors.ts"
import type { EntryId } from "../shared/ids.ts"
import { VoteRepository } from "../voting/vote.port.ts"
import { type Entry, isVisible } from "./entry.entity.ts"
import { EntryRepository } from "./entry.port.ts"

/** Contest order for paging through its entries: by date, then id (a total order). */
export const byDateThenId = (a: Entry, b: Entry): number =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * The entries just earlier and just later than `entry` among `siblings` (its contest's visible
 * entries), by date then id; `entry` itself need not be among them (its owner looking at a
 * hidden entry).
 */
export const neighboursOf = (
  siblings: ReadonlyArray<Entry>,
  entry: Entry,
): { readonly earlier: Entry | null; readonly later: Entry | null } => {
  let earlier: Entry | null = null
  let later: Entry | null = null
  for (const sibling of siblings) {
    if (sibling.id === entry.id) continue
    const order = byDateThenId(sibling, entry)
    if (order < 0 && (earlier === null || byDateThenId(sibling, earlier) > 0)) earlier = sibling
    if (order > 0 && (later === null || byDateThenId(sibling, later) < 0)) later = sibling
  }
  return { earlier, later }
}

/**
 * An entry's page: the entry, its contest, the entries before and after it in the contest's
 * gallery order (newest first: the previous one is the next newer, the next one the next older,
 * as a lightbox over the gallery steps through them) and whether the viewer voted for it. A
 * hidden or disqualified entry is NotFound to everyone but its owner and admins.
 */
export const entryPage = Effect.fn("entryPage")(function* (
  entryId: EntryId,
  viewer: Pick<Member, "id" | "isAdmin"> | null,
) {
  const entry = yield* (yield* EntryRepository).get(entryId)
  const mayModerate = viewer !== null && (viewer.isAdmin || viewer.id === entry.memberId)
  if (!isVisible(entry) && !mayModerate) {
    return yield* new NotFound({ entity: "entry", id: entryId })
  }
  const contest = yield* (yield* ContestRepository).get(entry.contestId)
  const siblings = (yield* (yield* EntryRepository).ofContest(entry.contestId)).filter(isVisible)
  const { earlier, later } = neighboursOf(siblings, entry)
  const hasVoted =
    viewer === null ? false : yield* (yield* VoteRepository).hasVoted(entry.id, viewer.id)
  return {
    entry,
    contest,
    previousEntryId: later?.id ?? null,
    nextEntryId: earlier?.id ?? null,
    hasVoted,
    /** The viewer may see why it is not shown (its owner or an admin). */
    mayModerate,
  }
})
