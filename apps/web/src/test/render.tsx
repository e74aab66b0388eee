import { QueryClient } from "@tanstack/react-query"
import { render, type RenderResult } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { createMemoryRouter } from "react-router-dom"
import { App } from "../App.tsx"
import type { Member, SignedIn, Subscription } from "../api/types.ts"
import { routes } from "../routes.tsx"
import { server } from "./server.ts"
import { memberAnswer } from "./answers.ts"

/** Opens the real route tree at `path`, with a fresh cache, as a browser would. */
export const renderRoute = (
  path: string,
): RenderResult & { readonly router: ReturnType<typeof createMemoryRouter> } => {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  })
  return { ...render(<App router={router} queryClient={queryClient} />), router }
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
