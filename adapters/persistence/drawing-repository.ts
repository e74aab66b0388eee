import { Effect, Option } from "effect"
import {
  DRAWING_TIERS,
  type Drawing,
  type DrawingStatus,
  type FreeEntry,
  type PaidTier,
} from "../../domain/drawings/drawing.entity.ts"
import { DrawingRepository } from "../../domain/drawings/drawing.port.ts"
import { DELETED_ACCOUNT_EMAIL_SUFFIX } from "../../domain/drawings/eligibility.ts"
import { type MemberRow, MemberTable } from "./account-tables.ts"
import { Database, isUniqueViolation } from "./database.ts"
import {
  type DrawingEntryRow,
  DrawingEntryTable,
  type DrawingRow,
  DrawingTable,
} from "./drawing-tables.ts"

const toDrawing = (row: DrawingRow): Drawing => ({
  id: row.id,
  month: row.month,
  tier: row.tier as PaidTier,
  prizeCents: Number(row.prizeCents),
  status: row.status as DrawingStatus,
  commitment: row.commitment,
  seed: row.seed,
  entrants: row.entrants === null ? null : (JSON.parse(row.entrants) as Array<string>),
  listHash: row.listHash,
  winnerId: row.winnerId,
  committedAt: Number(row.committedAt),
  drawnAt: row.drawnAt === null ? null : Number(row.drawnAt),
  paidAt: row.paidAt === null ? null : Number(row.paidAt),
})

const toRow = (drawing: Drawing): DrawingRow => ({
  ...drawing,
  entrants: drawing.entrants === null ? null : JSON.stringify(drawing.entrants),
})

const tierOrder = (tier: PaidTier) => DRAWING_TIERS.indexOf(tier)

/** Inserts a row; false when a unique key says it is there already. */
const insertOnce = (attempt: Effect.Effect<unknown, unknown>) =>
  attempt.pipe(
    Effect.as(true),
    Effect.catch((error) => (isUniqueViolation(error) ? Effect.succeed(false) : Effect.die(error))),
  )

/**
 * Drawings in `drawings` (unique month and tier) and free entries in `drawing_entries` (keyed by
 * member and month): the keys make a second commit or a second free entry a no-op, and the
 * draw's conditional UPDATE makes a second draw one.
 */
export const makeDrawingRepository = Effect.gen(function* () {
  const db = yield* Database
  const drawings = (m: Parameters<Parameters<typeof db.run>[0]>[0]) =>
    m.getRepository<DrawingRow>(DrawingTable)
  return DrawingRepository.of({
    create: (drawing) => insertOnce(db.attempt((m) => drawings(m).insert(toRow(drawing)))),
    find: (month, tier) =>
      db
        .run((m) => drawings(m).findOneBy({ month, tier }))
        .pipe(Effect.map((row) => Option.map(Option.fromNullishOr(row), toDrawing))),
    findById: (id) =>
      db
        .run((m) => drawings(m).findOneBy({ id }))
        .pipe(Effect.map((row) => Option.map(Option.fromNullishOr(row), toDrawing))),
    list: db
      .run((m) => drawings(m).find({ order: { month: "DESC" } }))
      .pipe(
        Effect.map((rows) =>
          rows
            .map(toDrawing)
            .sort((a, b) =>
              a.month === b.month
                ? tierOrder(a.tier) - tierOrder(b.tier)
                : a.month < b.month
                  ? 1
                  : -1,
            ),
        ),
      ),
    recordDraw: (id, outcome) =>
      db
        .run((m) =>
          m
            .createQueryBuilder()
            .update(DrawingTable)
            .set({
              status: "drawn",
              entrants: JSON.stringify(outcome.entrants),
              listHash: outcome.listHash,
              winnerId: outcome.winnerId,
              drawnAt: outcome.drawnAt,
            })
            .where("id = :id AND status = 'committed'", { id })
            .execute(),
        )
        .pipe(Effect.map((result) => (result.affected ?? 0) > 0)),
    markPaid: (id, at) =>
      db
        .run((m) =>
          m
            .createQueryBuilder()
            .update(DrawingTable)
            .set({ status: "paid", paidAt: at })
            .where("id = :id AND status = 'drawn'", { id })
            .execute(),
        )
        .pipe(Effect.map((result) => (result.affected ?? 0) > 0)),
    addFreeEntry: (entry) =>
      insertOnce(
        db.attempt((m) => m.getRepository<DrawingEntryRow>(DrawingEntryTable).insert(entry)),
      ),
    findFreeEntry: (memberId, month) =>
      db
        .run((m) =>
          m.getRepository<DrawingEntryRow>(DrawingEntryTable).findOneBy({ memberId, month }),
        )
        .pipe(
          Effect.map((row) =>
            Option.map(Option.fromNullishOr(row), (found): FreeEntry => ({
              ...found,
              requestedAt: Number(found.requestedAt),
            })),
          ),
        ),
    freeEntrants: (month) =>
      db
        .run((m) =>
          m
            .getRepository<DrawingEntryRow>(DrawingEntryTable)
            .find({ where: { month }, select: { memberId: true } }),
        )
        .pipe(Effect.map((rows) => rows.map((row) => row.memberId))),
    barredMembers: db
      .run((m) =>
        m
          .getRepository<MemberRow>(MemberTable)
          .createQueryBuilder("m")
          .select(["m.id"])
          .where("m.suspendedAt IS NOT NULL")
          .orWhere("m.email LIKE :deleted", { deleted: `%${DELETED_ACCOUNT_EMAIL_SUFFIX}` })
          .getMany(),
      )
      .pipe(Effect.map((rows) => rows.map((row) => row.id))),
    freeEntriesOf: (memberId) =>
      db
        .run((m) =>
          m
            .getRepository<DrawingEntryRow>(DrawingEntryTable)
            .find({ where: { memberId }, order: { month: "DESC" } }),
        )
        .pipe(
          Effect.map((rows) =>
            rows.map((row) => ({
              memberId: row.memberId,
              month: row.month,
              requestedAt: Number(row.requestedAt),
            })),
          ),
        ),
  })
})
