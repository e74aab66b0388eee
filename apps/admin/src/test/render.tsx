import { QueryClient } from "@tanstack/react-query"
import { render, type RenderResult } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { DEFAULT_SETTINGS } from "../../../../domain/accounts/member-settings.ts"
import { createMemoryRouter, RouterProvider } from "react-router-dom"
import { onTestFinished } from "vitest"
import type { Member } from "../../../web/src/api/types.ts"
import { aMember, signedInAs } from "../../../web/src/test/render.tsx"
import { server } from "../../../web/src/test/server.ts"
import type {
  AdminContest,
  AdminEntry,
  AdminMember,
  ContactMessage,
  Contest,
  Page,
} from "../api/admin-types.ts"
import { App as AdminApp } from "../../../web/src/App.tsx"
import { BASENAME, routes } from "../routes.tsx"
import { contestAnswer, entryAnswer, memberAnswer } from "../../../web/src/test/answers.ts"

export { aMember, aSubscription, signedInAs } from "../../../web/src/test/render.tsx"
export { server } from "../../../web/src/test/server.ts"

/**
 * Opens the dashboard's real route tree at `path` (under /admin, as the browser has it), with a
 * fresh cache.
 */
export const renderAdmin = (
  path = "/admin",
): RenderResult & {
  readonly router: ReturnType<typeof createMemoryRouter>
  readonly queryClient: QueryClient
} => {
  const router = createMemoryRouter(routes, { initialEntries: [path], basename: BASENAME })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  })
  return {
    ...render(
      <AdminApp queryClient={queryClient}>
        <RouterProvider router={router} />
      </AdminApp>,
    ),
    router,
    queryClient,
  }
}

/** Every request the page made to /api/admin/*, as "METHOD path?query". */
export const adminRequests = (): string[] => {
  const seen: string[] = []
  const listener = ({ request }: { readonly request: Request }) => {
    const url = new URL(request.url)
    if (url.pathname.startsWith("/api/admin"))
      seen.push(`${request.method} ${url.pathname}${url.search}`)
  }
  server.events.on("request:start", listener)
  onTestFinished(() => server.events.removeListener("request:start", listener))
  return seen
}

/** GET /api/session answers with an admin. */
export const signedInAsAdmin = (overrides: Partial<Member> = {}) => {
  const admin = aMember({
    id: "99999999-9999-4999-8999-999999999999",
    username: "root",
    isAdmin: true,
    ...overrides,
  })
  // The dashboard follows the admin's own language setting (AdminLayout): English unless a test says otherwise.
  server.use(
    http.get(`*/api/users/${admin.id}/settings`, () => HttpResponse.json(DEFAULT_SETTINGS)),
  )
  return signedInAs(admin)
}

/** A JSON error as the server sends it. */
export const refusal = (status: number, code: string, message: string, extra: object = {}) =>
  HttpResponse.json({ code, message, ...extra }, { status })

/** An answer that never comes until `release` is called: for loading states. */
export const held = () => {
  let release: () => void = () => {}
  const until = new Promise<void>((resolve) => (release = resolve))
  return { until, release: () => release() }
}

export const page = <T,>(items: ReadonlyArray<T>, nextCursor: string | null = null): Page<T> => ({
  items,
  nextCursor,
})

export const aContest = (overrides: Partial<Contest> = {}): Contest =>
  contestAnswer({
    id: "c1",
    title: "Owl at Midnight",
    description: "A barn owl on a branch under the moon.",
    lineArt: "/images/line-art/owl.png",
    contestType: "daily",
    artStyle: "Line art",
    startsAt: "2026-11-23T00:00:00.000Z",
    endsAt: "2026-11-24T00:00:00.000Z",
    status: "active",
    countdown: { label: "Remaining", text: "10h 4m" },
    createdAt: "2026-11-01T10:00:00.000Z",
    result: null,
    ...overrides,
  })

export const anAdminContest = (overrides: Partial<AdminContest> = {}): AdminContest => ({
  ...aContest(),
  entryCount: 12,
  voteCount: 340,
  ...overrides,
})

export const anAdminMember = (overrides: Partial<AdminMember> = {}): AdminMember =>
  memberAnswer({
    id: "22222222-2222-4222-8222-222222222222",
    username: "grace",
    email: "grace@example.com",
    pendingEmail: null,
    firstName: "Grace",
    lastName: "Hopper",
    isAdmin: false,
    isJudge: false,
    emailVerified: true,
    bio: "",
    location: "",
    website: "",
    avatarUrl: null,
    createdDate: "2026-10-04T10:00:00.000Z",
    suspendedAt: null,
    tier: "free",
    ...overrides,
  })

export const anAdminEntry = (overrides: Partial<AdminEntry> = {}): AdminEntry =>
  entryAnswer({
    id: "e1",
    userId: "22222222-2222-4222-8222-222222222222",
    username: "grace",
    challenge_id: "c1",
    imageUrl: "/images/entries/e1.jpg",
    thumbnailUrl: "/images/entries/e1.thumb.jpg",
    ageGroup: "adult",
    contestType: "daily",
    status: "submitted",
    voteCount: 7,
    weightedScore: 9.5,
    createdAt: "2026-11-23T08:00:00.000Z",
    placement: null,
    peoplesChoice: false,
    artistUsername: overrides.username ?? "grace",
    moderation: "visible",
    moderationReason: null,
    artistEmail: "grace@example.com",
    ...overrides,
  })

export const aMessage = (overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  id: "m1",
  name: "Alan Turing",
  email: "alan@example.com",
  subject: "Printing the line art",
  message: "The PDF prints too small on A4.",
  createdAt: "2026-11-22T09:30:00.000Z",
  handledAt: null,
  memberId: null,
  ...overrides,
})

/** What a screen reader says after a control's name: its hint and its error (aria-describedby). */
export const descriptionOf = (element: HTMLElement): string =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
