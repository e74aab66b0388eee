import { Effect, Option } from "effect"
import { Brackets, type EntityManager, In, type SelectQueryBuilder } from "typeorm"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { BadgeRepository } from "../../domain/badges/badge.port.ts"
import type { BadgeGrant, BadgeId } from "../../domain/badges/badges.ts"
import {
  isOpenCheckout,
  type Payment,
  type PaymentStatus,
} from "../../domain/billing/payment.entity.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import {
  CONTEST_METRICS,
  ContestAnalytics,
  type ContestCounts,
} from "../../domain/contests/contest-analytics.port.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import type { ContestStatus } from "../../domain/contests/contest-status.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import type { Subscription } from "../../domain/plans/subscription.entity.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { NotFound } from "../../domain/shared/errors.ts"
import { decodeCursor, encodeCursor, type Page } from "../../domain/shared/paging.ts"
import { Database, type DatabaseShape, isUniqueViolation } from "./database.ts"
import {
  BadgeGrantTable,
  type BadgeGrantRow,
  ContestEventTable,
  type ContestRow,
  ContestVisitTable,
  ContestTable,
  DownloadTable,
  type MemberRow,
  MemberTable,
  type PaymentRow,
  PaymentTable,
  type SubscriptionRow,
  SubscriptionTable,
} from "./tables.ts"
import { entries, votes } from "./entry-repositories.ts"

// ---------------------------------------------------------------------------------------------
// Rows <-> domain entities

const toMember = (row: MemberRow): Member => ({
  id: row.id,
  email: row.email,
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  dateOfBirth: row.dateOfBirth,
  passwordHash: row.passwordHash,
  emailVerifiedAt: row.emailVerifiedAt,
  pendingEmail: row.pendingEmail,
  isAdmin: Boolean(row.isAdmin),
  suspendedAt: row.suspendedAt,
  profile: {
    bio: row.bio,
    location: row.location,
    website: row.website,
    avatarUrl: row.avatarUrl,
  },
  createdAt: row.createdAt,
})

const fromMember = (member: Member): MemberRow => ({
  id: member.id,
  email: member.email,
  username: member.username,
  usernameKey: member.username.toLowerCase(),
  firstName: member.firstName,
  lastName: member.lastName,
  dateOfBirth: member.dateOfBirth,
  passwordHash: member.passwordHash,
  emailVerifiedAt: member.emailVerifiedAt,
  pendingEmail: member.pendingEmail,
  isAdmin: member.isAdmin,
  suspendedAt: member.suspendedAt,
  bio: member.profile.bio,
  location: member.profile.location,
  website: member.profile.website,
  avatarUrl: member.profile.avatarUrl,
  settings: null,
  createdAt: member.createdAt,
})

const toContest = (row: ContestRow): Contest => ({
  id: row.id,
  title: row.title,
  description: row.description,
  lineArt: row.lineArt,
  contestType: row.contestType,
  artStyle: row.artStyle,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  storedStatus: row.status,
  createdAt: row.createdAt,
  result:
    row.closedAt === null
      ? null
      : {
          closedAt: row.closedAt,
          winnerEntryId: row.winnerEntryId,
          winnerMemberId: row.winnerMemberId,
          winnerRawVotes: row.winnerRawVotes ?? 0,
          winnerWeightedScore: row.winnerWeightedScore ?? 0,
          peoplesChoiceEntryId: row.peoplesChoiceEntryId,
          peoplesChoiceMemberId: row.peoplesChoiceMemberId,
          totalEntries: row.totalEntries ?? 0,
          totalVotes: row.totalVotes ?? 0,
          podiumEntryIds: row.podiumEntryIds ? row.podiumEntryIds.split(",") : [],
        },
  announcedAt: row.announcedAt,
})

const fromContest = (contest: Contest): ContestRow => ({
  id: contest.id,
  title: contest.title,
  description: contest.description,
  lineArt: contest.lineArt,
  contestType: contest.contestType,
  artStyle: contest.artStyle,
  startsAt: contest.startsAt,
  endsAt: contest.endsAt,
  status: contest.storedStatus,
  createdAt: contest.createdAt,
  closedAt: contest.result?.closedAt ?? null,
  winnerEntryId: contest.result?.winnerEntryId ?? null,
  winnerMemberId: contest.result?.winnerMemberId ?? null,
  winnerRawVotes: contest.result?.winnerRawVotes ?? null,
  winnerWeightedScore: contest.result?.winnerWeightedScore ?? null,
  peoplesChoiceEntryId: contest.result?.peoplesChoiceEntryId ?? null,
  peoplesChoiceMemberId: contest.result?.peoplesChoiceMemberId ?? null,
  totalEntries: contest.result?.totalEntries ?? null,
  totalVotes: contest.result?.totalVotes ?? null,
  podiumEntryIds: contest.result ? contest.result.podiumEntryIds.join(",") : null,
  announcedAt: contest.announcedAt,
})

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

// ---------------------------------------------------------------------------------------------
// Shared query helpers

export const notFound = (entity: NotFound["entity"], id: string) => new NotFound({ entity, id })

/** Inserts or replaces a row by primary key, portable across SQLite and MySQL. */
export const upsert = async <T extends object>(
  manager: EntityManager,
  table: { options: { name: string } },
  row: T,
  key: ReadonlyArray<string>,
) => {
  await manager.getRepository<T>(table.options.name).upsert(row, {
    conflictPaths: [...key],
    skipUpdateIfNoValuesChanged: false,
  })
}

/** Keyset page over `qb` ordered by (sortColumn desc|asc, id same direction). */
export const keysetPage = async <Row extends { id: string }, A>(
  qb: SelectQueryBuilder<Row>,
  alias: string,
  order: {
    readonly column: string
    readonly property: keyof Row
    readonly direction: "ASC" | "DESC"
  },
  cursor: string | null,
  limit: number,
  map: (row: Row) => A,
): Promise<Page<A>> => {
  const after = cursor === null ? undefined : decodeCursor(cursor)
  if (Array.isArray(after) && after.length === 2) {
    const [value, id] = after as [unknown, unknown]
    const op = order.direction === "DESC" ? "<" : ">"
    qb.andWhere(
      new Brackets((where) => {
        where
          .where(`${alias}.${order.column} ${op} :cursorValue`, { cursorValue: value })
          .orWhere(`(${alias}.${order.column} = :cursorValue AND ${alias}.id ${op} :cursorId)`, {
            cursorId: id,
          })
      }),
    )
  }
  const rows = await qb
    .orderBy(`${alias}.${order.column}`, order.direction)
    .addOrderBy(`${alias}.id`, order.direction)
    .take(limit + 1)
    .getMany()
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items: items.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor([last[order.property], last.id]) : null,
  }
}

/** `text` as a LIKE pattern's literal part, with `!` as the escape character. */
const likeEscaped = (text: string) => text.replace(/[!%_]/g, (char) => `!${char}`)

/** The stored status as contestStatus reads it: trimmed, lower case, "" when none. */
export const storedStatus = (alias: string) => `LOWER(TRIM(COALESCE(${alias}.status, '')))`

/** Contests `c` whose status at :now (a parameter) is `status`, as contestStatus derives it. */
const whereStatus = (status: ContestStatus): string => {
  const live = `${storedStatus("c")} <> 'cancelled'`
  switch (status) {
    case "cancelled":
      return `${storedStatus("c")} = 'cancelled'`
    case "scheduled":
      return `${live} AND c.starts_at > :now`
    case "active":
      return `${live} AND c.starts_at <= :now AND c.ends_at > :now`
    case "ended":
      return `${live} AND c.ends_at <= :now AND ${storedStatus("c")} <> 'announced'`
    case "announced":
      return `${live} AND c.ends_at <= :now AND ${storedStatus("c")} = 'announced'`
  }
}

/** Case-insensitive "not cancelled", as a stored status may be written in any case. */
export const notCancelled = (alias: string) =>
  `(${alias}.status IS NULL OR LOWER(${alias}.status) <> 'cancelled')`

// ---------------------------------------------------------------------------------------------
// Repositories

const members = (db: DatabaseShape) =>
  MemberRepository.of({
    get: (id) =>
      Effect.flatMap(
        db.run((m) => m.getRepository<MemberRow>(MemberTable).findOneBy({ id })),
        (row) => (row ? Effect.succeed(toMember(row)) : Effect.fail(notFound("member", id))),
      ),
    findByEmail: (email) =>
      Effect.map(
        db.run((m) => m.getRepository<MemberRow>(MemberTable).findOneBy({ email })),
        (row) => Option.map(Option.fromNullishOr(row), toMember),
      ),
    findByUsername: (username) =>
      Effect.map(
        db.run((m) =>
          m
            .getRepository<MemberRow>(MemberTable)
            .findOneBy({ usernameKey: username.toLowerCase() }),
        ),
        (row) => Option.map(Option.fromNullishOr(row), toMember),
      ),
    save: (member) => db.run((m) => upsert(m, MemberTable, fromMember(member), ["id"])),
    search: (text, cursor, limit) =>
      db.run((m) => {
        const qb = m.getRepository<MemberRow>(MemberTable).createQueryBuilder("member")
        if (text !== "") {
          qb.where(
            new Brackets((where) => {
              for (const column of ["email", "username_key", "first_name", "last_name"]) {
                where.orWhere(`LOWER(member.${column}) LIKE :pattern ESCAPE '!'`)
              }
            }),
            { pattern: `%${likeEscaped(text.toLowerCase())}%` },
          )
        }
        return keysetPage(
          qb,
          "member",
          { column: "created_at", property: "createdAt", direction: "DESC" },
          cursor,
          limit,
          toMember,
        )
      }),
    count: db.run((m) => m.getRepository<MemberRow>(MemberTable).count()),
    page: (cursor, limit) =>
      db.run((m) => {
        const qb = m.getRepository<MemberRow>(MemberTable).createQueryBuilder("member")
        const after = cursor === null ? undefined : decodeCursor(cursor)
        if (typeof after === "string") qb.where("member.id > :after", { after })
        return qb
          .orderBy("member.id", "ASC")
          .take(limit + 1)
          .getMany()
          .then((rows) => {
            const items = rows.slice(0, limit)
            const last = items.at(-1)
            return {
              items: items.map(toMember),
              nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
            }
          })
      }),
  })

const contests = (db: DatabaseShape) => {
  const repo = (m: EntityManager) => m.getRepository<ContestRow>(ContestTable)
  return ContestRepository.of({
    get: (id) =>
      Effect.flatMap(
        db.run((m) => repo(m).findOneBy({ id })),
        (row) => (row ? Effect.succeed(toContest(row)) : Effect.fail(notFound("contest", id))),
      ),
    byIds: (ids) =>
      ids.length === 0
        ? Effect.succeed([])
        : db.run((m) =>
            repo(m)
              .findBy({ id: In([...new Set(ids)]) })
              .then((rows) => rows.map(toContest)),
          ),
    save: (contest) => db.run((m) => upsert(m, ContestTable, fromContest(contest), ["id"])),
    homeCandidates: (now) =>
      db.run(async (m) => {
        const live = () => repo(m).createQueryBuilder("c").where(notCancelled("c"))
        const inProgress = await live()
          .andWhere("c.starts_at <= :now AND c.ends_at > :now", { now })
          .orderBy("c.starts_at", "ASC")
          .take(10)
          .getMany()
        const upcoming = await live()
          .andWhere("c.starts_at > :now", { now })
          .orderBy("c.starts_at", "ASC")
          .take(1)
          .getMany()
        const recent = await live()
          .andWhere("c.ends_at <= :now", { now })
          .orderBy("c.ends_at", "DESC")
          .take(1)
          .getMany()
        return [...inProgress, ...upcoming, ...recent].map(toContest)
      }),
    overlapping: (window) =>
      db.run((m) =>
        repo(m)
          .createQueryBuilder("c")
          .where(notCancelled("c"))
          .andWhere("c.contest_type = :type", { type: window.contestType.trim().toLowerCase() })
          .andWhere("c.starts_at < :endsAt AND c.ends_at > :startsAt", window)
          .orderBy("c.starts_at", "ASC")
          .take(10)
          .getMany()
          .then((rows) => rows.map(toContest)),
      ),
    dueForClosing: (now, limit) =>
      db.run((m) =>
        repo(m)
          .createQueryBuilder("c")
          .where(notCancelled("c"))
          .andWhere("c.closed_at IS NULL AND c.ends_at <= :now", { now })
          .orderBy("c.ends_at", "ASC")
          .take(limit)
          .getMany()
          .then((rows) => rows.map(toContest)),
      ),
    closedInOrder: db.run((m) =>
      repo(m)
        .createQueryBuilder("c")
        .where("c.closed_at IS NOT NULL")
        .orderBy("c.ends_at", "ASC")
        .addOrderBy("c.id", "ASC")
        .getMany()
        .then((rows) => rows.map(toContest)),
    ),
    page: (cursor, limit) =>
      db.run((m) =>
        keysetPage(
          repo(m).createQueryBuilder("c"),
          "c",
          { column: "starts_at", property: "startsAt", direction: "DESC" },
          cursor,
          limit,
          toContest,
        ),
      ),
    list: (filter, cursor, limit) =>
      db.run((m) => {
        const qb = repo(m).createQueryBuilder("c")
        if (filter.status !== undefined) qb.where(whereStatus(filter.status), { now: filter.now })
        return keysetPage(
          qb,
          "c",
          { column: "starts_at", property: "startsAt", direction: "DESC" },
          cursor,
          limit,
          toContest,
        )
      }),
    past: (now, cursor, limit) =>
      db.run((m) =>
        keysetPage(
          repo(m)
            .createQueryBuilder("c")
            .where(notCancelled("c"))
            .andWhere("c.ends_at <= :now", { now }),
          "c",
          { column: "ends_at", property: "endsAt", direction: "DESC" },
          cursor,
          limit,
          toContest,
        ),
      ),
    between: (from, to) =>
      db.run((m) =>
        repo(m)
          .createQueryBuilder("c")
          .where("c.starts_at < :to AND c.ends_at > :from", { from, to })
          .orderBy("c.starts_at", "ASC")
          .addOrderBy("c.id", "ASC")
          .getMany()
          .then((rows) => rows.map(toContest)),
      ),
    winsOf: (memberId) => db.run((m) => repo(m).countBy({ winnerMemberId: memberId })),
  })
}

const analytics = (db: DatabaseShape) =>
  ContestAnalytics.of({
    recordDownload: (download) =>
      db.run((m) =>
        m
          .getRepository(DownloadTable)
          .insert(download)
          .then(() => undefined),
      ),
    recordEvent: (event) =>
      db.run((m) =>
        m
          .getRepository(ContestEventTable)
          .insert(event)
          .then(() => undefined),
      ),
    // The primary key decides: of any number of notes of one visit, one inserts.
    noteVisit: (visit) =>
      db
        .attempt((m) => m.getRepository(ContestVisitTable).insert({ ...visit }))
        .pipe(
          Effect.as(true),
          Effect.catch((error) =>
            isUniqueViolation(error) ? Effect.succeed(false) : Effect.die(error),
          ),
        ),
    forgetVisitsBefore: (day) =>
      db.run((m) =>
        m
          .getRepository(ContestVisitTable)
          .createQueryBuilder()
          .delete()
          .where("day < :day", { day })
          .execute()
          .then((result) => result.affected ?? 0),
      ),
    counts: (contestId) =>
      db.run(async (m) => {
        const rows: Array<{ metric: string; total: string | number }> = await m
          .getRepository(ContestEventTable)
          .createQueryBuilder("e")
          .select("e.metric", "metric")
          .addSelect("COUNT(*)", "total")
          .where("e.contest_id = :contestId", { contestId })
          .groupBy("e.metric")
          .getRawMany()
        const counts = Object.fromEntries(CONTEST_METRICS.map((metric) => [metric, 0])) as {
          -readonly [K in keyof ContestCounts]: number
        }
        for (const row of rows) {
          if ((CONTEST_METRICS as ReadonlyArray<string>).includes(row.metric)) {
            counts[row.metric as keyof ContestCounts] = Number(row.total)
          }
        }
        return counts
      }),
  })

const badges = (db: DatabaseShape) =>
  BadgeRepository.of({
    grant: (grant) =>
      db
        .attempt((m) => m.getRepository<BadgeGrantRow>(BadgeGrantTable).insert(grant))
        .pipe(
          Effect.as(true),
          Effect.catch((error) =>
            isUniqueViolation(error) ? Effect.succeed(false) : Effect.die(error),
          ),
        ),
    of: (memberId) =>
      db.run((m) =>
        m
          .getRepository<BadgeGrantRow>(BadgeGrantTable)
          .find({ where: { memberId }, order: { earnedAt: "ASC", badgeId: "ASC" } })
          .then((rows): ReadonlyArray<BadgeGrant> =>
            rows.map((row) => ({ ...row, badgeId: row.badgeId as BadgeId })),
          ),
      ),
  })

const subscriptions = (db: DatabaseShape) => {
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
  return SubscriptionRepository.of({
    find: (memberId) => find(memberId, false),
    lock: (memberId) => find(memberId, true),
    save: (subscription) => db.run((m) => upsert(m, SubscriptionTable, subscription, ["memberId"])),
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

const payments = (db: DatabaseShape) => {
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

/** Every repository port over the Database service. */
export const makeRepositories = Effect.gen(function* () {
  const db = yield* Database
  return {
    members: members(db),
    contests: contests(db),
    analytics: analytics(db),
    entries: entries(db),
    votes: votes(db),
    badges: badges(db),
    subscriptions: subscriptions(db),
    payments: payments(db),
  }
})
