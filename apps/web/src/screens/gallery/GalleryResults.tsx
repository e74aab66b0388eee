import { useEffect, useMemo } from "react"
import { Link } from "react-router-dom"
import type { GallerySort, GalleryTab } from "../../api/types.ts"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { GALLERY_GRID, GalleryCard } from "./GalleryCard.tsx"
import { entriesOf } from "./gallery-cache.ts"
import { useGallery } from "./useGallery.ts"
import { useVote } from "./useVote.ts"

/** How many pages a shared link's entry is looked for in before giving up (24 entries each). */
export const LINKED_ENTRY_PAGES = 10

/**
 * One tab's entries in one order: loading, error with retry (never sample data), empty, the grid
 * and "Load more". While `seeking` names an entry (a shared link), pages are read until it shows
 * up, within LINKED_ENTRY_PAGES; `onSought` then reports it (or null when it is not here).
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
  const gallery = useGallery(tab, sort)
  const { vote, pending } = useVote()
  const entries = useMemo(() => entriesOf(gallery.data), [gallery.data])
  const ids = useMemo(() => entries.map((entry) => entry.id), [entries])
  const pagesRead = gallery.data?.pages.length ?? 0
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isSuccess } = gallery

  useEffect(() => {
    if (seeking === null || !isSuccess || isFetchingNextPage) return
    if (entries.some((entry) => entry.id === seeking)) onSought(seeking)
    else if (hasNextPage && pagesRead < LINKED_ENTRY_PAGES) void fetchNextPage()
    else onSought(null)
  }, [
    seeking,
    isSuccess,
    isFetchingNextPage,
    entries,
    hasNextPage,
    pagesRead,
    fetchNextPage,
    onSought,
  ])

  if (gallery.data === undefined) {
    if (!gallery.isError || gallery.isFetching) return <Spinner label="Loading submissions" />
    return (
      <ErrorState
        title="Failed to fetch submissions from API"
        message={messageOf(gallery.error, "The gallery could not be loaded.")}
        onRetry={() => void gallery.refetch()}
      />
    )
  }
  if (entries.length === 0) {
    return (
      <EmptyState title="No submissions found">
        <Link to="/" className={buttonVariants({ variant: "primary", className: "mt-2" })}>
          Be the first to submit!
        </Link>
      </EmptyState>
    )
  }
  return (
    <div>
      <ul className={GALLERY_GRID}>
        {entries.map((entry) => (
          <GalleryCard
            key={entry.id}
            entry={entry}
            voting={pending.has(entry.id)}
            highlighted={highlighted === entry.id}
            ids={ids}
            onVote={(chosen) => void vote(chosen)}
          />
        ))}
      </ul>
      {gallery.isFetchNextPageError && (
        <div className="mt-6">
          <ErrorState
            title="Failed to fetch submissions from API"
            message={messageOf(gallery.error, "More entries could not be loaded.")}
            onRetry={() => void fetchNextPage()}
          />
        </div>
      )}
      {hasNextPage && !gallery.isFetchNextPageError && (
        <div className="mt-8 flex justify-center">
          <Button
            variant="secondary"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? "Loading more…" : "Load more"}
          </Button>
        </div>
      )}
    </div>
  )
}
