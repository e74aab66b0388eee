import { Effect, Option } from "effect"
import { Brackets } from "typeorm"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { decodeCursor, encodeCursor } from "../../domain/shared/paging.ts"
import type { DatabaseShape } from "./database.ts"
import { type MemberRow, MemberTable } from "./account-tables.ts"
import { rawTable } from "./raw-rows.ts"
import { keysetPage, likeEscaped, notFound, upsert } from "./repository-support.ts"

/** Members on SQL, mapped to and from their rows. */

export const toMember = (row: MemberRow): Member => ({
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
  isJudge: Boolean(row.isJudge),
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
  isJudge: member.isJudge,
  suspendedAt: member.suspendedAt,
  bio: member.profile.bio,
  location: member.profile.location,
  website: member.profile.website,
  avatarUrl: member.profile.avatarUrl,
  settings: null,
  createdAt: member.createdAt,
})

export const members = (db: DatabaseShape) => {
  const table = rawTable(MemberTable, db.dialect)
  const memberById = `SELECT ${table.columns("m")} FROM ${table.name} m WHERE m.id = ?`
  return MemberRepository.of({
    // Every signed-in request reads its member: a prepared statement, not a TypeORM find.
    get: (id) =>
      Effect.flatMap(
        Effect.orDie(db.sql<Array<Record<string, unknown>>>(memberById, [id])),
        ([raw]) =>
          raw ? Effect.succeed(toMember(table.row(raw))) : Effect.fail(notFound("member", id)),
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
    // A write for the read caches: the kept leaderboards show each artist's name and avatar.
    save: (member) =>
      Effect.andThen(
        db.run((m) => upsert(m, MemberTable, fromMember(member), ["id"])),
        db.noteWrite,
      ),
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
}
