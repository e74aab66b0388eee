import "./catalog.ts"
import { useCallback, useEffect, useMemo, useRef } from "react"
import { Link } from "react-router-dom"
import type { GallerySort, GalleryTab } from "../../api/types.ts"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { GalleryCard } from "./GalleryCard.tsx"
import { GALLERY_FIRST_ROW, GALLERY_GRID } from "./gallery-grid.ts"
import { entriesOf } from "./gallery-cache.ts"
import { useGallery } from "./useGallery.ts"
import { useVote } from "./useVote.ts"

/** How many pages a shared link's entry is looked for in before giving up (24 entries each). */
export const LINKED_ENTRY_PAGES = 10

/** How far below the screen the end of the grid is when the next page is asked for. */
export const NEXT_PAGE_MARGIN = "0px 0px 800px 0px"

/**
 * Infinite scroll: `load` runs when the returned element (put under the grid) comes within
 * NEXT_PAGE_MARGIN of the screen, while `active`. Returns whether the browser can watch it
 * (IntersectionObserver); where it cannot, the list keeps its "Load more" button.
 */
const useNearEnd = (active: boolean, load: () => void) => {
  const end = useRef<HTMLDivElement>(null)
  const canWatch = typeof IntersectionObserver === "function"
  useEffect(() => {
    const element = end.current
    if (!canWatch || !active || element === null) return
    // A new observer reports at once whether the end is near: after a page lands, a screen the
    // new page does not fill asks for the next one straight away.
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) load()
      },
      { rootMargin: NEXT_PAGE_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [canWatch, active, load])
  return { end, canWatch }
}

/**
 * One tab's entries in one order: loading, error with retry (never sample data), empty, the grid,
 * paged by infinite scroll, with "Load more" where the browser cannot tell that the end of the
 * grid is near, and after a page failed to load. While `seeking` names an entry (a shared link),
 * pages are read until it shows up, within LINKED_ENTRY_PAGES; `onSought` then reports it (or
 * null when it is not here).
 */
export const GalleryResults = ({
  tab,
  sort,
  seeking,
  highlighted,
  onSought,
}: {
  readonly tab: GalleryTab
  readonly sort: GallerySort
  readonly seeking: string | null
  readonly highlighted: string | null
  readonly onSought: (entryId: string | null) => void
}) => {
  const t = useT()
  const gallery = useGallery(tab, sort)
  const { vote, pending } = useVote()
  const entries = useMemo(() => entriesOf(gallery.data), [gallery.data])
  const ids = useMemo(() => entries.map((entry) => entry.id), [entries])
  const pagesRead = gallery.data?.pages.length ?? 0
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isSuccess, isFetching } = gallery
  // Never a second request for a page on its way (TanStack's default would cancel and restart it).
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage])
  // Watching pauses while anything is read (a page, or the list read again) and after a failure.
  const { end, canWatch } = useNearEnd(
    hasNextPage && !isFetching && !gallery.isFetchNextPageError,
    loadMore,
  )

  useEffect(() => {
    if (seeking === null || !isSuccess || isFetchingNextPage) return
    if (entries.some((entry) => entry.id === seeking)) onSought(seeking)
    else if (hasNextPage && pagesRead < LINKED_ENTRY_PAGES) loadMore()
    else onSought(null)
  }, [seeking, isSuccess, isFetchingNextPage, entries, hasNextPage, pagesRead, loadMore, onSought])

  if (gallery.data === undefined) {
    if (!gallery.isError || gallery.isFetching) return <Spinner label={t("web.gallery.loading")} />
    return (
      <ErrorState
        title={t("web.gallery.fetchFailed")}
        message={messageOf(gallery.error, t("web.gallery.loadFailed"))}
        onRetry={() => void gallery.refetch()}
      />
    )
  }
  if (entries.length === 0) {
    return (
      <EmptyState title={t("web.gallery.empty")}>
        <Link to="/" className={buttonVariants({ variant: "primary", className: "mt-2" })}>
          {t("web.gallery.beFirst")}
        </Link>
      </EmptyState>
    )
  }
  return (
    <div>
      <ul className={GALLERY_GRID}>
        {entries.map((entry, index) => (
          <GalleryCard
            key={entry.id}
            entry={entry}
            firstRow={index < GALLERY_FIRST_ROW}
            voting={pending.has(entry.id)}
            highlighted={highlighted === entry.id}
            ids={ids}
            onVote={(chosen) => void vote(chosen)}
          />
        ))}
      </ul>
      <div ref={end} aria-hidden data-testid="gallery-end" />
      {gallery.isFetchNextPageError && (
        <div className="mt-6">
          <ErrorState
            title={t("web.gallery.fetchFailed")}
            message={messageOf(gallery.error, t("web.gallery.moreFailed"))}
          />
        </div>
      )}
      {hasNextPage &&
        (canWatch && !gallery.isFetchNextPageError ? (
          isFetchingNextPage && <Spinner label={t("web.gallery.loadingMore")} />
        ) : (
          <div className="mt-8 flex justify-center">
            <Button variant="secondary" disabled={isFetchingNextPage} onClick={loadMore}>
              {isFetchingNextPage ? t("web.gallery.loadingMore") : t("web.gallery.loadMore")}
            </Button>
          </div>
        ))}
    </div>
  )
}
