import { useInfiniteQuery, useQueryClient, type QueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { api } from "../../api/api.ts"
import type { GalleryPage, GallerySort, GalleryTab } from "../../api/types.ts"
import { useSession } from "../../session/session.tsx"
import { GALLERY_PAGE_SIZE } from "../../../../../domain/submissions/gallery.ts"

export { GALLERY_PAGE_SIZE }

/**
 * How long read pages stay fresh: back to the gallery within it (from an entry's or an artist's
 * page) shows the pages already loaded, where they were, without reading every one of them again.
 */
export const GALLERY_FRESH_MS = 60_000

interface PageParam {
  readonly cursor: string
  /** Random order: the seed the first page was shuffled with, so later pages agree with it. */
  readonly seed: string | undefined
}

type List = readonly [tab: GalleryTab, sort: GallerySort, viewer: string]

/**
 * A page read ahead, before the list shows it: its own cache entry, outside the "gallery" keys
 * (a vote patches those as lists of pages).
 */
const aheadKey = (list: List, param: PageParam) =>
  ["gallery-ahead", ...list, param.cursor, param.seed ?? null] as const

const readPage = ([tab, sort]: List, param: PageParam | null) =>
  api.gallery({
    tab,
    sort,
    limit: GALLERY_PAGE_SIZE,
    cursor: param?.cursor,
    seed: param?.seed,
  })

const aheadQuery = (list: List, param: PageParam) => ({
  queryKey: aheadKey(list, param),
  queryFn: () => readPage(list, param),
  staleTime: GALLERY_FRESH_MS,
  gcTime: GALLERY_FRESH_MS,
})

/**
 * A next page: the one read ahead when there is one (its request joined while still on its way,
 * so a page is never asked for twice), then dropped, so a later refetch asks the server again.
 */
const nextPage = async (client: QueryClient, list: List, param: PageParam) => {
  const query = aheadQuery(list, param)
  const page = await client.fetchQuery(query)
  client.removeQueries({ queryKey: query.queryKey, exact: true })
  return page
}

const nextParamOf = (last: GalleryPage | undefined): PageParam | null =>
  last?.nextCursor ? { cursor: last.nextCursor, seed: last.seed } : null

/** Runs `run` when the browser is next idle (soon after, where it cannot tell); a cancel. */
const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 2000 })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = window.setTimeout(run, 50)
  return () => window.clearTimeout(timer)
}

/**
 * One gallery list, page by page. Keyed by the viewer too: hasVoted is the signed-in member's,
 * so signing in or out reads the list again. Waits until the session is known. Once a page has
 * rendered, the next one is read ahead when the browser is idle, so scrolling to it (or "Load
 * more") shows it without waiting on the network.
 */
export const useGallery = (tab: GalleryTab, sort: GallerySort) => {
  const { member } = useSession()
  const client = useQueryClient()
  const viewer = member?.id ?? "visitor"
  const gallery = useInfiniteQuery({
    queryKey: ["gallery", tab, sort, viewer],
    enabled: member !== undefined,
    staleTime: GALLERY_FRESH_MS,
    initialPageParam: null as PageParam | null,
    queryFn: ({ pageParam }) => {
      const list: List = [tab, sort, viewer]
      return pageParam === null ? readPage(list, null) : nextPage(client, list, pageParam)
    },
    getNextPageParam: nextParamOf,
  })
  const ahead = gallery.isError ? null : nextParamOf(gallery.data?.pages.at(-1))
  const aheadCursor = ahead?.cursor
  const aheadSeed = ahead?.seed
  useEffect(() => {
    if (aheadCursor === undefined) return
    const query = aheadQuery([tab, sort, viewer], { cursor: aheadCursor, seed: aheadSeed })
    // A failed read ahead is not shown: the list asks again when it wants the page.
    return whenIdle(() => void client.prefetchQuery(query))
  }, [client, tab, sort, viewer, aheadCursor, aheadSeed])
  return gallery
}
