/** Members, their settings, records, sessions and tokens, in memory. */
import { Effect, Option } from "effect"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { MemberRecords } from "../../domain/accounts/member-records.port.ts"
import { MemberSettingsRepository } from "../../domain/accounts/member-settings.port.ts"
import { MemberTokenRepository } from "../../domain/accounts/member-token.port.ts"
import { SessionRepository } from "../../domain/accounts/session.port.ts"
import { NotFound } from "../../domain/shared/errors.ts"
import type { MemoryStore } from "./memory-store.ts"
import { keysetPage, byId } from "./memory-paging.ts"

export const members = (store: MemoryStore) =>
  MemberRepository.of({
    get: (id) =>
      Effect.suspend(() => {
        const member = store.tables.members.get(id)
        return member ? Effect.succeed(member) : Effect.fail(new NotFound({ entity: "member", id }))
      }),
    findByEmail: (email) =>
      Effect.sync(() =>
        Option.fromNullishOr(
          [...store.tables.members.values()].find((member) => member.email === email),
        ),
      ),
    findByUsername: (username) =>
      Effect.sync(() =>
        Option.fromNullishOr(
          [...store.tables.members.values()].find(
            (member) => member.username.toLowerCase() === username.toLowerCase(),
          ),
        ),
      ),
    save: (member) => Effect.sync(() => void store.tables.members.set(member.id, member)),
    search: (text, cursor, limit) =>
      Effect.sync(() => {
        const needle = text.toLowerCase()
        const matching = [...store.tables.members.values()].filter(
          (member) =>
            needle === "" ||
            [member.email, member.username, member.firstName, member.lastName].some((field) =>
              field.toLowerCase().includes(needle),
            ),
        )
        return keysetPage(
          matching,
          (a, b) => b.createdAt - a.createdAt || byId(b, a),
          (member) => member.id,
          (value) => (typeof value === "string" ? store.tables.members.get(value) : undefined),
          cursor,
          limit,
        )
      }),
    count: Effect.sync(() => store.tables.members.size),
    page: (cursor, limit) =>
      Effect.sync(() =>
        keysetPage(
          store.tables.members.values(),
          byId,
          (member) => member.id,
          (value) => (typeof value === "string" ? store.tables.members.get(value) : undefined),
          cursor,
          limit,
        ),
      ),
  })

export const memberSettings = (store: MemoryStore) =>
  MemberSettingsRepository.of({
    find: (memberId) =>
      Effect.sync(() =>
        Option.map(
          Option.fromNullishOr(store.tables.memberSettings.get(memberId)),
          (row) => row.settings,
        ),
      ),
    save: (memberId, settings, at) =>
      Effect.sync(
        () => void store.tables.memberSettings.set(memberId, { settings, updatedAt: at }),
      ),
  })

export const memberRecords = (store: MemoryStore) =>
  MemberRecords.of({
    votesCastBy: (memberId) =>
      Effect.sync(() =>
        [...store.tables.votes.values()]
          .filter((vote) => vote.voterId === memberId)
          .sort((a, b) => a.castAt - b.castAt || byId(a, b)),
      ),
    downloadsOf: (memberId) =>
      Effect.sync(() =>
        store.tables.downloads
          .filter((download) => download.memberId === memberId)
          .map(({ contestId, at }) => ({ contestId, at }))
          .sort((a, b) => a.at - b.at),
      ),
    contactMessagesFrom: (memberId) =>
      Effect.sync(() =>
        [...store.tables.contactMessages.values()]
          .filter((message) => message.memberId === memberId)
          .sort((a, b) => a.createdAt - b.createdAt || byId(a, b)),
      ),
  })

export const sessions = (store: MemoryStore) =>
  SessionRepository.of({
    create: (session) => Effect.sync(() => void store.tables.sessions.set(session.id, session)),
    find: (id) => Effect.sync(() => Option.fromNullishOr(store.tables.sessions.get(id))),
    findWithMember: (id) =>
      Effect.sync(() =>
        Option.map(Option.fromNullishOr(store.tables.sessions.get(id)), (session) => ({
          session,
          member: store.tables.members.get(session.memberId) ?? null,
        })),
      ),
    touch: (id, lastSeenAt, expiresAt) =>
      Effect.sync(() => {
        const session = store.tables.sessions.get(id)
        if (session) store.tables.sessions.set(id, { ...session, lastSeenAt, expiresAt })
      }),
    delete: (id) => Effect.sync(() => void store.tables.sessions.delete(id)),
    ofMember: (memberId) =>
      Effect.sync(() =>
        [...store.tables.sessions.values()]
          .filter((session) => session.memberId === memberId)
          .sort((a, b) => b.createdAt - a.createdAt || byId(b, a)),
      ),
    deleteAllOf: (memberId, exceptId) =>
      Effect.sync(() => {
        for (const session of [...store.tables.sessions.values()]) {
          if (session.memberId === memberId && session.id !== exceptId) {
            store.tables.sessions.delete(session.id)
          }
        }
      }),
  })

export const memberTokens = (store: MemoryStore) =>
  MemberTokenRepository.of({
    save: (token) => Effect.sync(() => void store.tables.memberTokens.set(token.tokenHash, token)),
    find: (tokenHash) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.memberTokens.get(tokenHash))),
    markUsed: (tokenHash, at) =>
      Effect.sync(() => {
        const token = store.tables.memberTokens.get(tokenHash)
        if (!token || token.usedAt !== null) return false
        store.tables.memberTokens.set(tokenHash, { ...token, usedAt: at })
        return true
      }),
    invalidateAll: (memberId, purpose, at) =>
      Effect.sync(() => {
        for (const token of [...store.tables.memberTokens.values()]) {
          if (token.memberId === memberId && token.purpose === purpose && token.usedAt === null) {
            store.tables.memberTokens.set(token.tokenHash, { ...token, usedAt: at })
          }
        }
      }),
  })
