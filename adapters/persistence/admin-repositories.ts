import { Effect } from "effect"
import type { EntityManager } from "typeorm"
import {
  ACTIVITY_METRICS,
  type ActivityMetric,
  AdminInsights,
  type ContestTotals,
  type HourlyCount,
} from "../../domain/admin/admin-insights.port.ts"
import {
  AuditLog,
  type AuditRecord,
  type AuditTargetType,
} from "../../domain/admin/audit-log.port.ts"
import { decodeCursor, encodeCursor } from "../../domain/shared/paging.ts"
import { Database, type DatabaseShape } from "./database.ts"
import { MemberTable } from "./account-tables.ts"
import { type AuditLogRow, AuditLogTable } from "./audit-and-job-tables.ts"
import { SubscriptionTable } from "./billing-tables.ts"
import { EntryTable } from "./contest-tables.ts"

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json))

const toAuditRecord = (row: AuditLogRow): AuditRecord => ({
  id: String(row.id),
  actorId: row.actorId,
  action: row.action,
  targetType: row.targetType as AuditTargetType,
  targetId: row.targetId,
  before: parsed(row.before),
  after: parsed(row.after),
  at: Number(row.at),
})

const auditLog = (db: DatabaseShape) =>
  AuditLog.of({
    record: (record) =>
      db.run((m) =>
        m
          .getRepository<AuditLogRow>(AuditLogTable)
          .insert({
            actorId: record.actorId,
            action: record.action,
            targetType: record.targetType,
            targetId: record.targetId,
            before: record.before === null ? null : JSON.stringify(record.before),
            after: record.after === null ? null : JSON.stringify(record.after),
            at: record.at,
          })
          .then(() => undefined),
      ),
    // Newest first by id: rows are numbered as they are written, so id order is time order.
    page: (filter, cursor, limit) =>
      db.run(async (m) => {
        const qb = m
          .getRepository<AuditLogRow>(AuditLogTable)
          .createQueryBuilder("a")
          .where("1 = 1")
        if (filter.actorId !== undefined) qb.andWhere("a.actor_id = :actorId", filter)
        if (filter.actionPrefix !== undefined) {
          qb.andWhere("a.action LIKE :action ESCAPE '!'", {
            action: `${filter.actionPrefix.replace(/[!%_]/g, (char) => `!${char}`)}%`,
          })
        }
        if (filter.targetType !== undefined) qb.andWhere("a.target_type = :targetType", filter)
        if (filter.targetId !== undefined) qb.andWhere("a.target_id = :targetId", filter)
        if (filter.from !== undefined) qb.andWhere("a.at >= :from", filter)
        if (filter.to !== undefined) qb.andWhere("a.at < :to", filter)
        const after = cursor === null ? undefined : decodeCursor(cursor)
        if (typeof after === "number") qb.andWhere("a.id < :after", { after })
        const rows = await qb
          .orderBy("a.id", "DESC")
          .take(limit + 1)
          .getMany()
        const items = rows.slice(0, limit)
        const last = items.at(-1)
        return {
          items: items.map(toAuditRecord),
          nextCursor: rows.length > limit && last ? encodeCursor(Number(last.id)) : null,
        }
      }),
  })

const HOUR_MS = 3_600_000

/** One source of activity: a table, its time column, and its contest column if it has one. */
interface Source {
  readonly metric: ActivityMetric
  readonly sql: string
  readonly at: string
  readonly contest: string | null
}

const SOURCES: ReadonlyArray<Source> = [
  {
    metric: "views",
    sql: "contest_events WHERE metric = 'views'",
    at: "at",
    contest: "contest_id",
  },
  {
    metric: "downloads",
    sql: "contest_events WHERE metric = 'downloads'",
    at: "at",
    contest: "contest_id",
  },
  { metric: "entries", sql: "entries WHERE 1 = 1", at: "created_at", contest: "contest_id" },
  { metric: "votes", sql: "votes WHERE 1 = 1", at: "cast_at", contest: "contest_id" },
  { metric: "signUps", sql: "members WHERE 1 = 1", at: "created_at", contest: null },
  {
    // A conversion is a member's first paid plan.
    metric: "paidConversions",
    sql: "(SELECT member_id, MIN(created_at) AS first_paid FROM payments WHERE purchase_kind = 'plan' AND status = 'paid' GROUP BY member_id) conversions WHERE 1 = 1",
    at: "first_paid",
    contest: null,
  },
]

const hourly = async (
  m: EntityManager,
  source: Source,
  window: { readonly from: number; readonly to: number; readonly contestId?: string | undefined },
): Promise<ReadonlyArray<HourlyCount>> => {
  if (window.contestId !== undefined && source.contest === null) return []
  const bucket = `(${source.at} - (${source.at} % ${HOUR_MS}))`
  const params: Array<unknown> = [window.from, window.to]
  let sql = `SELECT ${bucket} AS bucket, COUNT(*) AS n FROM ${source.sql} AND ${source.at} >= ? AND ${source.at} < ?`
  if (window.contestId !== undefined) {
    sql += ` AND ${source.contest} = ?`
    params.push(window.contestId)
  }
  const rows: Array<{ bucket: string | number; n: string | number }> = await m.query(
    `${sql} GROUP BY ${bucket}`,
    params,
  )
  return rows.map((row) => ({
    metric: source.metric,
    hour: Number(row.bucket),
    count: Number(row.n),
  }))
}

const adminInsights = (db: DatabaseShape) =>
  AdminInsights.of({
    activity: (window) =>
      db.run(async (m) => {
        const counts: Array<HourlyCount> = []
        for (const source of SOURCES) counts.push(...(await hourly(m, source, window)))
        return counts.sort(
          (a, b) =>
            a.hour - b.hour ||
            ACTIVITY_METRICS.indexOf(a.metric) - ACTIVITY_METRICS.indexOf(b.metric),
        )
      }),
    contestTotals: (contestIds) =>
      db.run(async (m) => {
        const totals = new Map<string, ContestTotals>()
        if (contestIds.length === 0) return totals
        const rows: Array<{ contestId: string; entries: string | number; votes: string | number }> =
          await m
            .getRepository(EntryTable)
            .createQueryBuilder("e")
            .select("e.contest_id", "contestId")
            .addSelect("COUNT(*)", "entries")
            .addSelect("COALESCE(SUM(e.vote_count), 0)", "votes")
            .where("e.contest_id IN (:...contestIds)", { contestIds: [...contestIds] })
            .groupBy("e.contest_id")
            .getRawMany()
        for (const row of rows) {
          totals.set(row.contestId, { entries: Number(row.entries), votes: Number(row.votes) })
        }
        return totals
      }),
    memberCounts: db.run(async (m) => ({
      members: await m.getRepository(MemberTable).count(),
      paid: await m
        .getRepository(SubscriptionTable)
        .createQueryBuilder("s")
        .where("s.tier <> 'free'")
        .getCount(),
    })),
  })

/** The dashboard's repositories over the Database service. */
export const makeAdminRepositories = Effect.gen(function* () {
  const db = yield* Database
  return { auditLog: auditLog(db), insights: adminInsights(db) }
})
