import { decodeCursor, encodeCursor, pageAfter } from "../shared/paging.ts"
import { type Entry, isVisible } from "../submissions/entry.entity.ts"
import { compareForRanking } from "./leaderboard.ts"

/** The result page's ranking: 50 rows unless asked otherwise, 100 at most. */
export const DEFAULT_RESULT_PAGE_SIZE = 50
export const MAX_RESULT_PAGE_SIZE = 100

export const resultPageSize = (requested: number | undefined): number => {
  if (requested === undefined || !Number.isFinite(requested)) return DEFAULT_RESULT_PAGE_SIZE
  return Math.min(MAX_RESULT_PAGE_SIZE, Math.max(1, Math.floor(requested)))
}

/** One entry of a contest's result with its place: 1-based, ties to the earlier entry. */
export interface RankedEntry {
  readonly rank: number
  readonly entry: Entry
}

/**
 * A contest's ranking: its visible entries in compareForRanking order (the published rule: the
 * highest score first, ties to the earlier entry, then the smaller id), each with its rank.
 * Hidden and disqualified entries take no part.
 */
export const resultRanking = (entries: ReadonlyArray<Entry>): ReadonlyArray<RankedEntry> =>
  entries
    .filter(isVisible)
    .sort(compareForRanking)
    .map((entry, index) => ({ rank: index + 1, entry }))

type RankKey = Pick<Entry, "id" | "weightedScore" | "createdAt">

const compareRanked = (a: { readonly entry: RankKey }, b: { readonly entry: RankKey }) =>
  compareForRanking(a.entry, b.entry)

const keyFromCursor = (cursor: string | null): { readonly entry: RankKey } | undefined => {
  if (cursor === null) return undefined
  const value = decodeCursor(cursor)
  if (!Array.isArray(value) || value.length !== 3) return undefined
  const [weightedScore, createdAt, id] = value as [unknown, unknown, unknown]
  if (typeof weightedScore !== "number" || typeof createdAt !== "number") return undefined
  if (typeof id !== "string") return undefined
  return { entry: { id, weightedScore, createdAt } }
}

/**
 * One page of a ranking, after the row the cursor names (its score, date and id: a keyset, so a
 * page stays right when an entry above it is hidden meanwhile). A cursor that does not decode
 * starts from the top.
 */
export const rankingPage = (
  ranked: ReadonlyArray<RankedEntry>,
  cursor: string | null,
  limit: number,
): { readonly items: ReadonlyArray<RankedEntry>; readonly nextCursor: string | null } => {
  const { items, hasMore } = pageAfter(ranked, compareRanked, keyFromCursor(cursor), limit)
  const last = items.at(-1)
  return {
    items,
    nextCursor:
      hasMore && last
        ? encodeCursor([last.entry.weightedScore, last.entry.createdAt, last.entry.id])
        : null,
  }
}
