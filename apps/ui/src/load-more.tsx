import { Button } from "./button.tsx"
import { cn } from "./cn.ts"
import { useT } from "./i18n.tsx"
import { messageOf } from "./messages.ts"

/** What "Load more" reads of a paged query (TanStack's `useInfiniteQuery` result). */
type Pages = {
  readonly hasNextPage: boolean
  readonly isFetchingNextPage: boolean
  readonly isFetchNextPageError: boolean
  readonly error: unknown
  readonly fetchNextPage: () => Promise<unknown>
}

/**
 * Under a paged list: "Load more" while there is a next page (disabled, with `busyLabel`, while it
 * loads) and, when the next page failed, an alert saying why; the pages already shown stay.
 */
export const LoadMore = ({
  pages,
  failure,
  busyLabel,
  className = "mt-4",
  alertClassName = "mt-4",
  alertBelow = false,
  retryHint = false,
}: {
  readonly pages: Pages
  /** The alert's words when the error carries none. */
  readonly failure: string
  /** The button's words while the next page loads; "Loading…" when not given. */
  readonly busyLabel?: string
  /** Spacing of the button's row. */
  readonly className?: string
  /** Spacing of the alert. */
  readonly alertClassName?: string
  /** The alert under the button rather than above it. */
  readonly alertBelow?: boolean
  /** The alert ends with "Press Load more to try again." */
  readonly retryHint?: boolean
}) => {
  const t = useT()
  const alert = pages.isFetchNextPageError && (
    <p role="alert" className={cn("text-center text-sm text-red-800", alertClassName)}>
      {messageOf(pages.error, failure)}
      {retryHint && ` ${t("ui.loadMore.retryHint")}`}
    </p>
  )
  const button = pages.hasNextPage && (
    <div className={cn("flex justify-center", className)}>
      <Button
        variant="secondary"
        disabled={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {pages.isFetchingNextPage ? (busyLabel ?? t("ui.loading")) : t("ui.loadMore.button")}
      </Button>
    </div>
  )
  return alertBelow ? (
    <>
      {button}
      {alert}
    </>
  ) : (
    <>
      {alert}
      {button}
    </>
  )
}
