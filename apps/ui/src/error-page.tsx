import type { ReactNode } from "react"
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router-dom"
import { Button, buttonVariants } from "./button.tsx"
import { cn } from "./cn.ts"
import { useT } from "./i18n.tsx"

/** What a route that crashed (or whose code failed to load) says went wrong. */
const messageOfRouteError = (error: unknown): string =>
  isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error)

/**
 * The app's error page (spec §8, "Router default"): 'Unexpected Application Error!', why, a
 * reload and a full page load of the app's home (`homeLabel`). The site shows it from its error
 * boundaries (apps/web/src/routes.tsx), the dashboard from its router (`RouteErrorPage`).
 */
export const ErrorPage = ({
  error,
  homeLabel,
}: {
  readonly error: unknown
  readonly homeLabel: string
}) => {
  const t = useT()
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-foreground">{t("ui.error.title")}</h1>
      <p className="mt-3 break-words text-slate-700">{messageOfRouteError(error)}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t("ui.error.reload")}
        </Button>
        <Link to="/" className={buttonVariants()} reloadDocument>
          {homeLabel}
        </Link>
      </div>
    </div>
  )
}

/** The error page of a data router's route (an `errorElement`): the error the router caught. */
export const RouteErrorPage = ({ homeLabel }: { readonly homeLabel: string }) => (
  <ErrorPage error={useRouteError()} homeLabel={homeLabel} />
)

/** A path the app does not have: "404", which path, and where to go instead (`children`). */
export const NotFoundPage = ({
  where = (pathname) => pathname,
  intro,
  children,
  className,
}: {
  /** The path as the visitor knows it (the dashboard's paths live under /admin). */
  readonly where?: (pathname: string) => string
  /** The words before the path; "There is no page at" when not given. */
  readonly intro?: string
  readonly children: ReactNode
  readonly className?: string
}) => {
  const t = useT()
  const { pathname } = useLocation()
  return (
    <div className={cn("mx-auto max-w-lg px-4 py-16 text-center", className)}>
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold text-foreground">{t("ui.notFound.title")}</h1>
      <p className="mt-3 break-words text-slate-700">
        {intro ?? t("ui.notFound.intro")}{" "}
        <code className="rounded bg-muted px-1">{where(pathname)}</code>.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  )
}
