import { ArrowLeft } from "lucide-react"
import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import { cn } from "./cn.ts"

/** A page's column: centred, at most 6xl wide, with the site's gutters. */
export const Page = ({
  children,
  className,
}: {
  readonly children: ReactNode
  readonly className?: string
}) => (
  <div data-slot="page" className={cn("mx-auto w-full max-w-6xl px-4 py-8 sm:px-6", className)}>
    {children}
  </div>
)

/** A page's one heading, in the display size. */
export const PageTitle = ({
  children,
  className,
  id,
}: {
  readonly children: ReactNode
  readonly className?: string
  readonly id?: string
}) => (
  <h1
    id={id}
    data-slot="page-title"
    className={cn(
      "font-display text-3xl font-bold tracking-tight break-words text-foreground sm:text-4xl",
      className,
    )}
  >
    {children}
  </h1>
)

/** A page's heading with its description and its actions beside it (below it on phones). */
export const PageHeader = ({
  title,
  description,
  actions,
}: {
  readonly title: string
  readonly description?: ReactNode
  readonly actions?: ReactNode
}) => (
  <div data-slot="page-header" className="mb-6 flex flex-wrap items-end justify-between gap-4">
    <div className="min-w-0">
      <PageTitle className="text-2xl sm:text-3xl">{title}</PageTitle>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
    </div>
    {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
  </div>
)

/** "← All contests": back up one level, above a page's heading. */
export const BackLink = ({
  to,
  children,
  className,
}: {
  readonly to: string
  readonly children: ReactNode
  readonly className?: string
}) => (
  <Link
    to={to}
    data-slot="back-link"
    className={cn(
      "inline-flex items-center gap-1 text-sm font-medium text-accent-foreground hover:underline",
      className,
    )}
  >
    <ArrowLeft aria-hidden className="size-4" />
    {children}
  </Link>
)
