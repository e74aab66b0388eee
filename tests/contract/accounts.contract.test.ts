import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { layerMemoryPasswordHasher } from "../../adapters/memory/password-hasher.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { OutboxRepository, type OutboxMail } from "../../adapters/mail/outbox.ts"
import { verifyEmail } from "../../domain/accounts/email-verification.use-case.ts"
import type { MemberToken } from "../../domain/accounts/member-token.port.ts"
import { MemberTokenRepository } from "../../domain/accounts/member-token.port.ts"
import type { Session } from "../../domain/accounts/session.entity.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { SessionRepository } from "../../domain/accounts/session.port.ts"
import type { ContactMessage } from "../../domain/contact/contact-message.entity.ts"
import { ContactMessageRepository } from "../../domain/contact/contact.port.ts"
import {
  requestPasswordReset,
  resetPassword,
} from "../../domain/accounts/password-reset.use-case.ts"
import { sessionMember, signIn } from "../../domain/accounts/sessions.use-case.ts"
import { signUp } from "../../domain/accounts/sign-up.use-case.ts"
import { IdSource } from "../../domain/shared/id-source.port.ts"
import { type Mail, Mailer } from "../../domain/shared/mailer.port.ts"
import { NOW, contract, unique } from "./support/contract.ts"

const DAY = 24 * 3_600_000

contract("IdSource", (test) => {
  test("digests a token to the lowercase hex SHA-256 of its UTF-8 bytes", () =>
    Effect.gen(function* () {
      const ids = yield* IdSource
      expect(yield* ids.digest("abc")).toBe(
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      )
      const token = yield* ids.newToken
      expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/)
      expect(yield* ids.digest(token)).toMatch(/^[0-9a-f]{64}$/)
      expect(yield* ids.digest(token)).toBe(yield* ids.digest(token))
    }))
})

contract("SessionRepository", (test) => {
  const sessionOf = (memberId: string, overrides: Partial<Session> = {}): Session => ({
    id: unique("s").padEnd(64, "0"),
    memberId,
    createdAt: NOW,
    expiresAt: NOW + 30 * DAY,
    lastSeenAt: NOW,
    ...overrides,
  })

  test("creates, finds, touches and deletes a session by id", () =>
    Effect.gen(function* () {
      const sessions = yield* SessionRepository
      const member = yield* seedMember({ username: unique("s") })
      const session = sessionOf(member.id)
      yield* sessions.create(session)
      expect(Option.getOrThrow(yield* sessions.find(session.id))).toEqual(session)
      yield* sessions.touch(session.id, NOW + DAY, NOW + 31 * DAY)
      expect(Option.getOrThrow(yield* sessions.find(session.id))).toEqual({
        ...session,
        lastSeenAt: NOW + DAY,
        expiresAt: NOW + 31 * DAY,
      })
      yield* sessions.delete(session.id)
      expect(Option.isNone(yield* sessions.find(session.id))).toBe(true)
      // Deleting or touching an unknown session is not an error.
      yield* sessions.delete(session.id)
      yield* sessions.touch(session.id, NOW, NOW)
      expect(Option.isNone(yield* sessions.find(session.id))).toBe(true)
    }))

  test("finds a session with its member in one read, as the member repository has them", () =>
    Effect.gen(function* () {
      const sessions = yield* SessionRepository
      const members = yield* MemberRepository
      const member = yield* seedMember({ username: unique("s") })
      const session = sessionOf(member.id)
      yield* sessions.create(session)
      const found = Option.getOrThrow(yield* sessions.findWithMember(session.id))
      expect(found.session).toEqual(session)
      expect(found.member).toEqual(yield* members.get(member.id))
      expect(Option.isNone(yield* sessions.findWithMember(sessionOf(member.id).id))).toBe(true)
    }))

  test("deletes every session of a member, or all but one, leaving others' alone", () =>
    Effect.gen(function* () {
      const sessions = yield* SessionRepository
      const ada = yield* seedMember({ username: unique("ada") })
      const bob = yield* seedMember({ username: unique("bob") })
      const [a1, a2, a3] = [sessionOf(ada.id), sessionOf(ada.id), sessionOf(ada.id)]
      const b1 = sessionOf(bob.id)
      for (const session of [a1, a2, a3, b1]) yield* sessions.create(session)
      yield* sessions.deleteAllOf(ada.id, a2.id)
      expect(Option.isNone(yield* sessions.find(a1.id))).toBe(true)
      expect(Option.isSome(yield* sessions.find(a2.id))).toBe(true)
      expect(Option.isNone(yield* sessions.find(a3.id))).toBe(true)
      yield* sessions.deleteAllOf(ada.id)
      expect(Option.isNone(yield* sessions.find(a2.id))).toBe(true)
      expect(Option.getOrThrow(yield* sessions.find(b1.id))).toEqual(b1)
    }))
})

contract("MemberTokenRepository", (test) => {
  const tokenOf = (memberId: string, overrides: Partial<MemberToken> = {}): MemberToken => ({
    tokenHash: unique("t").padEnd(64, "0"),
    memberId,
    purpose: "verify",
    createdAt: NOW,
    expiresAt: NOW + DAY,
    usedAt: null,
    ...overrides,
  })

  test("saves and finds a token by its hash", () =>
    Effect.gen(function* () {
      const tokens = yield* MemberTokenRepository
      const member = yield* seedMember({ username: unique("t") })
      const token = tokenOf(member.id, { purpose: "reset" })
      yield* tokens.save(token)
      expect(Option.getOrThrow(yield* tokens.find(token.tokenHash))).toEqual(token)
      expect(Option.isNone(yield* tokens.find("0".repeat(64)))).toBe(true)
    }))

  test("marks a token used once: the second use is refused and the first date kept", () =>
    Effect.gen(function* () {
      const tokens = yield* MemberTokenRepository
      const member = yield* seedMember({ username: unique("t") })
      const token = tokenOf(member.id)
      yield* tokens.save(token)
      expect(yield* tokens.markUsed(token.tokenHash, NOW + 1)).toBe(true)
      expect(yield* tokens.markUsed(token.tokenHash, NOW + 2)).toBe(false)
      expect(yield* tokens.markUsed("f".repeat(64), NOW)).toBe(false)
      expect(Option.getOrThrow(yield* tokens.find(token.tokenHash)).usedAt).toBe(NOW + 1)
    }))

  test("of many parallel uses of one token, exactly one wins", () =>
    Effect.gen(function* () {
      const tokens = yield* MemberTokenRepository
      const member = yield* seedMember({ username: unique("t") })
      const token = tokenOf(member.id)
      yield* tokens.save(token)
      const wins = yield* Effect.all(
        Array.from({ length: 20 }, (_, i) => tokens.markUsed(token.tokenHash, NOW + i)),
        { concurrency: "unbounded" },
      )
      expect(wins.filter(Boolean)).toHaveLength(1)
    }))

  test("invalidates every unused token of one member and purpose only", () =>
    Effect.gen(function* () {
      const tokens = yield* MemberTokenRepository
      const ada = yield* seedMember({ username: unique("ada") })
      const bob = yield* seedMember({ username: unique("bob") })
      const used = tokenOf(ada.id, { usedAt: NOW - 5 })
      const open1 = tokenOf(ada.id)
      const open2 = tokenOf(ada.id)
      const reset = tokenOf(ada.id, { purpose: "reset" })
      const bobs = tokenOf(bob.id)
      for (const token of [used, open1, open2, reset, bobs]) yield* tokens.save(token)
      yield* tokens.invalidateAll(ada.id, "verify", NOW + 10)
      const usedAt = (token: MemberToken) =>
        Effect.map(tokens.find(token.tokenHash), (found) => Option.getOrThrow(found).usedAt)
      expect(yield* usedAt(used)).toBe(NOW - 5)
      expect(yield* usedAt(open1)).toBe(NOW + 10)
      expect(yield* usedAt(open2)).toBe(NOW + 10)
      expect(yield* usedAt(reset)).toBeNull()
      expect(yield* usedAt(bobs)).toBeNull()
    }))
})

contract("ContactMessageRepository", (test) => {
  test("saves messages and pages them newest first, each exactly once", () =>
    Effect.gen(function* () {
      const messages = yield* ContactMessageRepository
      const member = yield* seedMember({ username: unique("c") })
      const base = NOW
      const saved: Array<ContactMessage> = []
      for (let i = 0; i < 5; i++) {
        const message: ContactMessage = {
          id: crypto.randomUUID(),
          memberId: i % 2 === 0 ? member.id : null,
          name: "Ada Lovelace",
          email: "ada@example.com",
          subject: `Question ${i} — “quoted” & <b>`,
          message: `Line one\nLine two ${"é".repeat(i)}`,
          // Two share a date: the id breaks the tie.
          createdAt: base + Math.min(i, 3) * 1000,
          handledAt: i === 0 ? base + 5000 : null,
        }
        yield* messages.save(message)
        saved.push(message)
      }
      const seen: Array<ContactMessage> = []
      let cursor: string | null = null
      do {
        const page: { items: ReadonlyArray<ContactMessage>; nextCursor: string | null } =
          yield* messages.page(cursor, 2)
        seen.push(...page.items)
        expect(page.items.length).toBeLessThanOrEqual(2)
        cursor = page.nextCursor
      } while (cursor !== null)
      const expected = [...saved].sort(
        (a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      )
      expect(seen).toEqual(expected)
    }))
})

const queued = (i: number, at: number): OutboxMail => ({
  id: crypto.randomUUID(),
  kind: "verify-email",
  to: `${unique("to")}@example.com`,
  replyTo: i === 2 ? "support@colorday.test" : null,
  subject: `Verify your e-mail ${i}`,
  text: `Hello\nhttps://colorday.test/verify-email/${i}`,
  html: i === 1 ? null : `<p>Hello &amp; welcome ${i}</p>`,
  link: `https://colorday.test/verify-email/${i}`,
  unsubscribeUrl: i === 0 ? null : `https://colorday.test/api/unsubscribe/${i}`,
  createdAt: at,
  sentAt: null,
  nextAttemptAt: at,
  attempts: 0,
  lastError: null,
})

contract("OutboxRepository", (test) => {
  test("keeps rendered mails and lists the newest first", () =>
    Effect.gen(function* () {
      const outbox = yield* OutboxRepository
      const mails = [0, 1, 2].map((i) => queued(i, NOW + i * 1000))
      for (const mail of mails) yield* outbox.add(mail)
      expect(yield* outbox.latest(2)).toEqual([mails[2], mails[1]])
      expect(yield* outbox.latest(10)).toEqual([...mails].reverse())
    }))

  test("hands out due mail once: a claim wins once, sent and given-up mail is never due again", () =>
    Effect.gen(function* () {
      const outbox = yield* OutboxRepository
      // Far in the future, so no other test's mail is due before these.
      const at = NOW + 400 * 86_400_000
      const [first, second, later] = [queued(0, at), queued(1, at + 1), queued(2, at + 60_000)]
      for (const mail of [later, second, first]) yield* outbox.add(mail)
      const ours = (mails: ReadonlyArray<OutboxMail>) =>
        mails.map((mail) => mail.id).filter((id) => [first, second, later].some((m) => m.id === id))
      expect(ours(yield* outbox.due(at + 10, 500))).toEqual([first.id, second.id])
      // Two senders race for the first: one wins, and it is no longer due until its claim ends.
      const claims = yield* Effect.all(
        [outbox.claim(first, at + 120_000), outbox.claim(first, at + 120_000)],
        { concurrency: 2 },
      )
      expect(claims.filter(Boolean)).toHaveLength(1)
      expect(ours(yield* outbox.due(at + 10, 500))).toEqual([second.id])
      yield* outbox.markSent(first.id, at + 20)
      // The second fails once: retried at the time given, with its error and the attempt counted.
      expect(yield* outbox.claim(second, at + 120_000)).toBe(true)
      yield* outbox.markFailed(second.id, "421 try again later", at + 30_000)
      expect(ours(yield* outbox.due(at + 29_999, 500))).toEqual([])
      const retry = (yield* outbox.due(at + 30_000, 500)).find((mail) => mail.id === second.id)
      expect(retry).toMatchObject({ attempts: 1, lastError: "421 try again later" })
      // Given up: never due again, its last error kept.
      expect(yield* outbox.claim(retry!, at + 150_000)).toBe(true)
      yield* outbox.markFailed(second.id, "550 no such user", null)
      const latest = yield* outbox.latest(500)
      expect(latest.find((mail) => mail.id === first.id)).toMatchObject({
        sentAt: at + 20,
        nextAttemptAt: null,
        attempts: 1,
      })
      expect(latest.find((mail) => mail.id === second.id)).toMatchObject({
        sentAt: null,
        nextAttemptAt: null,
        attempts: 2,
        lastError: "550 no such user",
      })
      expect(ours(yield* outbox.due(at + 999_999_999, 500))).toEqual([later.id])
    }))
})

contract("accounts use cases", (test) => {
  test("sign up, verify, sign in, reset the password: every session ends, the new one works", () => {
    const mails: Array<Mail> = []
    const tokenOf = (kind: Mail["kind"]) => {
      const mail = mails.filter((m) => m.kind === kind).at(-1)
      return mail && "token" in mail ? mail.token : ""
    }
    return Effect.gen(function* () {
      const username = unique("ada")
      const email = `${username.toLowerCase()}@example.com`
      const member = yield* signUp({
        email,
        password: "old password",
        firstName: "Ada",
        lastName: "Lovelace",
        username,
        dateOfBirth: "1990-05-17",
      })
      const refused = yield* Effect.flip(signIn({ email, password: "old password" }))
      expect(refused._tag).toBe("EmailNotVerified")
      expect((yield* verifyEmail(tokenOf("verify-email"))).emailVerifiedAt).toBe(NOW)
      expect((yield* Effect.flip(verifyEmail(tokenOf("verify-email"))))._tag).toBe("InvalidToken")
      const first = yield* signIn({ email, password: "old password" })
      const second = yield* signIn({ email, password: "old password" })
      expect(Option.getOrThrow(yield* sessionMember(first.token)).member.id).toBe(member.id)
      yield* requestPasswordReset(email)
      yield* resetPassword({ token: tokenOf("reset-password"), password: "new password" })
      expect(Option.isNone(yield* sessionMember(first.token))).toBe(true)
      expect(Option.isNone(yield* sessionMember(second.token))).toBe(true)
      const refusedOld = yield* Effect.flip(signIn({ email, password: "old password" }))
      expect(refusedOld._tag).toBe("InvalidCredentials")
      const fresh = yield* signIn({ email, password: "new password" })
      expect(Option.isSome(yield* sessionMember(fresh.token))).toBe(true)
    }).pipe(
      Effect.provide(layerMemoryPasswordHasher),
      Effect.provideService(Mailer, { send: (mail) => Effect.sync(() => void mails.push(mail)) }),
    )
  })
})
