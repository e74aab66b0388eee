import type { UseInfiniteQueryResult, UseQueryResult } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { Button, ErrorState, messageOf, Spinner } from "../../../web/src/ui/ui.tsx"
import type { ContestStatus, Moderation, Page } from "../api/admin-types.ts"

/** The dashboard's own building blocks, over the site's (apps/web/src/ui). */

/** A request's three states before its data: loading, error with retry, then the data. */
export const Loadable = <T,>({
  query,
  loading,
  failure,
  children,
}: {
  readonly query: UseQueryResult<T>
  readonly loading: string
  readonly failure: string
  readonly children: (data: T) => ReactNode
}) => {
  if (query.isPending) return <Spinner label={loading} />
  if (query.data === undefined)
    return (
      <ErrorState
        title={failure}
        message={messageOf(query.error, "The server did not answer")}
        onRetry={() => void query.refetch()}
      />
    )
  return (
    <>
      {query.isError && (
        // A refresh failed: what is shown is the last answer, and says so.
        <p role="alert" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Could not refresh: {messageOf(query.error, "the server did not answer")}. Showing the last
          figures.
        </p>
      )}
      {children(query.data)}
    </>
  )
}

/** The rows of every page loaded so far. */
export const rowsOf = <T,>(query: UseInfiniteQueryResult<{ pages: Page<T>[] }>) =>
  query.data?.pages.flatMap((page) => page.items) ?? []

/** "Load more" under a paged list, and what went wrong when the next page did not come. */
export const LoadMore = ({ query }: { readonly query: UseInfiniteQueryResult<unknown> }) => {
  if (!query.hasNextPage && !query.isFetchNextPageError) return null
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(query.error, "The next page did not load")}
        </p>
      )}
      <Button
        variant="secondary"
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? "Loading…" : "Load more"}
      </Button>
    </div>
  )
}

export const PageHeader = ({
  title,
  description,
  actions,
}: {
  readonly title: string
  readonly description?: ReactNode
  readonly actions?: ReactNode
}) => (
  <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
    <div className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {title}
      </h1>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
    </div>
    {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
  </div>
)

export const Card = ({
  title,
  actions,
  children,
  className = "",
}: {
  readonly title?: string
  readonly actions?: ReactNode
  readonly children: ReactNode
  readonly className?: string
}) => (
  <section
    className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
  >
    {(title || actions) && (
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        {title && <h2 className="text-lg font-semibold text-slate-900">{title}</h2>}
        {actions}
      </div>
    )}
    {children}
  </section>
)

/**
 * A table that scrolls inside its own box on a narrow screen, never the page. The box is a
 * labelled region a keyboard can focus, so it can be scrolled without a mouse; it is positioned,
 * so the screen-reader-only caption and headers scroll with it instead of widening the page.
 */
export const TableBox = ({
  label,
  children,
}: {
  readonly label: string
  readonly children: ReactNode
}) => (
  <div
    role="region"
    aria-label={label}
    tabIndex={0}
    className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white"
  >
    <table className="w-full min-w-[36rem] text-left text-sm">
      <caption className="sr-only">{label}</caption>
      {children}
    </table>
  </div>
)

export const Th = ({ children, className = "" }: { children?: ReactNode; className?: string }) => (
  <th
    scope="col"
    className={`px-3 py-2 font-semibold whitespace-nowrap text-slate-700 ${className}`}
  >
    {children}
  </th>
)

export const Td = ({ children, className = "" }: { children?: ReactNode; className?: string }) => (
  <td className={`px-3 py-2 align-top text-slate-800 ${className}`}>{children}</td>
)

const CHIP = "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap"

const STATUS_CHIPS: { readonly [S in ContestStatus]: { label: string; className: string } } = {
  scheduled: { label: "Scheduled", className: "bg-sky-100 text-sky-900" },
  active: { label: "Active", className: "bg-green-100 text-green-900" },
  ended: { label: "Ended", className: "bg-amber-100 text-amber-900" },
  announced: { label: "Announced", className: "bg-brand-100 text-brand-800" },
  cancelled: { label: "Cancelled", className: "bg-slate-200 text-slate-800" },
}

export const STATUS_LABELS = Object.fromEntries(
  Object.entries(STATUS_CHIPS).map(([status, chip]) => [status, chip.label]),
) as { readonly [S in ContestStatus]: string }

export const StatusChip = ({ status }: { readonly status: ContestStatus }) => {
  const chip = STATUS_CHIPS[status] as (typeof STATUS_CHIPS)[ContestStatus] | undefined
  return (
    <span className={`${CHIP} ${chip?.className ?? "bg-slate-100 text-slate-800"}`}>
      {chip?.label ?? status}
    </span>
  )
}

const MODERATION_CHIPS: { readonly [M in Moderation]: { label: string; className: string } } = {
  visible: { label: "Visible", className: "bg-green-100 text-green-900" },
  hidden: { label: "Hidden", className: "bg-amber-100 text-amber-900" },
  disqualified: { label: "Disqualified", className: "bg-red-100 text-red-900" },
}

export const ModerationChip = ({ moderation }: { readonly moderation: Moderation }) => {
  const chip = MODERATION_CHIPS[moderation] as (typeof MODERATION_CHIPS)[Moderation] | undefined
  return (
    <span className={`${CHIP} ${chip?.className ?? "bg-slate-100 text-slate-800"}`}>
      {chip?.label ?? moderation}
    </span>
  )
}

export const Chip = ({
  children,
  tone = "slate",
}: {
  readonly children: ReactNode
  readonly tone?: "slate" | "green" | "red" | "amber" | "brand"
}) => {
  const tones = {
    slate: "bg-slate-100 text-slate-800",
    green: "bg-green-100 text-green-900",
    red: "bg-red-100 text-red-900",
    amber: "bg-amber-100 text-amber-900",
    brand: "bg-brand-100 text-brand-800",
  }
  return <span className={`${CHIP} ${tones[tone]}`}>{children}</span>
}
