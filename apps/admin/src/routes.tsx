import type { ComponentType } from "react"
import type { RouteObject } from "react-router-dom"
import { SessionProvider } from "../../web/src/session/session.tsx"
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

/** The section a route is, which titles the tab (useAdminTitle). */
const named = (title: string): AdminRouteHandle => ({ title })

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
    HydrateFallback: () => <Spinner label="Loading…" />,
    children: [
      {
        errorElement: <AdminErrorPage />,
        children: [
          {
            index: true,
            handle: named("Overview"),
            lazy: section(() => import("./screens/overview/OverviewPage.tsx")),
          },
          {
            path: "contests",
            handle: named("Contests"),
            lazy: section(() => import("./screens/contests/ContestsPage.tsx")),
          },
          {
            path: "contests/:id",
            handle: named("Contest"),
            lazy: section(() => import("./screens/contests/ContestPage.tsx")),
          },
          {
            path: "calendar",
            handle: named("Calendar"),
            lazy: section(() => import("./screens/calendar/CalendarPage.tsx")),
          },
          {
            path: "drawings",
            handle: named("Drawings"),
            lazy: section(() => import("./screens/drawings/DrawingsPage.tsx")),
          },
          {
            path: "premium-pages",
            handle: named("Premium pages"),
            lazy: section(() => import("./screens/perks/PremiumPagesPage.tsx")),
          },
          {
            path: "line-art-requests",
            handle: named("Line art requests"),
            lazy: section(() => import("./screens/perks/LineArtRequestsPage.tsx")),
          },
          {
            path: "spotlight",
            handle: named("Spotlight"),
            lazy: section(() => import("./screens/spotlight/SpotlightPage.tsx")),
          },
          {
            path: "settings",
            handle: named("Settings"),
            lazy: section(() => import("./screens/settings/SettingsPage.tsx")),
          },
          {
            path: "members",
            handle: named("Members"),
            lazy: section(() => import("./screens/members/MembersPage.tsx")),
          },
          {
            path: "members/:id",
            handle: named("Member"),
            lazy: section(() => import("./screens/members/MemberPage.tsx")),
          },
          {
            path: "badges",
            handle: named("Badges"),
            lazy: section(() => import("./screens/badges/BadgesPage.tsx")),
          },
          {
            path: "messages",
            handle: named("Messages"),
            lazy: section(() => import("./screens/messages/MessagesPage.tsx")),
          },
          {
            path: "analytics",
            handle: named("Analytics"),
            lazy: section(() => import("./screens/analytics/AnalyticsPage.tsx")),
          },
          {
            path: "audit",
            handle: named("Audit log"),
            lazy: section(() => import("./screens/audit/AuditPage.tsx")),
          },
          {
            path: "*",
            handle: named("Page not found"),
            lazy: section(() => import("./screens/AdminNotFoundPage.tsx")),
          },
        ],
      },
    ],
  },
]
