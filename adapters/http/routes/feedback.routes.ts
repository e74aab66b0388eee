import { Clock, Effect, Schema } from "effect"
import {
  awaitingFeedback,
  entryFeedback,
  giveFeedback,
} from "../../../domain/feedback/feedback.use-case.ts"
import { FEEDBACK_MAX_LENGTH } from "../../../domain/feedback/feedback-rules.ts"
import {
  featureEntry,
  listSpotlights,
  removeSpotlight,
  spotlightRow,
} from "../../../domain/spotlight/spotlight.use-case.ts"
import {
  EntryFeedbackBody,
  GivenFeedbackBody,
  JudgingQueueBody,
  presentFeedback,
  presentSpotlight,
  SpotlightBody,
  SpotlightListBody,
} from "../feedback.schema.ts"
import { presentEntry } from "../presenters.ts"
import { created, noContent, ok, route } from "../route.ts"
import { Id, IdParams } from "../schemas.ts"
import { actor } from "./admin-shared.ts"
import { Paragraphs, signedIn } from "./shared.ts"

/**
 * Professional feedback and the Spotlight (issue 19). Judges are members with the judge role (or
 * admins); the domain refuses anyone else with 403 NOT_A_JUDGE, so these routes take any member.
 */

/** An instant written as ISO 8601 (with a zone, or UTC). */
const IsoInstant = Schema.String.check(
  Schema.isMaxLength(40),
  Schema.makeFilter(
    (text: string) => Number.isFinite(Date.parse(text)) || "Expected an ISO 8601 date and time",
  ),
)

export const feedbackRoutes = [
  route({
    method: "GET",
    path: "/api/judging/entries",
    tag: "feedback",
    summary:
      "The judges' queue: visible entries of Color Champ members that no judge has written feedback on yet, newest first (never the judge's own). Judges and admins only (403 NOT_A_JUDGE)",
    access: "member",
    okBody: JudgingQueueBody,
    responses: { 403: "NOT_A_JUDGE" },
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const queue = yield* awaitingFeedback(yield* signedIn(caller))
        return ok(
          queue.map(({ entry, contestTitle }) => ({ entry: presentEntry(entry), contestTitle })),
        )
      }),
  }),
  route({
    method: "GET",
    path: "/api/entries/:id/feedback",
    tag: "feedback",
    summary:
      "An entry's professional feedback, oldest first, and whether the signed-in member may write some. Only the entry's artist, judges and admins read it (403 FEEDBACK_PRIVATE)",
    access: "member",
    params: IdParams,
    okBody: EntryFeedbackBody,
    responses: { 403: "FEEDBACK_PRIVATE", 404: "No such entry" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const shown = yield* entryFeedback(params.id, yield* signedIn(caller))
        return ok({
          items: shown.items.map(presentFeedback),
          canWrite: shown.canWrite,
          offered: shown.offered,
        })
      }),
  }),
  route({
    method: "PUT",
    path: "/api/entries/:id/feedback",
    tag: "feedback",
    summary: `Writes the signed-in judge's feedback on a Color Champ member's entry (10 to ${FEEDBACK_MAX_LENGTH} characters), or rewrites their own. New feedback mails the entrant once; a rewrite does not`,
    access: "member",
    params: IdParams,
    body: Schema.Struct({ text: Paragraphs(2 * FEEDBACK_MAX_LENGTH) }),
    okBody: GivenFeedbackBody,
    responses: {
      403: "NOT_A_JUDGE, FEEDBACK_NOT_IN_PLAN (the artist is not on Color Champ) or OWN_ENTRY",
      404: "No such entry, or it is hidden",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const judge = yield* signedIn(caller)
        const given = yield* giveFeedback(judge, { entryId: params.id, text: body.text })
        return ok({
          created: given.created,
          feedback: presentFeedback({
            feedback: given.feedback,
            judgeName: judge.username,
            mine: true,
          }),
        })
      }),
  }),
  route({
    method: "GET",
    path: "/api/spotlight",
    tag: "spotlight",
    summary:
      "The home page's Spotlight row: entries featured now (started, not ended), latest start first; hidden or disqualified entries never",
    access: "public",
    okBody: SpotlightListBody,
    handler: () =>
      Effect.gen(function* () {
        const row = yield* spotlightRow()
        const now = yield* Clock.currentTimeMillis
        return ok(row.map((shown) => presentSpotlight(shown, now)))
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/spotlights",
    tag: "admin",
    summary: "Spotlights upcoming, showing, and ended in the last 30 days, latest start first",
    access: "admin",
    okBody: SpotlightListBody,
    handler: () =>
      Effect.gen(function* () {
        const { now, items } = yield* listSpotlights()
        return ok(items.map((shown) => presentSpotlight(shown, now)))
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/spotlights",
    tag: "admin",
    summary:
      "Features an entry in the home page's Spotlight from startsAt to endsAt. Only entries by Color Pro or Color Champ members (their plan when featured): else 409 SPOTLIGHT_NOT_IN_PLAN; a hidden entry 409 ENTRY_NOT_SHOWN",
    access: "admin",
    body: Schema.Struct({ entryId: Id, startsAt: IsoInstant, endsAt: IsoInstant }),
    okBody: SpotlightBody,
    okStatus: 201,
    responses: {
      404: "No such entry",
      409: "SPOTLIGHT_NOT_IN_PLAN or ENTRY_NOT_SHOWN",
    },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        const featured = yield* featureEntry(yield* actor(caller), {
          entryId: body.entryId,
          startsAt: Date.parse(body.startsAt),
          endsAt: Date.parse(body.endsAt),
        })
        return created(presentSpotlight(featured, yield* Clock.currentTimeMillis))
      }),
  }),
  route({
    method: "DELETE",
    path: "/api/admin/spotlights/:id",
    tag: "admin",
    summary: "Takes an entry out of the Spotlight",
    access: "admin",
    params: IdParams,
    responses: { 204: "Removed", 404: "No such spotlight" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        yield* removeSpotlight(yield* actor(caller), params.id)
        return noContent()
      }),
  }),
]
