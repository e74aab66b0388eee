import { QueryClient } from "@tanstack/react-query"
import { act, render, type RenderResult } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { StrictMode } from "react"
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type NavigationType,
  type To,
} from "react-router-dom"
import { App } from "../App.tsx"
import type { Member, SignedIn, Subscription } from "../api/types.ts"
import { SiteRoutes } from "../routes.tsx"
import { server } from "./server.ts"
import { memberAnswer } from "./answers.ts"

/** The site's router as a test drives it: where it is, and a link or Back followed. */
export interface SiteRouter {
  /** Where it is, and how it got there (PUSH, REPLACE or POP). */
  readonly state: { readonly location: Location; readonly historyAction: NavigationType }
  /** Goes to `to`, or `to` steps through the history (-1 is Back), as the reader would. */
  navigate(to: To | number): Promise<void>
}

/**
 * Opens the real site at `entry` (a path, or a path with the history entry's state), with a fresh
 * cache, as a browser would: the app's shell and routes in a memory router. `strict` renders it
 * under StrictMode, as main.tsx does.
 */
export const renderRoute = (
  entry: InitialEntry,
  { strict = false }: { readonly strict?: boolean } = {},
): RenderResult & { readonly router: SiteRouter } => {
  const seen: { location?: Location; action?: NavigationType; navigate?: NavigateFunction } = {}
  const Probe = () => {
    seen.location = useLocation()
    seen.action = useNavigationType()
    seen.navigate = useNavigate()
    return null
  }
  const router: SiteRouter = {
    get state() {
      if (!seen.location || !seen.action) throw new Error("the site has not rendered yet")
      return { location: seen.location, historyAction: seen.action }
    },
    navigate: (to) =>
      act(async () => {
        if (!seen.navigate) throw new Error("the site has not rendered yet")
        await (typeof to === "number" ? seen.navigate(to) : seen.navigate(to))
      }),
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  })
  const site = (
    <App queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <SiteRoutes />
        <Probe />
      </MemoryRouter>
    </App>
  )
  return { ...render(strict ? <StrictMode>{site}</StrictMode> : site), router }
}

export const aMember = (overrides: Partial<Member> = {}): Member =>
  memberAnswer({
    id: "11111111-1111-4111-8111-111111111111",
    username: "ada",
    email: "ada@example.com",
    pendingEmail: null,
    firstName: "Ada",
    lastName: "Lovelace",
    isAdmin: false,
    isJudge: false,
    emailVerified: true,
    bio: "",
    location: "",
    website: "",
    avatarUrl: null,
    createdDate: "2026-03-04T10:00:00.000Z",
    ...overrides,
  })

export const aSubscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  tier: "free",
  remaining_submissions: 2,
  unlimited: false,
  renews_at: "2026-12-01T00:00:00.000Z",
  ...overrides,
})

/** GET /api/session answers as a visitor (401) or as the given member. */
export const signedInAs = (member: Member | null, subscription: Subscription = aSubscription()) =>
  server.use(
    http.get("*/api/session", () =>
      member === null
        ? HttpResponse.json(
            { code: "AUTHENTICATION_REQUIRED", message: "Please sign in first" },
            { status: 401 },
          )
        : HttpResponse.json({ user: member, subscription } satisfies SignedIn),
    ),
    // The member's quota as GET /api/subscription reads it: the session's (a test may answer
    // otherwise with a handler of its own).
    http.get("*/api/subscription", () =>
      member === null
        ? HttpResponse.json(
            { code: "AUTHENTICATION_REQUIRED", message: "Please sign in first" },
            { status: 401 },
          )
        : HttpResponse.json({ subscription }),
    ),
  )
