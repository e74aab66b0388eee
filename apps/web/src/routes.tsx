import type { ComponentType } from "react"
import { Navigate, useLocation, type RouteObject } from "react-router-dom"
import { Layout } from "./layout/Layout.tsx"
import RouteErrorPage from "./screens/RouteErrorPage.tsx"
import { useSession } from "./session/session.tsx"
import { useT } from "../../ui/src/i18n.tsx"
import { Spinner } from "../../ui/src/states.tsx"

/** Each screen is its own chunk, loaded when its route is first opened. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
})

/** While a route's code or the session is on its way. */
const Loading = () => {
  const t = useT()
  return <Spinner label={t("ui.loading")} />
}

/** /profile and /billing-history: a visitor goes to / with the sign-in dialog, the origin remembered. */
const MembersOnly = ({ children }: { readonly children: React.ReactNode }) => {
  const { member } = useSession()
  const location = useLocation()
  if (member === undefined) return <Loading />
  if (member === null)
    return (
      <Navigate to="/?signin=true" replace state={{ from: location.pathname + location.search }} />
    )
  return children
}

const membersOnly = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const Component = (await load()).default
  return {
    Component: () => (
      <MembersOnly>
        <Component />
      </MembersOnly>
    ),
  }
}

/**
 * The site's pages, one flat list under the frame (issue 20): the router flattens and ranks every
 * route when it is created, during a phone's first load, and each level of nesting is one more
 * step for each page. A screen's error is shown inside the frame by its own errorElement (given
 * to each page below, where a pathless wrapper route used to hold it); the frame's own errors by
 * the root's.
 */
const pages: RouteObject[] = [
  { index: true, lazy: screen(() => import("./screens/home/HomePage.tsx")) },
  { path: "gallery", lazy: screen(() => import("./screens/gallery/GalleryPage.tsx")) },
  { path: "entries/:id", lazy: screen(() => import("./screens/entry/EntryPage.tsx")) },
  {
    path: "artists/:username",
    lazy: screen(() => import("./screens/artist/ArtistPage.tsx")),
  },
  { path: "profile", lazy: membersOnly(() => import("./screens/profile/ProfilePage.tsx")) },
  {
    path: "judging",
    lazy: membersOnly(() => import("./screens/judging/JudgingPage.tsx")),
  },
  {
    path: "leaderboard",
    lazy: screen(() => import("./screens/leaderboard/LeaderboardPage.tsx")),
  },
  { path: "contests", lazy: screen(() => import("./screens/contests/ContestsPage.tsx")) },
  {
    path: "contests/:id",
    lazy: screen(() => import("./screens/contests/ContestPage.tsx")),
  },
  { path: "rewards", lazy: screen(() => import("./screens/rewards/RewardsPage.tsx")) },
  {
    path: "rewards/drawings",
    lazy: screen(() => import("./screens/rewards/DrawingsPage.tsx")),
  },
  { path: "pricing", lazy: screen(() => import("./screens/pricing/PricingPage.tsx")) },
  { path: "about", lazy: screen(() => import("./screens/static/AboutPage.tsx")) },
  { path: "faq", lazy: screen(() => import("./screens/static/FaqPage.tsx")) },
  { path: "contact", lazy: screen(() => import("./screens/contact/ContactPage.tsx")) },
  { path: "terms", lazy: screen(() => import("./screens/static/TermsPage.tsx")) },
  { path: "privacy", lazy: screen(() => import("./screens/static/PrivacyPage.tsx")) },
  {
    path: "payment-success",
    lazy: screen(() => import("./screens/payment/PaymentSuccessPage.tsx")),
  },
  {
    path: "payment-cancel",
    lazy: screen(() => import("./screens/payment/PaymentCancelPage.tsx")),
  },
  {
    path: "forgot-password",
    lazy: screen(() => import("./screens/auth/ForgotPasswordPage.tsx")),
  },
  {
    path: "reset-password/:token?",
    lazy: screen(() => import("./screens/auth/ResetPasswordPage.tsx")),
  },
  {
    path: "verify-email/:token?",
    lazy: screen(() => import("./screens/auth/VerifyEmailPage.tsx")),
  },
  {
    path: "resend-verification",
    lazy: screen(() => import("./screens/auth/ResendVerificationPage.tsx")),
  },
  {
    path: "billing-history",
    lazy: membersOnly(() => import("./screens/billing/BillingHistoryPage.tsx")),
  },
  { path: "*", lazy: screen(() => import("./screens/NotFoundPage.tsx")) },
]

const screenError = <RouteErrorPage />

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: Loading,
    children: pages.map((page) => ({ ...page, errorElement: screenError })),
  },
]
