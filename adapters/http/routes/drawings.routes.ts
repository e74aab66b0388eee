import { Effect, Schema } from "effect"
import {
  drawMonth,
  listDrawings,
  markDrawingPaid,
  publicDrawing,
  requestFreeEntry,
} from "../../../domain/drawings/drawings.use-case.ts"
import {
  DrawingBody,
  DrawingListBody,
  DrawResultListBody,
  FreeEntryBody,
  presentDrawing,
} from "../drawing.schema.ts"
import { ok, route } from "../route.ts"
import { Id } from "../schemas.ts"
import { actor } from "./admin-shared.ts"
import { signedIn } from "./shared.ts"

/**
 * The monthly drawings (issue 19): the public list with everything needed to re-check a draw, the
 * members' free entry ("no purchase necessary"), and the admin's draw and pay-out.
 */

const Month = Schema.String.check(
  Schema.isPattern(/^\d{4}-(0[1-9]|1[0-2])$/, { message: "Expected a month written YYYY-MM" }),
)

/** Every drawing as published, the winners' usernames included. */
const published = Effect.map(listDrawings(), (all) => all.map(presentDrawing))

export const drawingRoutes = [
  route({
    method: "GET",
    path: "/api/drawings",
    tag: "drawings",
    summary:
      "The monthly drawings, newest month first: month, tier, prize, commitment (SHA-256 of the seed); once drawn also the seed, the entrant ids in draw order, their list hash and the winner",
    access: "public",
    etag: "public",
    okBody: DrawingListBody,
    handler: () => Effect.map(published, ok),
  }),
  route({
    method: "POST",
    path: "/api/drawings/free-entry",
    tag: "drawings",
    summary:
      "The signed-in member's free entry into this month's Color Lite drawing (no purchase necessary): one a month; asking again answers the same entry with created false",
    access: "member",
    okBody: FreeEntryBody,
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        const { entry, tier, created } = yield* requestFreeEntry(member.id)
        return ok({
          month: entry.month,
          tier,
          requestedAt: new Date(entry.requestedAt).toISOString(),
          created,
        })
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/drawings/:month/draw",
    tag: "admin",
    summary:
      "Draws the month's committed drawings now (the scheduler does it after the month closes); a drawing already drawn is answered as it is",
    access: "admin",
    params: Schema.Struct({ month: Month }),
    okBody: DrawResultListBody,
    responses: { 400: "A malformed month, a month not ended yet, or one never committed" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const results = yield* drawMonth(params.month, yield* actor(caller))
        const shown = yield* listDrawings()
        return ok(
          results.map(({ drawing, drawnNow }) => ({
            drawnNow,
            drawing: presentDrawing(
              shown.find((d) => d.id === drawing.id) ?? publicDrawing(drawing, null),
            ),
          })),
        )
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/drawings/:id/paid",
    tag: "admin",
    summary: "Marks a drawn drawing's prize as paid out to its winner (again: answered as it is)",
    access: "admin",
    params: Schema.Struct({ id: Id }),
    okBody: DrawingBody,
    responses: { 400: "Not drawn yet, or drawn with no winner", 404: "No such drawing" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const paid = yield* markDrawingPaid(params.id, yield* actor(caller))
        const shown = (yield* published).find((d) => d.id === paid.id)
        return ok(shown ?? presentDrawing(publicDrawing(paid, null)))
      }),
  }),
]
