/** Paging and orders the memory layers share. */
import { decodeCursor, encodeCursor, type Page, pageAfter } from "../../domain/shared/paging.ts"

/** Keyset page over rows sorted by `compare`; the cursor holds the last row's `key`. */
export const keysetPage = <A>(
  rows: Iterable<A>,
  compare: (a: A, b: A) => number,
  key: (row: A) => unknown,
  fromKey: (value: unknown) => A | undefined,
  cursor: string | null,
  limit: number,
): Page<A> => {
  const sorted = [...rows].sort(compare)
  const after = cursor === null ? undefined : fromKey(decodeCursor(cursor))
  const { items, hasMore } = pageAfter(sorted, compare, after, limit)
  const last = items.at(-1)
  return { items, nextCursor: hasMore && last !== undefined ? encodeCursor(key(last)) : null }
}

export const byId = (a: { id: string }, b: { id: string }) =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0

export const newestFirstById = <A extends { createdAt: number; id: string }>(a: A, b: A) =>
  b.createdAt - a.createdAt || byId(b, a)
