import { lazy, Suspense, type ComponentType, type ReactNode } from "react"
import { ErrorBoundary } from "react-error-boundary"
import { Navigate, Route, Routes, useLocation, useOutletContext } from "react-router-dom"
import type { PageOutletContext } from "./entries/PageOutlet.tsx"
import { Layout } from "./layout/Layout.tsx"
import RouteErrorPage from "./screens/RouteErrorPage.tsx"
import { useSession } from "./session/session.tsx"
import { useT } from "../../ui/src/i18n.tsx"
import { Spinner } from "../../ui/src/states.tsx"

/** While a screen's code or the session is on its way. */
const Loading = () => {
  const t = useT()
  return <Spinner label={t("ui.loading")} />
}

/**
 * While a screen's code is on its way: the spinner, or nothing while a lightbox's code loads over
 * the page it opens on (the page stays as it is until the lightbox can show).
 */
const ScreenLoading = () => {
  const outlet = useOutletContext<PageOutletContext | undefined>()
  return outlet?.lightbox === true ? null : <Loading />
}

/** /profile and /billing-history: a visitor goes to / with the sign-in dialog, the origin remembered. */
const MembersOnly = ({ children }: { readonly children: ReactNode }) => {
  const { member } = useSession()
  const location = useLocation()
  if (member === undefined) return <Loading />
  if (member === null)
    return (
      <Navigate to="/?signin=true" replace state={{ from: location.pathname + location.search }} />
    )
  return children
}

/**
 * A screen of the site, in the frame: its code loaded when its route is first opened (each screen
 * is its own chunk), and its errors, a crash or code that failed to load, shown inside the frame
 * by the error page. The boundary starts over when the reader goes to another page.
 */
const Screen = ({ children }: { readonly children: ReactNode }) => (
  <ErrorBoundary FallbackComponent={RouteErrorPage} resetKeys={[useLocation().pathname]}>
    <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
  </ErrorBoundary>
)

type Load = () => Promise<{ default: ComponentType }>

/** A route's element: its screen, loaded lazily, behind the sign-in for members' pages. */
const screen = (load: Load, access: "anyone" | "members" = "anyone") => {
  const Page = lazy(load)
  return (
    <Screen>
      {access === "members" ? (
        <MembersOnly>
          <Page />
        </MembersOnly>
      ) : (
        <Page />
      )}
    </Screen>
  )
}

/**
 * The site's pages, one flat list under the frame. Declared as elements for `<Routes>` (issue 20):
 * the data router (`createBrowserRouter`, its loaders, lazy routes and `<ScrollRestoration>`) was
 * 91 KB of the 260 KB app chunk, and the site used none of its data APIs. What it did for the
 * site is done here instead: the lazy screens by `React.lazy`, the error elements by error
 * boundaries (`Screen` for a page, `SiteRoutes` for the frame), the scroll by the layout's
 * `useScrollSettle`.
 */
const pages: ReadonlyArray<readonly [path: string, element: ReactNode]> = [
  ["gallery", screen(() => import("./screens/gallery/GalleryPage.tsx"))],
  ["entries/:id", screen(() => import("./screens/entry/EntryPage.tsx"))],
  ["artists/:username", screen(() => import("./screens/artist/ArtistPage.tsx"))],
  ["profile", screen(() => import("./screens/profile/ProfilePage.tsx"), "members")],
  ["judging", screen(() => import("./screens/judging/JudgingPage.tsx"), "members")],
  ["leaderboard", screen(() => import("./screens/leaderboard/LeaderboardPage.tsx"))],
  ["contests", screen(() => import("./screens/contests/ContestsPage.tsx"))],
  ["contests/:id", screen(() => import("./screens/contests/ContestPage.tsx"))],
  ["rewards", screen(() => import("./screens/rewards/RewardsPage.tsx"))],
  ["rewards/drawings", screen(() => import("./screens/rewards/DrawingsPage.tsx"))],
  ["pricing", screen(() => import("./screens/pricing/PricingPage.tsx"))],
  ["about", screen(() => import("./screens/static/AboutPage.tsx"))],
  ["faq", screen(() => import("./screens/static/FaqPage.tsx"))],
  ["contact", screen(() => import("./screens/contact/ContactPage.tsx"))],
  ["terms", screen(() => import("./screens/static/TermsPage.tsx"))],
  ["privacy", screen(() => import("./screens/static/PrivacyPage.tsx"))],
  ["payment-success", screen(() => import("./screens/payment/PaymentSuccessPage.tsx"))],
  ["payment-cancel", screen(() => import("./screens/payment/PaymentCancelPage.tsx"))],
  ["forgot-password", screen(() => import("./screens/auth/ForgotPasswordPage.tsx"))],
  ["reset-password/:token?", screen(() => import("./screens/auth/ResetPasswordPage.tsx"))],
  ["verify-email/:token?", screen(() => import("./screens/auth/VerifyEmailPage.tsx"))],
  ["resend-verification", screen(() => import("./screens/auth/ResendVerificationPage.tsx"))],
  ["billing-history", screen(() => import("./screens/billing/BillingHistoryPage.tsx"), "members")],
  ["*", screen(() => import("./screens/NotFoundPage.tsx"))],
]

const home = screen(() => import("./screens/home/HomePage.tsx"))

/** The site: every page in the frame; an error of the frame itself shows the error page alone. */
export const SiteRoutes = () => (
  <ErrorBoundary FallbackComponent={RouteErrorPage}>
    <Routes>
      <Route element={<Layout />}>
        <Route index element={home} />
        {pages.map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Route>
    </Routes>
  </ErrorBoundary>
)
