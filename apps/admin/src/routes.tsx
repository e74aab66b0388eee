import type { ComponentType } from "react"
import type { RouteObject } from "react-router-dom"
import { SessionProvider } from "../../web/src/session/session.tsx"
import { Spinner } from "../../ui/src/states.tsx"
import { AdminGate } from "./access/AdminGate.tsx"
import { AdminLayout } from "./layout/AdminLayout.tsx"
import AdminErrorPage from "./screens/AdminErrorPage.tsx"

/** The router's base: every path below is under /admin. */
export const BASENAME = "/admin"

/** Each section is its own chunk, loaded when it is first opened. */
const section = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
})

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
          { index: true, lazy: section(() => import("./screens/overview/OverviewPage.tsx")) },
          {
            path: "contests",
            lazy: section(() => import("./screens/contests/ContestsPage.tsx")),
          },
          {
            path: "contests/:id",
            lazy: section(() => import("./screens/contests/ContestPage.tsx")),
          },
          {
            path: "calendar",
            lazy: section(() => import("./screens/calendar/CalendarPage.tsx")),
          },
          { path: "members", lazy: section(() => import("./screens/members/MembersPage.tsx")) },
          {
            path: "members/:id",
            lazy: section(() => import("./screens/members/MemberPage.tsx")),
          },
          { path: "badges", lazy: section(() => import("./screens/badges/BadgesPage.tsx")) },
          {
            path: "messages",
            lazy: section(() => import("./screens/messages/MessagesPage.tsx")),
          },
          {
            path: "analytics",
            lazy: section(() => import("./screens/analytics/AnalyticsPage.tsx")),
          },
          { path: "audit", lazy: section(() => import("./screens/audit/AuditPage.tsx")) },
          { path: "*", lazy: section(() => import("./screens/AdminNotFoundPage.tsx")) },
        ],
      },
    ],
  },
]
