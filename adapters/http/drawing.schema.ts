import { Schema } from "effect"
import { DRAWING_STATUSES, DRAWING_TIERS } from "../../domain/drawings/drawing.entity.ts"
import type { PublicDrawing } from "../../domain/drawings/drawings.use-case.ts"

/**
 * The monthly drawings as published (GET /api/drawings): the commitment from the start; the seed,
 * the entrant list (member ids, never e-mail addresses), its hash and the winner once drawn.
 * Instants are ISO 8601.
 */
export const DrawingBody = Schema.Struct({
  id: Schema.String,
  month: Schema.String,
  tier: Schema.Literals(DRAWING_TIERS),
  planName: Schema.String,
  prizeCents: Schema.Finite,
  status: Schema.Literals(DRAWING_STATUSES),
  commitment: Schema.String,
  seed: Schema.NullOr(Schema.String),
  entrants: Schema.NullOr(Schema.Array(Schema.String)),
  listHash: Schema.NullOr(Schema.String),
  winnerId: Schema.NullOr(Schema.String),
  winnerName: Schema.NullOr(Schema.String),
  committedAt: Schema.String,
  drawnAt: Schema.NullOr(Schema.String),
  paidAt: Schema.NullOr(Schema.String),
}).annotate({ identifier: "Drawing" })
export type DrawingBody = typeof DrawingBody.Type

export const DrawingListBody = Schema.Array(DrawingBody)

/** An admin's draw of a month: each tier's drawing, and whether this request drew it. */
export const DrawResultBody = Schema.Struct({
  drawnNow: Schema.Boolean,
  drawing: DrawingBody,
}).annotate({ identifier: "DrawResult" })

export const DrawResultListBody = Schema.Array(DrawResultBody)

/** A member's free entry of the month ("no purchase necessary"). */
export const FreeEntryBody = Schema.Struct({
  month: Schema.String,
  tier: Schema.Literals(DRAWING_TIERS),
  requestedAt: Schema.String,
  /** False when the member had asked already this month: the same entry is answered. */
  created: Schema.Boolean,
}).annotate({ identifier: "FreeEntry" })

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString())

export const presentDrawing = (drawing: PublicDrawing): DrawingBody => ({
  ...drawing,
  committedAt: new Date(drawing.committedAt).toISOString(),
  drawnAt: iso(drawing.drawnAt),
  paidAt: iso(drawing.paidAt),
})
