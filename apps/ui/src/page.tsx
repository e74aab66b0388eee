import { ArrowLeft } from "lucide-react"
import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import { cn } from "./cn.ts"

/**
 * The page column's top space: "tight" for a page whose heading sits close under the header on
 * phones (home). A prop rather than a caller's `pt-4` over the base `py-8`, which would make cn()
 * build tailwind-merge (~90 ms of a throttled phone's first render, issue 20).
 */
const PAGE_TOP = { normal: "py-8", tight: "pt-4 pb-8 sm:pt-8" } as const

/** A page's column: centred, at most 6xl wide, with the site's gutters. */
export const Page = ({
  children,
  className,
  top = "normal",
}: {
  readonly children: ReactNode
  readonly className?: string
  readonly top?: keyof typeof PAGE_TOP
}) => (
  <div
    data-slot="page"
    className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6", PAGE_TOP[top], className)}
  >
    {children}
  </div>
)

/**
 * The heading's sizes: "page" (a page's own), "hero" (home's, larger), "section" (PageHeader's,
 * smaller). Named sizes rather than a caller's text-* over the base, for the same reason as
 * PAGE_TOP.
 */
const TITLE_SIZE = {
  page: "text-3xl sm:text-4xl",
  hero: "text-4xl sm:text-5xl",
  section: "text-2xl sm:text-3xl",
} as const

/** A page's one heading, in the display size. */
export const PageTitle = ({
  children,
  className,
  id,
  size = "page",
}: {
  readonly children: ReactNode
  readonly className?: string
  readonly id?: string
  readonly size?: keyof typeof TITLE_SIZE
}) => (
  <h1
    id={id}
    data-slot="page-title"
    className={cn(
      "font-display font-bold tracking-tight break-words text-foreground",
      TITLE_SIZE[size],
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
      <PageTitle size="section">{title}</PageTitle>
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
