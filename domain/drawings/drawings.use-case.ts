import { Clock, Effect, Option } from "effect"
import { mailLanguageOf } from "../accounts/mail-language.ts"
import { MemberRepository } from "../accounts/member.port.ts"
import { type Actor, audit } from "../admin/audit.ts"
import { PLANS } from "../plans/plans.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { NotFound, ValidationFailed } from "../shared/errors.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { commitmentOf, drawWinner, newSeed, type Verification, verifyDraw } from "./draw-rules.ts"
import {
  DRAWING_TIERS,
  type Drawing,
  FREE_ROUTE_TIER,
  isMonth,
  monthEnd,
  monthOf,
  monthStart,
  type PaidTier,
  previousMonth,
} from "./drawing.entity.ts"
import { DrawingRepository } from "./drawing.port.ts"
import { entrantsOf } from "./eligibility.ts"

/**
 * The monthly drawings: committed before the month's entries close, drawn once after it ends,
 * paid out by an admin. Each step and its audit row are one transaction; the winner's mail is
 * queued in the draw's transaction (the outbox sends it after the commit).
 */

const target = (drawing: Drawing) => ({ type: "drawing" as const, id: drawing.id })

/** What the audit log keeps of a drawing: every published value, never the seed before the draw. */
export const drawingSnapshot = (drawing: Drawing) => ({
  month: drawing.month,
  tier: drawing.tier,
  prizeCents: drawing.prizeCents,
  status: drawing.status,
  commitment: drawing.commitment,
  seed: drawing.status === "committed" ? null : drawing.seed,
  entrants: drawing.entrants?.length ?? null,
  listHash: drawing.listHash,
  winnerId: drawing.winnerId,
})

const invalidMonth = (month: string) =>
  new ValidationFailed({
    issues: [
      {
        field: "month",
        title: "Invalid month",
        message: `The month must be written YYYY-MM (e.g. 2026-11), got "${month}"`,
      },
    ],
  })

const checkMonth = (month: string) =>
  isMonth(month) ? Effect.succeed(month) : Effect.fail(invalidMonth(month))

/**
 * Commits each paid tier's drawing of `month`: a fresh secret seed, its SHA-256 published. A tier
 * already committed keeps its seed, so running it again changes nothing. A month that has ended
 * is refused: a seed chosen once the entrants are known would prove nothing.
 */
export const commitMonth = Effect.fn("commitMonth")(function* (month: string, actor: Actor = null) {
  yield* checkMonth(month)
  const now = yield* Clock.currentTimeMillis
  if (now >= monthEnd(month)) {
    return yield* new ValidationFailed({
      issues: [
        {
          field: "month",
          title: "Month already closed",
          message: `${month} has ended; its drawings can only be committed before its entries close`,
        },
      ],
    })
  }
  const drawings = yield* DrawingRepository
  const ids = yield* IdSource
  const committed: Array<Drawing> = []
  for (const tier of DRAWING_TIERS) {
    const existing = yield* drawings.find(month, tier)
    if (Option.isSome(existing)) {
      committed.push(existing.value)
      continue
    }
    const seed = newSeed()
    const drawing: Drawing = {
      id: yield* ids.newId,
      month,
      tier,
      prizeCents: PLANS[tier].drawingCents ?? 0,
      status: "committed",
      commitment: yield* Effect.promise(() => commitmentOf(seed)),
      seed,
      entrants: null,
      listHash: null,
      winnerId: null,
      committedAt: now,
      drawnAt: null,
      paidAt: null,
    }
    const created = yield* transactionally(
      Effect.gen(function* () {
        if (!(yield* drawings.create(drawing))) return false
        yield* audit(actor, "drawing.commit", target(drawing), null, drawingSnapshot(drawing))
        return true
      }),
    )
    const stored = created ? Option.some(drawing) : yield* drawings.find(month, tier)
    if (Option.isSome(stored)) committed.push(stored.value)
  }
  return committed
})

const drawTier = (month: string, tier: PaidTier, actor: Actor) =>
  transactionally(
    Effect.gen(function* () {
      const drawings = yield* DrawingRepository
      const found = yield* drawings.find(month, tier)
      if (Option.isNone(found)) {
        return yield* new ValidationFailed({
          issues: [
            {
              field: "month",
              title: "Drawing not committed",
              message: `The ${PLANS[tier].name} drawing of ${month} was never committed, so it cannot be drawn`,
            },
          ],
        })
      }
      const drawing = found.value
      if (drawing.status !== "committed") return { drawing, drawnNow: false }
      const periods = yield* (yield* SubscriptionRepository).periodsDuring(
        monthStart(month),
        monthEnd(month),
      )
      const free = tier === FREE_ROUTE_TIER ? yield* drawings.freeEntrants(month) : []
      const barred = yield* drawings.barredMembers
      const result = yield* Effect.promise(() =>
        drawWinner(drawing.seed, entrantsOf(tier, month, periods, free, barred)),
      )
      const drawnAt = yield* Clock.currentTimeMillis
      if (!(yield* drawings.recordDraw(drawing.id, { ...result, drawnAt }))) {
        // Another instance drew it first: its draw stands.
        const current = yield* drawings.findById(drawing.id)
        return { drawing: Option.getOrElse(current, () => drawing), drawnNow: false }
      }
      const drawn: Drawing = { ...drawing, ...result, status: "drawn", drawnAt }
      yield* audit(actor, "drawing.draw", target(drawn), drawingSnapshot(drawing), {
        ...drawingSnapshot(drawn),
        entrants: drawn.entrants,
      })
      if (result.winnerId !== null) {
        const winner = yield* (yield* MemberRepository).get(result.winnerId)
        yield* (yield* Mailer).send({
          kind: "drawing-won",
          to: winner.email,
          name: winner.firstName || winner.username,
          month,
          planName: PLANS[tier].name,
          prizeCents: drawing.prizeCents,
          entrants: result.entrants.length,
          language: yield* mailLanguageOf(winner.id),
        })
      }
      return { drawing: drawn, drawnNow: true }
    }),
  )

/**
 * Draws each paid tier's drawing of `month` once it has ended: the entrant list is fixed, the
 * seed revealed, the winner picked (draw-rules.ts) and mailed. Drawn ones are left as they are,
 * so it is safe to repeat and to run on two instances at once.
 */
export const drawMonth = Effect.fn("drawMonth")(function* (month: string, actor: Actor = null) {
  yield* checkMonth(month)
  const now = yield* Clock.currentTimeMillis
  if (now < monthEnd(month)) {
    return yield* new ValidationFailed({
      issues: [
        {
          field: "month",
          title: "Month still open",
          message: `${month} has not ended yet; its drawings can be drawn from ${new Date(monthEnd(month)).toISOString()}`,
        },
      ],
    })
  }
  const results: Array<{ readonly drawing: Drawing; readonly drawnNow: boolean }> = []
  for (const tier of DRAWING_TIERS) results.push(yield* drawTier(month, tier, actor))
  return results
})

/**
 * The scheduler's part (each tick, under its lease): commit the current month's drawings if they
 * are not yet, and draw the previous month's committed ones once it has closed. A month that was
 * never committed (the server was not running then) is left undrawn rather than drawn unproven.
 */
export const runMonthlyDrawings = Effect.fn("runMonthlyDrawings")(function* () {
  const now = yield* Clock.currentTimeMillis
  const drawings = yield* DrawingRepository
  const committed = yield* commitMonth(monthOf(now))
  const previous = previousMonth(monthOf(now))
  let drawn = 0
  for (const tier of DRAWING_TIERS) {
    const found = yield* drawings.find(previous, tier)
    if (Option.isNone(found) || found.value.status !== "committed") continue
    if ((yield* drawTier(previous, tier, null)).drawnNow) drawn += 1
  }
  return { committed: committed.length, drawn }
})

/** An admin marks a drawn drawing's prize as paid out to its winner. */
export const markDrawingPaid = Effect.fn("markDrawingPaid")(function* (id: string, actor: Actor) {
  return yield* transactionally(
    Effect.gen(function* () {
      const drawings = yield* DrawingRepository
      const found = yield* drawings.findById(id)
      if (Option.isNone(found)) return yield* new NotFound({ entity: "drawing", id })
      const drawing = found.value
      if (drawing.status === "paid") return drawing
      if (drawing.status !== "drawn" || drawing.winnerId === null) {
        return yield* new ValidationFailed({
          issues: [
            {
              field: "status",
              title: "Nothing to pay out",
              message:
                drawing.status === "committed"
                  ? "This drawing has not been drawn yet"
                  : "This drawing had no entrants, so it has no winner to pay",
            },
          ],
        })
      }
      const now = yield* Clock.currentTimeMillis
      yield* drawings.markPaid(id, now)
      const paid: Drawing = { ...drawing, status: "paid", paidAt: now }
      yield* audit(actor, "drawing.paid", target(paid), drawingSnapshot(drawing), {
        ...drawingSnapshot(paid),
      })
      return paid
    }),
  )
})

/** A drawing as anyone may see it: the seed and the list only once drawn, the winner's name. */
export interface PublicDrawing {
  readonly id: string
  readonly month: string
  readonly tier: PaidTier
  readonly planName: string
  readonly prizeCents: number
  readonly status: Drawing["status"]
  readonly commitment: string
  readonly seed: string | null
  readonly entrants: ReadonlyArray<MemberId> | null
  readonly listHash: string | null
  readonly winnerId: MemberId | null
  readonly winnerName: string | null
  readonly committedAt: number
  readonly drawnAt: number | null
  readonly paidAt: number | null
}

export const publicDrawing = (drawing: Drawing, winnerName: string | null): PublicDrawing => {
  const revealed = drawing.status !== "committed"
  return {
    id: drawing.id,
    month: drawing.month,
    tier: drawing.tier,
    planName: PLANS[drawing.tier].name,
    prizeCents: drawing.prizeCents,
    status: drawing.status,
    commitment: drawing.commitment,
    seed: revealed ? drawing.seed : null,
    entrants: revealed ? drawing.entrants : null,
    listHash: revealed ? drawing.listHash : null,
    winnerId: revealed ? drawing.winnerId : null,
    winnerName: revealed ? winnerName : null,
    committedAt: drawing.committedAt,
    drawnAt: drawing.drawnAt,
    paidAt: drawing.paidAt,
  }
}

/** Every drawing, newest month first, as published (a deleted winner shows as "a former member"). */
export const listDrawings = Effect.fn("listDrawings")(function* () {
  const members = yield* MemberRepository
  const all = yield* (yield* DrawingRepository).list
  return yield* Effect.forEach(all, (drawing) =>
    drawing.winnerId === null || drawing.status === "committed"
      ? Effect.succeed(publicDrawing(drawing, null))
      : members.get(drawing.winnerId).pipe(
          Effect.map((winner) => publicDrawing(drawing, winner.username)),
          Effect.catchTag("NotFound", () =>
            Effect.succeed(publicDrawing(drawing, "a former member")),
          ),
        ),
  )
})

/**
 * Re-checks each drawn drawing of `month` from its stored, published values (draw-rules.ts
 * verifyDraw). A month with no drawn drawing is refused, since there is nothing to check.
 */
export const verifyMonth = Effect.fn("verifyMonth")(function* (month: string) {
  yield* checkMonth(month)
  const drawings = yield* DrawingRepository
  const checks: Array<{ readonly drawing: Drawing; readonly verification: Verification }> = []
  for (const tier of DRAWING_TIERS) {
    const found = yield* drawings.find(month, tier)
    if (Option.isNone(found) || found.value.status === "committed") continue
    const drawing = found.value
    const verification = yield* Effect.promise(() =>
      verifyDraw({
        commitment: drawing.commitment,
        seed: drawing.seed,
        entrants: drawing.entrants ?? [],
        listHash: drawing.listHash ?? "",
        winnerId: drawing.winnerId,
      }),
    )
    checks.push({ drawing, verification })
  }
  if (checks.length === 0) {
    return yield* new ValidationFailed({
      issues: [
        {
          field: "month",
          title: "Nothing drawn",
          message: `No drawing of ${month} has been drawn yet, so there is nothing to verify`,
        },
      ],
    })
  }
  return checks
})

/**
 * "No purchase necessary": a member asks for a free entry into this month's cheapest-tier
 * drawing, once a month. Asking again answers with the entry already made.
 */
export const requestFreeEntry = Effect.fn("requestFreeEntry")(function* (memberId: MemberId) {
  yield* (yield* MemberRepository).get(memberId)
  const drawings = yield* DrawingRepository
  const now = yield* Clock.currentTimeMillis
  const month = monthOf(now)
  const entry = { memberId, month, requestedAt: now }
  const created = yield* drawings.addFreeEntry(entry)
  const stored = created
    ? entry
    : Option.getOrElse(yield* drawings.findFreeEntry(memberId, month), () => entry)
  return { entry: stored, tier: FREE_ROUTE_TIER, created }
})
