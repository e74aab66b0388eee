import type { ComponentType } from "react"
import type { RouteObject } from "react-router-dom"
import { SessionProvider } from "../../web/src/session/session.tsx"
import { useT } from "../../ui/src/i18n.tsx"
import { Spinner } from "../../ui/src/states.tsx"
import { AdminGate } from "./access/AdminGate.tsx"
import { AdminLayout } from "./layout/AdminLayout.tsx"
import type { AdminRouteHandle } from "./layout/admin-title.ts"
import AdminErrorPage from "./screens/AdminErrorPage.tsx"

/** The router's base: every path below is under /admin. */
export const BASENAME = "/admin"

/** Each section is its own chunk, loaded when it is first opened. */
const section = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
})

/** The section a route is (its message id), which titles the tab (useAdminTitle). */
const named = (title: string): AdminRouteHandle => ({ title })

/** Shown while a section's code loads; a component, so it reads the active language. */
const Loading = () => {
  const t = useT()
  return <Spinner label={t("admin.layout.loading")} />
}

/** The session first; then the dashboard, only for an admin (AdminGate). */
const Root = () => (
  <SessionProvider>
    <AdminGate>
      <AdminLayout />
    </AdminGate>
  </SessionProvider>
)

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <AdminErrorPage />,
    HydrateFallback: Loading,
    children: [
      {
        errorElement: <AdminErrorPage />,
        children: [
          {
            index: true,
            handle: named("admin.layout.title.overview"),
            lazy: section(() => import("./screens/overview/OverviewPage.tsx")),
          },
          {
            path: "contests",
            handle: named("admin.layout.title.contests"),
            lazy: section(() => import("./screens/contests/ContestsPage.tsx")),
          },
          {
            path: "contests/:id",
            handle: named("admin.layout.title.contest"),
            lazy: section(() => import("./screens/contests/ContestPage.tsx")),
          },
          {
            path: "calendar",
            handle: named("admin.layout.title.calendar"),
            lazy: section(() => import("./screens/calendar/CalendarPage.tsx")),
          },
          {
            path: "drawings",
            handle: named("admin.layout.title.drawings"),
            lazy: section(() => import("./screens/drawings/DrawingsPage.tsx")),
          },
          {
            path: "premium-pages",
            handle: named("admin.layout.title.premiumPages"),
            lazy: section(() => import("./screens/perks/PremiumPagesPage.tsx")),
          },
          {
            path: "line-art-requests",
            handle: named("admin.layout.title.lineArtRequests"),
            lazy: section(() => import("./screens/perks/LineArtRequestsPage.tsx")),
          },
          {
            path: "spotlight",
            handle: named("admin.layout.title.spotlight"),
            lazy: section(() => import("./screens/spotlight/SpotlightPage.tsx")),
          },
          {
            path: "settings",
            handle: named("admin.layout.title.settings"),
            lazy: section(() => import("./screens/settings/SettingsPage.tsx")),
          },
          {
            path: "members",
            handle: named("admin.layout.title.members"),
            lazy: section(() => import("./screens/members/MembersPage.tsx")),
          },
          {
            path: "members/:id",
            handle: named("admin.layout.title.member"),
            lazy: section(() => import("./screens/members/MemberPage.tsx")),
          },
          {
            path: "badges",
            handle: named("admin.layout.title.badges"),
            lazy: section(() => import("./screens/badges/BadgesPage.tsx")),
          },
          {
            path: "messages",
            handle: named("admin.layout.title.messages"),
            lazy: section(() => import("./screens/messages/MessagesPage.tsx")),
          },
          {
            path: "analytics",
            handle: named("admin.layout.title.analytics"),
            lazy: section(() => import("./screens/analytics/AnalyticsPage.tsx")),
          },
          {
            path: "audit",
            handle: named("admin.layout.title.audit"),
            lazy: section(() => import("./screens/audit/AuditPage.tsx")),
          },
          {
            path: "*",
            handle: named("admin.layout.title.notFound"),
            lazy: section(() => import("./screens/AdminNotFoundPage.tsx")),
          },
        ],
      },
    ],
  },
]
