import { Clock, Effect, Option } from "effect"
import {
  isOpenCheckout,
  type Payment,
  type PaymentStatus,
} from "../../domain/billing/payment.entity.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { type PlanPeriod, periodChange } from "../../domain/plans/plan-period.ts"
import { parseTier, type Tier } from "../../domain/plans/plans.ts"
import type { Subscription } from "../../domain/plans/subscription.entity.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import type { DatabaseShape } from "./database.ts"
import { rawTable } from "./raw-rows.ts"
import {
  type PaymentRow,
  PaymentTable,
  type PlanPeriodRow,
  PlanPeriodTable,
  type SubscriptionRow,
  SubscriptionTable,
} from "./billing-tables.ts"
import { upsert, keysetPage } from "./repository-support.ts"
import { IsNull } from "typeorm"

/** Subscriptions and the payment ledger, on SQL. */

const toSubscription = (row: SubscriptionRow): Subscription => ({
  memberId: row.memberId,
  tier: row.tier as Tier,
  remaining: Number(row.remaining),
  renewsAt: row.renewsAt,
})

const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  memberId: row.memberId,
  checkoutSessionId: row.checkoutSessionId,
  purchase:
    row.purchaseKind === "plan"
      ? { kind: "plan", tier: (row.tier ?? "free") as Tier }
      : { kind: "extra-entry" },
  amountCents: Number(row.amountCents),
  status: row.status as PaymentStatus,
  invoiceUrl: row.invoiceUrl,
  paymentMethod: row.paymentMethod,
  createdAt: row.createdAt,
  fulfilledAt: row.fulfilledAt,
  // Optional on the entity: present only when set, so rows read back equal rows written.
  ...(row.expiresAt === null ? {} : { expiresAt: row.expiresAt }),
  ...(row.contestId === null ? {} : { contestId: row.contestId }),
})

const fromPayment = (payment: Payment): PaymentRow => ({
  id: payment.id,
  memberId: payment.memberId,
  checkoutSessionId: payment.checkoutSessionId,
  purchaseKind: payment.purchase.kind,
  tier: payment.purchase.kind === "plan" ? payment.purchase.tier : null,
  amountCents: payment.amountCents,
  status: payment.status,
  invoiceUrl: payment.invoiceUrl,
  paymentMethod: payment.paymentMethod,
  createdAt: payment.createdAt,
  fulfilledAt: payment.fulfilledAt,
  expiresAt: payment.expiresAt ?? null,
  contestId: payment.contestId ?? null,
})

const toPlanPeriod = (row: PlanPeriodRow): ReadonlyArray<PlanPeriod> => {
  const tier = parseTier(row.tier)
  return tier === undefined || tier === "free"
    ? []
    : [{ memberId: row.memberId, tier, from: row.startedAt, until: row.endedAt }]
}

export const subscriptions = (db: DatabaseShape) => {
  const find = (memberId: string, lock: boolean) =>
    Effect.flatMap(db.inTransaction, (inTransaction) =>
      db.run((m) => {
        const qb = m
          .getRepository<SubscriptionRow>(SubscriptionTable)
          .createQueryBuilder("s")
          .where("s.member_id = :memberId", { memberId })
        // SQLite serialises writers already; MySQL holds the row until the transaction ends.
        if (lock && inTransaction && db.dialect === "mysql") qb.setLock("pessimistic_write")
        return qb.getOne().then((row) => Option.map(Option.fromNullishOr(row), toSubscription))
      }),
    )
  const table = rawTable(SubscriptionTable, db.dialect)
  const byMember = `SELECT ${table.columns("s")} FROM ${table.name} s WHERE s.member_id = ?`
  return SubscriptionRepository.of({
    // Read on every vote (its weight): one raw statement, synchronous on SQLite.
    find: (memberId) =>
      Effect.map(
        Effect.orDie(db.sql<Array<Record<string, unknown>>>(byMember, [memberId])),
        ([raw]) => Option.map(Option.fromNullishOr(raw), (row) => toSubscription(table.row(row))),
      ),
    lock: (memberId) => find(memberId, true),
    save: (subscription) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        db.run(async (m) => {
          const periods = m.getRepository<PlanPeriodRow>(PlanPeriodTable)
          const { memberId } = subscription
          // Older rows may spell a tier "Pro": the period is the plan's, however it is written.
          const tier = parseTier(subscription.tier) ?? "free"
          const open = await periods.findOneBy({ memberId, endedAt: IsNull() })
          const current = open ? toPlanPeriod(open)[0] : undefined
          const change = periodChange(current, memberId, tier, now)
          // An open row whose tier no longer reads as a paid tier is ended as any other change.
          if (open && (change.end || current === undefined)) {
            await periods.update({ id: open.id }, { endedAt: now })
          }
          if (change.open !== null) {
            await periods.insert({
              id: crypto.randomUUID(),
              memberId,
              tier: change.open.tier,
              startedAt: now,
              endedAt: null,
            })
          }
          await upsert(m, SubscriptionTable, subscription, ["memberId"])
        }),
      ),
    periodsOf: (memberId) =>
      db.run((m) =>
        m
          .getRepository<PlanPeriodRow>(PlanPeriodTable)
          .find({ where: { memberId }, order: { startedAt: "DESC" } })
          .then((rows) => rows.flatMap(toPlanPeriod)),
      ),
    periodsDuring: (from, until) =>
      db.run((m) =>
        m
          .getRepository<PlanPeriodRow>(PlanPeriodTable)
          .createQueryBuilder("p")
          .where("p.started_at < :until", { until })
          .andWhere("(p.ended_at IS NULL OR (p.ended_at > :from AND p.ended_at > p.started_at))", {
            from,
          })
          .orderBy("p.member_id", "ASC")
          .addOrderBy("p.started_at", "ASC")
          .getMany()
          .then((rows) => rows.flatMap(toPlanPeriod)),
      ),
    dueForRenewal: (now, afterMemberId, limit) =>
      db.run((m) => {
        const qb = m
          .getRepository<SubscriptionRow>(SubscriptionTable)
          .createQueryBuilder("s")
          .where("s.renews_at <= :now", { now })
        if (afterMemberId !== null) qb.andWhere("s.member_id > :after", { after: afterMemberId })
        return qb
          .orderBy("s.member_id", "ASC")
          .take(limit)
          .getMany()
          .then((rows) => rows.map(toSubscription))
      }),
  })
}

export const payments = (db: DatabaseShape) => {
  const find = (checkoutSessionId: string, lock: boolean) =>
    Effect.flatMap(db.inTransaction, (inTransaction) =>
      db.run((m) => {
        const qb = m
          .getRepository<PaymentRow>(PaymentTable)
          .createQueryBuilder("p")
          .where("p.checkout_session_id = :checkoutSessionId", { checkoutSessionId })
        // As for subscriptions: SQLite serialises writers; MySQL holds the row (FOR UPDATE).
        if (lock && inTransaction && db.dialect === "mysql") qb.setLock("pessimistic_write")
        return qb.getOne().then((row) => Option.map(Option.fromNullishOr(row), toPayment))
      }),
    )
  return PaymentLedger.of({
    save: (payment) =>
      db.run((m) => upsert(m, PaymentTable, fromPayment(payment), ["checkoutSessionId"])),
    findByCheckoutSession: (checkoutSessionId) => find(checkoutSessionId, false),
    findById: (id) =>
      db.run((m) =>
        m
          .getRepository<PaymentRow>(PaymentTable)
          .findOneBy({ id })
          .then((row) => Option.map(Option.fromNullishOr(row), toPayment)),
      ),
    lock: (checkoutSessionId) => find(checkoutSessionId, true),
    openCheckoutsOf: (memberId, now) =>
      db.run((m) =>
        m
          .getRepository<PaymentRow>(PaymentTable)
          .createQueryBuilder("p")
          .where("p.member_id = :memberId", { memberId })
          .andWhere("p.status = 'pending'")
          .andWhere("p.fulfilled_at IS NULL")
          .andWhere("(p.expires_at IS NULL OR p.expires_at > :now)", { now })
          .orderBy("p.created_at", "DESC")
          .addOrderBy("p.id", "DESC")
          .getMany()
          .then((rows) => rows.map(toPayment).filter((payment) => isOpenCheckout(payment, now))),
      ),
    historyOf: (memberId, cursor, limit) =>
      db.run((m) =>
        keysetPage(
          m
            .getRepository<PaymentRow>(PaymentTable)
            .createQueryBuilder("p")
            .where("p.member_id = :memberId", { memberId }),
          "p",
          { column: "created_at", property: "createdAt", direction: "DESC" },
          cursor,
          limit,
          toPayment,
        ),
      ),
  })
}
