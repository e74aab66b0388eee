import { Effect, Option } from "effect"
import type { EntityManager } from "typeorm"
import type { Tier } from "../../domain/plans/plans.ts"
import {
  type OfflineSession,
  type OfflineSessionStatus,
  OfflineSessions,
} from "../payments/offline-sessions.ts"
import { Database, type DatabaseShape, isUniqueViolation } from "./database.ts"
import { type CheckoutSessionRow, CheckoutSessionTable } from "./billing-tables.ts"

/** The offline checkout's sessions on SQL (`checkout_sessions`). */

const toSession = (row: CheckoutSessionRow): OfflineSession => ({
  id: row.id,
  idempotencyKey: row.idempotencyKey,
  memberId: row.memberId,
  purchase:
    row.purchaseKind === "plan"
      ? { kind: "plan", tier: (row.tier ?? "free") as Tier }
      : { kind: "extra-entry" },
  amountCents: Number(row.amountCents),
  status: row.status as OfflineSessionStatus,
  returnUrl: row.returnUrl,
  cancelUrl: row.cancelUrl,
  createdAt: row.createdAt,
  completedAt: row.completedAt,
})

const fromSession = (session: OfflineSession): CheckoutSessionRow => ({
  id: session.id,
  idempotencyKey: session.idempotencyKey,
  memberId: session.memberId,
  purchaseKind: session.purchase.kind,
  tier: session.purchase.kind === "plan" ? session.purchase.tier : null,
  amountCents: session.amountCents,
  status: session.status,
  returnUrl: session.returnUrl,
  cancelUrl: session.cancelUrl,
  createdAt: session.createdAt,
  completedAt: session.completedAt,
})

const checkoutSessions = (db: DatabaseShape) => {
  const repo = (m: EntityManager) => m.getRepository<CheckoutSessionRow>(CheckoutSessionTable)
  const findBy = (where: { id: string } | { idempotencyKey: string }) =>
    db.run((m) =>
      repo(m)
        .findOneBy(where)
        .then((row) => Option.map(Option.fromNullishOr(row), toSession)),
    )
  return OfflineSessions.of({
    create: (session) =>
      db
        .attempt((m) => repo(m).insert(fromSession(session)))
        .pipe(
          Effect.as(session),
          Effect.catch((error) =>
            isUniqueViolation(error)
              ? Effect.flatMap(findBy({ idempotencyKey: session.idempotencyKey }), (found) =>
                  Option.match(found, {
                    onNone: () => Effect.die(error),
                    onSome: Effect.succeed,
                  }),
                )
              : Effect.die(error),
          ),
        ),
    find: (id) => findBy({ id }),
    complete: (id, status, at) =>
      Effect.flatMap(
        db.run((m) => repo(m).update({ id, status: "open" }, { status, completedAt: at })),
        () => findBy({ id }),
      ),
  })
}

export const makeCheckoutSessionRepository = Effect.gen(function* () {
  return checkoutSessions(yield* Database)
})
