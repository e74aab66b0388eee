import { Clock, Effect, Schema } from "effect"
import {
  actOnLineArtRequest,
  lineArtRequestQueue,
} from "../../../domain/perks/line-art-requests.use-case.ts"
import { latestPremiumPages, setPremiumPage } from "../../../domain/perks/premium-pages.use-case.ts"
import { isoWeekOf, isoWeekWindow } from "../../../domain/perks/premium-week.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import { badRequest } from "../http-errors.ts"
import {
  AdminLineArtRequestBody,
  AdminPremiumPageBody,
  AdminPremiumPagesBody,
  presentAdminLineArtRequest,
  presentAdminPremiumPage,
} from "../perk.schema.ts"
import { ok, route } from "../route.ts"
import { Id, IdParams } from "../schemas.ts"
import { actor } from "./admin-shared.ts"
import { Line, Paragraphs } from "./shared.ts"

/**
 * The dashboard's side of the tier perks (issue 19): the weekly premium page's upload, and the
 * queue of custom line art requests with accept, decline (with a reason) and fulfil (with the
 * contest scheduled with that page).
 */

const WEEK_MS = 7 * 86_400_000

export const adminPerkRoutes = [
  route({
    method: "GET",
    path: "/api/admin/premium-pages",
    tag: "admin",
    summary:
      "The premium pages of the latest 12 weeks, newest first, with the current and next ISO week (Monday 00:00 UTC)",
    access: "admin",
    okBody: AdminPremiumPagesBody,
    handler: () =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const pages = yield* latestPremiumPages(12)
        return ok({
          currentWeek: isoWeekOf(now),
          nextWeek: isoWeekOf((isoWeekWindow(isoWeekOf(now))?.startsAt ?? now) + WEEK_MS),
          pages: pages.map(presentAdminPremiumPage),
        })
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/premium-pages",
    tag: "admin",
    summary:
      "Sets a week's premium line art page, as multipart/form-data: `week` (ISO week, 2026-W48), `title`, `image` (the page: PNG; JPEG, WebP and AVIF are turned into PNG) and optionally `pdf` (its print version), each at most 10 MB. A second upload for a week replaces it",
    access: "admin",
    okBody: AdminPremiumPageBody,
    body: Schema.Struct({
      week: Line(16),
      title: Line(200),
      image: Schema.optional(Schema.Uint8Array),
      pdf: Schema.optional(Schema.Uint8Array),
    }),
    responses: {
      413: "PAYLOAD_TOO_LARGE: a file over 10 MB",
      415: "UNSUPPORTED_IMAGE: not an image or PDF we accept (the message says why)",
    },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        if (!body.image) {
          return yield* Effect.die(
            badRequest('image: send the page as a multipart/form-data file field "image" (PNG)'),
          )
        }
        const images = yield* ImageStore
        const stored = yield* images.store(body.image, "line-art", { printPdf: body.pdf })
        const { page } = yield* setPremiumPage(
          { week: body.week, title: body.title, lineArt: stored.key },
          yield* actor(caller),
        ).pipe(Effect.onError(() => images.remove(stored.key)))
        return ok(presentAdminPremiumPage(page))
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/line-art-requests",
    tag: "admin",
    summary:
      "Custom line art requests, oldest first, with the member: those waiting (open, accepted) by default, every one with include=all",
    access: "admin",
    okBody: Schema.Array(AdminLineArtRequestBody),
    query: Schema.Struct({ include: Schema.optional(Schema.Literals(["waiting", "all"])) }),
    handler: ({ query }) =>
      Effect.map(lineArtRequestQueue(query.include ?? "waiting"), (queue) =>
        ok(queue.map(presentAdminLineArtRequest)),
      ),
  }),
  route({
    method: "POST",
    path: "/api/admin/line-art-requests/:id/accept",
    tag: "admin",
    summary: "Accepts an open custom line art request; the member is mailed",
    access: "admin",
    okBody: AdminLineArtRequestBody,
    params: IdParams,
    responses: { 404: "No such request" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const request = yield* actOnLineArtRequest(
          params.id,
          { kind: "accept" },
          yield* actor(caller),
        )
        return ok(presentAdminLineArtRequest({ request, member: null }))
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/line-art-requests/:id/decline",
    tag: "admin",
    summary:
      "Declines an open or accepted request with a reason (at most 500 characters), which the member is mailed",
    access: "admin",
    okBody: AdminLineArtRequestBody,
    params: IdParams,
    body: Schema.Struct({ reason: Paragraphs(1000) }),
    responses: { 404: "No such request" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const request = yield* actOnLineArtRequest(
          params.id,
          { kind: "decline", reason: body.reason },
          yield* actor(caller),
        )
        return ok(presentAdminLineArtRequest({ request, member: null }))
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/line-art-requests/:id/fulfil",
    tag: "admin",
    summary:
      "Fulfils an open or accepted request with the contest scheduled with its page (contestId); the member is mailed the contest",
    access: "admin",
    okBody: AdminLineArtRequestBody,
    params: IdParams,
    body: Schema.Struct({ contestId: Id }),
    responses: { 404: "No such request, or no such contest" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const request = yield* actOnLineArtRequest(
          params.id,
          { kind: "fulfil", contestId: body.contestId },
          yield* actor(caller),
        )
        return ok(presentAdminLineArtRequest({ request, member: null }))
      }),
  }),
]
