import { useInfiniteQuery } from "@tanstack/react-query"
import { api } from "../../api/api.ts"
import type { GallerySort, GalleryTab } from "../../api/types.ts"
import { useSession } from "../../session/session.tsx"

export const GALLERY_PAGE_SIZE = 24

interface PageParam {
  readonly cursor: string
  /** Random order: the seed the first page was shuffled with, so later pages agree with it. */
  readonly seed: string | undefined
}

/**
 * One gallery list, page by page. Keyed by the viewer too: hasVoted is the signed-in member's,
 * so signing in or out reads the list again. Waits until the session is known.
 */
export const useGallery = (tab: GalleryTab, sort: GallerySort) => {
  const { member } = useSession()
  return useInfiniteQuery({
    queryKey: ["gallery", tab, sort, member?.id ?? "visitor"],
    enabled: member !== undefined,
    initialPageParam: null as PageParam | null,
    queryFn: ({ pageParam }) =>
      api.gallery({
        tab,
        sort,
        limit: GALLERY_PAGE_SIZE,
        cursor: pageParam?.cursor,
        seed: pageParam?.seed,
      }),
    getNextPageParam: (last): PageParam | null =>
      last.nextCursor ? { cursor: last.nextCursor, seed: last.seed } : null,
  })
}
