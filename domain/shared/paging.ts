/** Lists are paged; none is unbounded. */
export const DEFAULT_PAGE_SIZE = 24
export const MAX_PAGE_SIZE = 100

export interface Page<A> {
  readonly items: ReadonlyArray<A>
  /** Opaque cursor of the next page, or null on the last page. */
  readonly nextCursor: string | null
}

/** Clamps a requested page size into 1..MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE when absent. */
export const pageSize = (requested: number | undefined): number => {
  if (requested === undefined || !Number.isFinite(requested)) return DEFAULT_PAGE_SIZE
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(requested)))
}

/**
 * Keyset paging over an ordered list: the items strictly after `after` in `compare`'s order
 * (which must be total, ties broken by id), at most `limit` of them.
 */
export const pageAfter = <A extends K, K>(
  sorted: ReadonlyArray<A>,
  compare: (a: K, b: K) => number,
  after: K | undefined,
  limit: number,
): { readonly items: ReadonlyArray<A>; readonly hasMore: boolean } => {
  let start = 0
  if (after !== undefined) {
    // Binary search for the first item ordered after the cursor.
    let low = 0
    let high = sorted.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (compare(sorted[mid] as A, after) <= 0) low = mid + 1
      else high = mid
    }
    start = low
  }
  return { items: sorted.slice(start, start + limit), hasMore: start + limit < sorted.length }
}

/** A character above U+007F: JSON without one is its own UTF-8. */
const NOT_ASCII = /[\u0080-\uffff]/

/**
 * Cursors are base64url of UTF-8 JSON: opaque to clients, readable when debugging. The UTF-8 step
 * is needed because `btoa` throws on characters above U+00FF.
 */
export const encodeCursor = (value: unknown): string => {
  const json = JSON.stringify(value)
  const binary = NOT_ASCII.test(json)
    ? String.fromCharCode(...new TextEncoder().encode(json))
    : json
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")
}

export const decodeCursor = (cursor: string): unknown => {
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"))
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown
  } catch {
    return undefined
  }
}
