import type { UseQueryResult } from "@tanstack/react-query"
import { LoaderCircle } from "lucide-react"
import type { ComponentProps, ReactNode } from "react"
import { Button } from "./button.tsx"
import { cn } from "./cn.ts"
import { useT } from "./i18n.tsx"
import { messageOf } from "./messages.ts"

/** Something is on its way: a spinner and what is loading, announced politely. */
export const Spinner = ({ label }: { readonly label: string }) => (
  <div
    role="status"
    data-slot="spinner"
    className="flex items-center justify-center gap-2 py-12 text-muted-foreground"
  >
    <LoaderCircle aria-hidden className="size-5 animate-spin" />
    <span>{label}</span>
  </div>
)

/** The shape of what is loading, before it comes (hidden from screen readers: pair it with a status). */
export const Skeleton = ({ className, ...props }: ComponentProps<"div">) => (
  <div
    aria-hidden
    data-slot="skeleton"
    className={cn("animate-skeleton rounded-control bg-muted", className)}
    {...props}
  />
)

/** A failed request: what went wrong and a way to try again — never invented data. */
export const ErrorState = ({
  title,
  message,
  onRetry,
  retryLabel,
}: {
  /** "Something went wrong" when not given. */
  readonly title?: string
  readonly message: string
  readonly onRetry?: () => void
  /** "Try again" when not given. */
  readonly retryLabel?: string
}) => {
  const t = useT()
  return (
    <div
      role="alert"
      data-slot="error-state"
      className="mx-auto max-w-md rounded-lg border border-destructive-border bg-destructive-soft p-6 text-center"
    >
      <p className="font-semibold text-red-900">{title ?? t("ui.error.something")}</p>
      <p className="mt-1 text-sm text-destructive-foreground">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          {retryLabel ?? t("ui.error.tryAgain")}
        </Button>
      )}
    </div>
  )
}

/** Nothing to show yet, and what to do about it. */
export const EmptyState = ({
  title,
  children,
}: {
  readonly title: string
  readonly children?: ReactNode
}) => (
  <div
    data-slot="empty-state"
    className="mx-auto max-w-md rounded-lg border border-dashed border-input p-8 text-center"
  >
    <p className="font-semibold">{title}</p>
    {children && <div className="mt-2 text-sm text-muted-foreground">{children}</div>}
  </div>
)

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
  const t = useT()
  if (query.isPending) return <Spinner label={loading} />
  if (query.data === undefined)
    return (
      <ErrorState
        title={failure}
        message={messageOf(query.error, t("ui.noAnswer"))}
        onRetry={() => void query.refetch()}
      />
    )
  return (
    <>
      {query.isError && (
        // A refresh failed: what is shown is the last answer, and says so.
        <p role="alert" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("ui.stale.text", { reason: messageOf(query.error, t("ui.stale.noAnswer")) })}
        </p>
      )}
      {children(query.data)}
    </>
  )
}
