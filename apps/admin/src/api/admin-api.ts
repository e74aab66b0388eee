import { visitorTimeZone } from "../../../web/src/api/api.ts"
import { ApiError, call, errorOf, siteUrl, uploadTo } from "../../../web/src/api/http.ts"
import type { RequestBody } from "../../../api-client/request-body.ts"
import { translate } from "../../../ui/src/i18n.tsx"
import type {
  AuditFilters,
  BackfillLine,
  BadgeId,
  ContestChanges,
  ContestStatus,
  MessageStatus,
  ModerationAction,
  NewContest,
  PageQuery,
  ScheduleContest,
} from "./admin-types.ts"

/** The admin's IANA time zone: "today", the calendar and daily figures are the admin's days. */
export const adminTimeZone = visitorTimeZone

/** The backfill answers its progress as NDJSON, a refusal as JSON. */
const BACKFILL_ACCEPT = ["application/x-ndjson", "application/json"].join(", ")

/** One page of a list, 25 rows unless told. */
export const PAGE_SIZE = 25

const page = (query: PageQuery) => ({ cursor: query.cursor, limit: query.limit ?? PAGE_SIZE })

/**
 * Reads an NDJSON response line by line as it arrives: each complete line is parsed and handed
 * to `onLine`; a line that is not JSON is an error (the stream is broken, not merely slow).
 */
export const readNdjson = async <T>(
  body: ReadableStream<Uint8Array>,
  onLine: (line: T) => void,
): Promise<void> => {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffered = ""
  const emit = (text: string) => {
    const line = text.trim()
    if (line === "") return
    let parsed: T
    try {
      parsed = JSON.parse(line) as T
    } catch {
      throw new ApiError(0, "BAD_STREAM", translate("admin.common.error.notJson", { line }), line)
    }
    onLine(parsed)
  }
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    buffered += decoder.decode(value, { stream: true })
    const lines = buffered.split("\n")
    buffered = lines.pop() ?? ""
    lines.forEach(emit)
  }
  emit(buffered + decoder.decode())
}

/**
 * Every call the dashboard makes (GET/POST /api/admin/*), one function each, by the server's
 * documented path (`call`), so each answer is typed by its route's response Schema. The server
 * refuses them to anyone but an admin (401 visitor, 403 member), whatever this app shows.
 */
export const adminApi = {
  // Overview
  overview: () => call("GET", "/api/admin/overview", { query: { tz: adminTimeZone() } }),

  // Contests
  contests: (query: PageQuery & { readonly status?: ContestStatus | undefined } = {}) =>
    call("GET", "/api/admin/contests", {
      query: { status: query.status, ...page(query) },
    }),
  /** One contest (the public route: any status, cancelled ones too). */
  contest: (contestId: string) =>
    call("GET", "/api/challenges/{id}", { params: { id: contestId } }),
  createContest: (contest: NewContest) => call("POST", "/api/admin/contests", { body: contest }),
  scheduleContest: (schedule: ScheduleContest) =>
    call("POST", "/api/admin/contests/schedule", { body: schedule }),
  updateContest: (contestId: string, changes: ContestChanges) =>
    call("PUT", "/api/admin/contests/{id}", { params: { id: contestId }, body: changes }),
  cancelContest: (contestId: string, reason: string) =>
    call("POST", "/api/admin/contests/{id}/cancel", {
      params: { id: contestId },
      body: { reason },
    }),
  /** Multipart `image` and/or `pdf`, with the upload's real progress (0–100). */
  uploadLineArt: (
    contestId: string,
    files: { readonly image?: File | undefined; readonly pdf?: File | undefined },
    onProgress: (percent: number) => void,
  ) => {
    const form = new FormData()
    if (files.image) form.append("image", files.image)
    if (files.pdf) form.append("pdf", files.pdf)
    return uploadTo("/api/admin/contests/{id}/line-art", { id: contestId }, form, onProgress)
  },
  calendar: (days = 30) =>
    call("GET", "/api/admin/calendar", { query: { days, tz: adminTimeZone() } }),

  // Settings
  /** The daily default prize (null when none is set). */
  defaultPrize: () => call("GET", "/api/admin/settings/default-prize"),
  setDefaultPrize: (prize: RequestBody<"/api/admin/settings/default-prize", "put">["prize"]) =>
    call("PUT", "/api/admin/settings/default-prize", { body: { prize } }),

  // Moderation
  contestEntries: (contestId: string, query: PageQuery = {}) =>
    call("GET", "/api/admin/contests/{id}/entries", {
      params: { id: contestId },
      query: page(query),
    }),
  moderate: (entryId: string, action: ModerationAction, reason?: string) =>
    call("POST", "/api/admin/entries/{id}/moderation", {
      params: { id: entryId },
      body: action === "restore" ? { action } : { action, reason },
    }),

  // Results
  closeContest: (contestId: string) =>
    call("POST", "/api/admin/contests/{id}/close", { params: { id: contestId } }),
  ranking: (contestId: string) =>
    call("GET", "/api/admin/contests/{id}/ranking", { params: { id: contestId } }),
  announceContest: (contestId: string) =>
    call("POST", "/api/admin/contests/{id}/announce", { params: { id: contestId } }),

  // Drawings
  /** Every monthly drawing, newest month first (the public list: all an admin needs). */
  drawings: () => call("GET", "/api/drawings"),
  /** Draws a closed month's committed drawings now; one already drawn is answered as it is. */
  drawMonth: (month: string) =>
    call("POST", "/api/admin/drawings/{month}/draw", { params: { month } }),
  markDrawingPaid: (drawingId: string) =>
    call("POST", "/api/admin/drawings/{id}/paid", { params: { id: drawingId } }),

  // The home page's Spotlight (issue 19)
  /** Spotlights upcoming, showing and ended in the last 30 days, latest start first. */
  spotlights: () => call("GET", "/api/admin/spotlights"),
  /** Features an entry from `startsAt` to `endsAt` (ISO 8601); Pro and Champ entries only. */
  featureEntry: (entryId: string, startsAt: string, endsAt: string) =>
    call("POST", "/api/admin/spotlights", { body: { entryId, startsAt, endsAt } }),
  removeSpotlight: (spotlightId: string) =>
    call("DELETE", "/api/admin/spotlights/{id}", { params: { id: spotlightId } }),

  // Tier perks (issue 19)
  /** The latest weeks' premium pages, with the current and the next ISO week. */
  premiumPages: () => call("GET", "/api/admin/premium-pages"),
  /** Sets a week's premium page (multipart: the fields before the files). */
  uploadPremiumPage: (week: string, title: string, image: File, pdf: File | null) => {
    const form = new FormData()
    form.set("week", week)
    form.set("title", title)
    form.set("image", image)
    if (pdf) form.set("pdf", pdf)
    return uploadTo("/api/admin/premium-pages", {}, form, () => {})
  },
  lineArtRequests: (include: "waiting" | "all") =>
    call("GET", "/api/admin/line-art-requests", { query: { include } }),
  acceptLineArtRequest: (requestId: string) =>
    call("POST", "/api/admin/line-art-requests/{id}/accept", { params: { id: requestId } }),
  declineLineArtRequest: (requestId: string, reason: string) =>
    call("POST", "/api/admin/line-art-requests/{id}/decline", {
      params: { id: requestId },
      body: { reason },
    }),
  fulfilLineArtRequest: (requestId: string, contestId: string) =>
    call("POST", "/api/admin/line-art-requests/{id}/fulfil", {
      params: { id: requestId },
      body: { contestId },
    }),

  // Members
  members: (query: PageQuery & { readonly q?: string | undefined } = {}) =>
    call("GET", "/api/admin/members", {
      query: { q: query.q, ...page(query) },
    }),
  member: (memberId: string) =>
    call("GET", "/api/admin/members/{id}", { params: { id: memberId } }),
  setAdmin: (memberId: string, isAdmin: boolean) =>
    call("POST", "/api/admin/members/{id}/admin", { params: { id: memberId }, body: { isAdmin } }),
  /** Gives or takes the judge role (professional feedback on Color Champ members' entries). */
  setJudge: (memberId: string, isJudge: boolean) =>
    call("POST", "/api/admin/members/{id}/judge", { params: { id: memberId }, body: { isJudge } }),
  setSuspended: (memberId: string, suspended: boolean, reason?: string) =>
    call("POST", "/api/admin/members/{id}/suspension", {
      params: { id: memberId },
      body: reason ? { suspended, reason } : { suspended },
    }),

  // Badges
  grantBadge: (memberId: string, badgeId: BadgeId) =>
    call("POST", "/api/admin/badges/grant", { body: { memberId, badgeId } }),
  /** Runs the backfill; each NDJSON line is handed to `onLine` as it arrives. */
  backfillBadges: async (onLine: (line: BackfillLine) => void): Promise<void> => {
    let response: Response
    try {
      response = await fetch(siteUrl("/api/admin/badges/backfill"), {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: BACKFILL_ACCEPT },
      })
    } catch {
      throw new ApiError(0, "NETWORK", translate("admin.common.error.network"), null)
    }
    if (!response.ok) {
      const text = await response.text()
      let body: unknown = text
      try {
        body = JSON.parse(text) as unknown
      } catch {
        // Not JSON: the text itself is the best message there is.
      }
      throw errorOf(response.status, body, translate("admin.common.error.backfillNotStarted"))
    }
    if (!response.body)
      throw new ApiError(0, "BAD_STREAM", translate("admin.common.error.noProgress"), null)
    await readNdjson(response.body, onLine)
  },

  // Messages
  messages: (query: PageQuery & { readonly status: MessageStatus }) =>
    call("GET", "/api/admin/messages", {
      query: { status: query.status, ...page(query) },
    }),
  setHandled: (messageId: string, handled: boolean) =>
    call("POST", "/api/admin/messages/{id}/handled", {
      params: { id: messageId },
      body: { handled },
    }),
  reply: (messageId: string, subject: string, body: string) =>
    call("POST", "/api/admin/messages/{id}/reply", {
      params: { id: messageId },
      body: { subject, body },
    }),

  // Analytics
  contestAnalytics: (contestId: string) =>
    call("GET", "/api/admin/analytics/contests/{id}", {
      params: { id: contestId },
      query: { tz: adminTimeZone() },
    }),
  analytics: (from: string, to: string) =>
    call("GET", "/api/admin/analytics", {
      query: { from, to, tz: adminTimeZone() },
    }),

  // Audit log
  audit: (filters: AuditFilters, query: PageQuery = {}) =>
    call("GET", "/api/admin/audit", {
      query: {
        actor: filters.actor,
        action: filters.action,
        targetType: filters.targetType,
        targetId: filters.targetId,
        from: filters.from,
        to: filters.to,
        tz: filters.from || filters.to ? adminTimeZone() : undefined,
        ...page(query),
      },
    }),
}
