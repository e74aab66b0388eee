import { configure, screen } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { afterEach, beforeAll, vi } from "vitest"
import type { ArchiveItem, Contest, GalleryPage } from "../../api/types.ts"
import { entries } from "../../entries/entry-fixtures.ts"
import { server } from "../../test/server.ts"
import { contestAnswer } from "../../test/answers.ts"

/* What the home page's tests share: the hooks, a contest, the server's answers, the contest card. */

/** Call once at the top of a home page test file. */
export const prepareHomePage = () => {
  // jsdom has no object URLs (the photo preview, the downloaded blob).
  beforeAll(() => {
    // The first render loads the lazy route: give a busy machine more than the default second.
    configure({ asyncUtilTimeout: 5000 })
    URL.createObjectURL = vi.fn(() => "blob:preview")
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => vi.clearAllMocks())
}

export const HOUR = 3_600_000

export const aContest = (overrides: Partial<Contest> = {}): Contest =>
  contestAnswer({
    id: "c0000000-0000-4000-8000-000000000001",
    title: "Owl at Midnight",
    description: "A wise owl on a moonlit branch.",
    lineArt: "/images/line-art/owl.png",
    contestType: "daily",
    artStyle: "traditional",
    startsAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    endsAt: new Date(Date.now() + 5 * HOUR).toISOString(),
    status: "active",
    countdown: { label: "Remaining", text: "05:00:00" },
    createdAt: "2026-11-01T00:00:00.000Z",
    result: null,
    ...overrides,
  })

/** The calls every home page makes: the contest, its view, the last winner, the recent entries. */
export const homeAnswers = ({
  contest = aContest(),
  recent = { items: entries(3), nextCursor: null },
  latestWinner = null,
  earlyAccess = null,
}: {
  readonly contest?: Contest | null | (() => Response | Contest | null)
  readonly recent?: GalleryPage | (() => Response | GalleryPage)
  /** null: no contest announced yet (204). */
  readonly latestWinner?: ArchiveItem | null
  /** GET /api/early-access; null: outside any early-access window ("none"). */
  readonly earlyAccess?: Record<string, unknown> | null
} = {}) => {
  const views: string[] = []
  server.use(
    http.get("*/api/challenges/current-active", () => {
      const answer = typeof contest === "function" ? contest() : contest
      if (answer instanceof Response) return answer
      return answer === null ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(answer)
    }),
    http.post("*/api/challenges/:id/analytics/views", ({ params }) => {
      views.push(String(params.id))
      return new HttpResponse(null, { status: 204 })
    }),
    http.get("*/api/gallery", () => {
      const answer = typeof recent === "function" ? recent() : recent
      return answer instanceof Response ? answer : HttpResponse.json(answer)
    }),
    http.get("*/api/early-access", () =>
      HttpResponse.json(
        earlyAccess ?? {
          access: "none",
          unlockedBy: "Color Champ",
          opensAt: null,
          startsAt: null,
          challenge: null,
          downloads: null,
        },
      ),
    ),
    http.get("*/api/challenges/latest-winner", () =>
      latestWinner === null
        ? new HttpResponse(null, { status: 204 })
        : HttpResponse.json(latestWinner),
    ),
  )
  return { views }
}

export const contestCard = () => screen.findByRole("article", { name: "Owl at Midnight" })
