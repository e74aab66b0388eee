import { Effect, Option } from "effect"
import { type EntityManager, IsNull, LessThanOrEqual } from "typeorm"
import type { MemberToken, TokenPurpose } from "../../domain/accounts/member-token.port.ts"
import { MemberTokenRepository } from "../../domain/accounts/member-token.port.ts"
import { MemberRecords } from "../../domain/accounts/member-records.port.ts"
import { settingsFrom } from "../../domain/accounts/member-settings.ts"
import { MemberSettingsRepository } from "../../domain/accounts/member-settings.port.ts"
import { SessionRepository } from "../../domain/accounts/session.port.ts"
import type { ContactMessage } from "../../domain/contact/contact-message.entity.ts"
import { NotFound } from "../../domain/shared/errors.ts"
import { ContactMessageRepository } from "../../domain/contact/contact.port.ts"
import type { MailKind } from "../../domain/shared/mailer.port.ts"
import { type OutboxMail, OutboxRepository } from "../mail/outbox.ts"
import { Database, type DatabaseShape } from "./database.ts"
import { toMember } from "./member-repository.ts"
import { rawTable } from "./raw-rows.ts"
import { keysetPage, upsert } from "./repository-support.ts"
import {
  MemberTable,
  MemberSettingsTable,
  type MemberTokenRow,
  MemberTokenTable,
  type SessionRow,
  SessionTable,
} from "./account-tables.ts"
import { type DownloadRow, DownloadTable, type VoteRow, VoteTable } from "./contest-tables.ts"
import {
  type ContactMessageRow,
  ContactMessageTable,
  type OutboxMailRow,
  OutboxMailTable,
} from "./mail-tables.ts"

/**
 * Sessions, link tokens, member settings, contact messages, the mail outbox, and what the
 * member's data export reads from other tables, on SQL.
 */

const toToken = (row: MemberTokenRow): MemberToken => ({
  tokenHash: row.tokenHash,
  memberId: row.memberId,
  purpose: row.purpose as TokenPurpose,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  usedAt: row.usedAt,
})

const toContactMessage = (row: ContactMessageRow): ContactMessage => ({ ...row })

const toOutboxMail = (row: OutboxMailRow): OutboxMail => ({
  id: row.id,
  kind: row.kind as MailKind | null,
  to: row.recipient,
  replyTo: row.replyTo,
  subject: row.subject,
  text: row.textBody,
  html: row.htmlBody,
  link: row.link,
  unsubscribeUrl: row.unsubscribeUrl,
  createdAt: row.createdAt,
  sentAt: row.sentAt,
  nextAttemptAt: row.nextAttemptAt,
  attempts: Number(row.attempts),
  lastError: row.lastError,
})

const fromOutboxMail = (mail: OutboxMail): OutboxMailRow => ({
  id: mail.id,
  kind: mail.kind,
  recipient: mail.to,
  replyTo: mail.replyTo,
  subject: mail.subject,
  textBody: mail.text,
  htmlBody: mail.html,
  link: mail.link,
  unsubscribeUrl: mail.unsubscribeUrl,
  createdAt: mail.createdAt,
  sentAt: mail.sentAt,
  nextAttemptAt: mail.nextAttemptAt,
  attempts: mail.attempts,
  lastError: mail.lastError,
})

const sessions = (db: DatabaseShape) => {
  const repo = (m: EntityManager) => m.getRepository<SessionRow>(SessionTable)
  // Every signed-in request reads its session: a prepared statement, not a TypeORM find.
  const table = rawTable(SessionTable, db.dialect)
  const byId = `SELECT ${table.columns("s")} FROM ${table.name} s WHERE s.id = ?`
  const members = rawTable(MemberTable, db.dialect)
  // The member's columns are prefixed (both tables have an id, a created_at); m.id is null when
  // the member's row is gone.
  const withMember =
    `SELECT ${table.columns("s")}, ${members.columns("m", "member.")} FROM ${table.name} s ` +
    `LEFT JOIN ${members.name} m ON m.id = s.member_id WHERE s.id = ?`
  const memberById = `SELECT ${members.columns("m")} FROM ${members.name} m WHERE m.id = ?`
  return SessionRepository.of({
    create: (session) =>
      db.run((m) =>
        repo(m)
          .insert(session)
          .then(() => undefined),
      ),
    find: (id) =>
      Effect.map(Effect.orDie(db.sql<Array<Record<string, unknown>>>(byId, [id])), ([raw]) =>
        Option.map(Option.fromNullishOr(raw), (found) => table.row(found)),
      ),
    // MySQL: the join, one round trip. SQLite: two single-row reads, synchronous, about 40 µs
    // together, where the join took about 230 µs a request under 'sqlite http vote' (traced per
    // statement; the same two index seeks, but each run of a join costs far more there).
    findWithMember: (id) =>
      db.dialect === "sqlite"
        ? Effect.flatMap(
            Effect.orDie(db.sql<Array<Record<string, unknown>>>(byId, [id])),
            ([raw]) => {
              if (!raw) return Effect.succeed(Option.none())
              const session = table.row(raw)
              return Effect.map(
                Effect.orDie(
                  db.sql<Array<Record<string, unknown>>>(memberById, [session.memberId]),
                ),
                ([member]) =>
                  Option.some({
                    session,
                    member: member ? toMember(members.row(member)) : null,
                  }),
              )
            },
          )
        : Effect.map(
            Effect.orDie(db.sql<Array<Record<string, unknown>>>(withMember, [id])),
            ([raw]) =>
              Option.map(Option.fromNullishOr(raw), (found) => ({
                session: table.row(found),
                member: found["member.id"] == null ? null : toMember(members.row(found, "member.")),
              })),
          ),
    touch: (id, lastSeenAt, expiresAt) =>
      db.run((m) =>
        repo(m)
          .update({ id }, { lastSeenAt, expiresAt })
          .then(() => undefined),
      ),
    delete: (id) =>
      db.run((m) =>
        repo(m)
          .delete({ id })
          .then(() => undefined),
      ),
    ofMember: (memberId) =>
      db.run((m) =>
        repo(m)
          .find({ where: { memberId }, order: { createdAt: "DESC", id: "DESC" } })
          .then((rows) => rows.map((row): SessionRow => ({ ...row }))),
      ),
    deleteAllOf: (memberId, exceptId) =>
      db.run((m) => {
        const qb = repo(m)
          .createQueryBuilder()
          .delete()
          .where("member_id = :memberId", { memberId })
        if (exceptId !== undefined) qb.andWhere("id <> :exceptId", { exceptId })
        return qb.execute().then(() => undefined)
      }),
  })
}

const memberTokens = (db: DatabaseShape) => {
  const repo = (m: EntityManager) => m.getRepository<MemberTokenRow>(MemberTokenTable)
  return MemberTokenRepository.of({
    save: (token) => db.run((m) => upsert(m, MemberTokenTable, { ...token }, ["tokenHash"])),
    find: (tokenHash) =>
      Effect.map(
        db.run((m) => repo(m).findOneBy({ tokenHash })),
        (row) => Option.map(Option.fromNullishOr(row), toToken),
      ),
    // A conditional update: of two racing uses, the database lets exactly one change the row.
    markUsed: (tokenHash, at) =>
      db.run((m) =>
        repo(m)
          .update({ tokenHash, usedAt: IsNull() }, { usedAt: at })
          .then((result) => (result.affected ?? 0) > 0),
      ),
    invalidateAll: (memberId, purpose, at) =>
      db.run((m) =>
        repo(m)
          .update({ memberId, purpose, usedAt: IsNull() }, { usedAt: at })
          .then(() => undefined),
      ),
  })
}

/** Settings as JSON text: unreadable text reads as the defaults (settingsFrom keeps what it can). */
const parseSettings = (text: string) => {
  try {
    return settingsFrom(JSON.parse(text))
  } catch {
    return settingsFrom({})
  }
}

const memberSettings = (db: DatabaseShape) => {
  // A signed-in member's gallery page and board read their settings (the time zone) each time:
  // a prepared statement, not a TypeORM find (about 8 % of a signed-in board's CPU).
  const table = rawTable(MemberSettingsTable, db.dialect)
  const byMember = `SELECT ${table.columns("s")} FROM ${table.name} s WHERE s.member_id = ?`
  return MemberSettingsRepository.of({
    find: (memberId) =>
      Effect.map(
        Effect.orDie(db.sql<Array<Record<string, unknown>>>(byMember, [memberId])),
        ([raw]) =>
          Option.map(Option.fromNullishOr(raw), (found) =>
            parseSettings(table.row(found).settings),
          ),
      ),
    save: (memberId, settings, at) =>
      db.run((m) =>
        upsert(
          m,
          MemberSettingsTable,
          { memberId, settings: JSON.stringify(settings), updatedAt: at },
          ["memberId"],
        ),
      ),
  })
}

const memberRecords = (db: DatabaseShape) =>
  MemberRecords.of({
    votesCastBy: (memberId) =>
      db.run((m) =>
        m
          .getRepository<VoteRow>(VoteTable)
          .find({ where: { voterId: memberId }, order: { castAt: "ASC", id: "ASC" } })
          .then((rows) => rows.map((row) => ({ ...row, weight: Number(row.weight) }))),
      ),
    downloadsOf: (memberId) =>
      db.run((m) =>
        m
          .getRepository<DownloadRow>(DownloadTable)
          .find({ where: { memberId }, order: { at: "ASC", id: "ASC" } })
          .then((rows) => rows.map((row) => ({ contestId: row.contestId, at: row.at }))),
      ),
    contactMessagesFrom: (memberId) =>
      db.run((m) =>
        m
          .getRepository<ContactMessageRow>(ContactMessageTable)
          .find({ where: { memberId }, order: { createdAt: "ASC", id: "ASC" } })
          .then((rows) => rows.map(toContactMessage)),
      ),
  })

const contactMessages = (db: DatabaseShape) =>
  ContactMessageRepository.of({
    save: (message) => db.run((m) => upsert(m, ContactMessageTable, { ...message }, ["id"])),
    get: (id) =>
      Effect.flatMap(
        db.run((m) => m.getRepository<ContactMessageRow>(ContactMessageTable).findOneBy({ id })),
        (row) =>
          row
            ? Effect.succeed(toContactMessage(row))
            : Effect.fail(new NotFound({ entity: "message", id })),
      ),
    countUnhandled: db.run((m) =>
      m.getRepository<ContactMessageRow>(ContactMessageTable).countBy({ handledAt: IsNull() }),
    ),
    page: (cursor, limit, filter) =>
      db.run((m) =>
        keysetPage(
          filter?.unhandledOnly
            ? m
                .getRepository<ContactMessageRow>(ContactMessageTable)
                .createQueryBuilder("c")
                .where("c.handled_at IS NULL")
            : m.getRepository<ContactMessageRow>(ContactMessageTable).createQueryBuilder("c"),
          "c",
          { column: "created_at", property: "createdAt", direction: "DESC" },
          cursor,
          limit,
          toContactMessage,
        ),
      ),
  })

const outbox = (db: DatabaseShape) =>
  OutboxRepository.of({
    add: (mail) =>
      db.run((m) =>
        m
          .getRepository<OutboxMailRow>(OutboxMailTable)
          .insert(fromOutboxMail(mail))
          .then(() => undefined),
      ),
    latest: (limit) =>
      db.run((m) =>
        m
          .getRepository<OutboxMailRow>(OutboxMailTable)
          .find({ order: { createdAt: "DESC", id: "DESC" }, take: limit })
          .then((rows) => rows.map(toOutboxMail)),
      ),
    due: (now, limit) =>
      db.run((m) =>
        m
          .getRepository<OutboxMailRow>(OutboxMailTable)
          .find({
            where: { nextAttemptAt: LessThanOrEqual(now), sentAt: IsNull() },
            order: { nextAttemptAt: "ASC", id: "ASC" },
            take: limit,
          })
          .then((rows) => rows.map(toOutboxMail)),
      ),
    claim: (seen, until) =>
      db.run((m) =>
        m
          .createQueryBuilder()
          .update(OutboxMailTable)
          .set({ nextAttemptAt: until, attempts: () => "attempts + 1" })
          .where("id = :id AND next_attempt_at = :seen AND sent_at IS NULL", {
            id: seen.id,
            seen: seen.nextAttemptAt,
          })
          .execute()
          .then((result) => (result.affected ?? 0) === 1),
      ),
    markSent: (id, at) =>
      db.run((m) =>
        m
          .getRepository<OutboxMailRow>(OutboxMailTable)
          .update({ id }, { sentAt: at, nextAttemptAt: null, lastError: null })
          .then(() => undefined),
      ),
    markFailed: (id, error, retryAt) =>
      db.run((m) =>
        m
          .getRepository<OutboxMailRow>(OutboxMailTable)
          .update({ id }, { lastError: error.slice(0, 500), nextAttemptAt: retryAt })
          .then(() => undefined),
      ),
  })

/** The repositories of this file over the Database service. */
export const makeAccountRepositories = Effect.gen(function* () {
  const db = yield* Database
  return {
    sessions: sessions(db),
    memberTokens: memberTokens(db),
    memberSettings: memberSettings(db),
    memberRecords: memberRecords(db),
    contactMessages: contactMessages(db),
    outbox: outbox(db),
  }
})
