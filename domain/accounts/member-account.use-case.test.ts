import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { payOfflineCheckout } from "../../adapters/memory/payments.ts"
import { seedContest, seedMember, seedMemberWithPassword } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { BadgeRepository } from "../badges/badge.port.ts"
import { fulfilCheckout, startCheckout } from "../billing/checkout.use-case.ts"
import type { Purchase } from "../billing/payment.entity.ts"
import { PaymentLedger } from "../billing/payment.port.ts"
import { Payments } from "../billing/payments.port.ts"
import { sendContactMessage } from "../contact/send-contact-message.use-case.ts"
import { recordDownload } from "../contests/record-download.use-case.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { IdSource } from "../shared/id-source.port.ts"
import { galleryPage } from "../submissions/gallery-page.use-case.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { ImageStore } from "../submissions/image-store.port.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { castVote } from "../voting/cast-vote.use-case.ts"
import { FeedbackRepository } from "../feedback/feedback.port.ts"
import { LineArtRequestRepository } from "../perks/line-art-request.port.ts"
import { issueToken } from "./account-tokens.ts"
import { avatarKeyOf, setAvatar } from "./avatar.use-case.ts"
import {
  DELETED_ACCOUNT_REASON,
  DELETED_ACCOUNT_SETTINGS,
  deleteAccount,
} from "./delete-account.use-case.ts"
import { MemberRepository } from "./member.port.ts"
import { memberDataExport } from "./member-data-export.use-case.ts"
import { DEFAULT_SETTINGS } from "./member-settings.ts"
import { memberSettings, saveMemberSettings } from "./member-settings.use-case.ts"
import { MemberTokenRepository } from "./member-token.port.ts"
import { openSession, sessionMember, signIn } from "./sessions.use-case.ts"
import { SessionRepository } from "./session.port.ts"
import { signUp } from "./sign-up.use-case.ts"

const PASSWORD = "correct horse battery"

/** An entry photo in the image store, entered into `contestId` by `memberId`. */
const entered = (memberId: string, contestId: string) =>
  Effect.gen(function* () {
    const stored = yield* (yield* ImageStore).store(new Uint8Array([1, 2, 3]), "entry")
    return (yield* submitEntry({ memberId, contestId, image: stored.key })).entry
  })

const bought = (memberId: string, purchase: Purchase) =>
  Effect.gen(function* () {
    const { checkout } = yield* startCheckout({
      memberId,
      purchase,
      returnUrl: "http://localhost:3000/payment-success",
      cancelUrlFor: (paymentId) => `http://localhost:3000/payment-cancel?payment=${paymentId}`,
    })
    yield* payOfflineCheckout(checkout.checkoutSessionId)
    yield* fulfilCheckout(checkout.checkoutSessionId)
    return checkout.checkoutSessionId
  })

/** A member with something in every part of the site, and another member with an entry. */
const world = Effect.gen(function* () {
  const member = yield* seedMemberWithPassword(PASSWORD, { tier: "pro", remaining: 5 })
  const other = yield* seedMember({ tier: "pro" })
  const contest = yield* seedContest({ title: "Koi Pond" })
  const own = yield* entered(member.id, contest.id)
  const theirs = yield* entered(other.id, contest.id)
  yield* castVote({ voterId: member.id, entryId: theirs.id })
  yield* castVote({ voterId: other.id, entryId: own.id })
  yield* (yield* BadgeRepository).grant({
    memberId: member.id,
    badgeId: "first-win",
    earnedAt: own.createdAt,
  })
  yield* recordDownload({ contestId: contest.id, memberId: member.id, visitor: member.id })
  yield* recordDownload({ contestId: contest.id, memberId: other.id, visitor: other.id })
  const contact = { name: "Ada", subject: "Hello", message: "A question about plans." }
  yield* sendContactMessage({ ...contact, memberId: null, email: member.email.toUpperCase() })
  yield* sendContactMessage({ ...contact, subject: "Mine", memberId: member.id, email: "x@y.test" })
  yield* sendContactMessage({ ...contact, memberId: other.id, email: other.email })
  const payment = yield* bought(member.id, { kind: "extra-entry" })
  const { session } = yield* openSession(member.id)
  yield* saveMemberSettings(member.id, { ...DEFAULT_SETTINGS, language: "es" })
  return { member, other, contest, own, theirs, payment, session }
})

describe("memberDataExport", () => {
  test("holds everything the site keeps on the member, and nothing of anyone else", () =>
    Effect.gen(function* () {
      const { member, contest, own, theirs, payment } = yield* world
      const data = yield* memberDataExport(member.id)
      expect(data.member).toMatchObject({ id: member.id, email: member.email })
      expect(data.settings.language).toBe("es")
      expect(data.subscription).toMatchObject({ memberId: member.id, tier: "pro", remaining: 5 })
      // Their entry, with the vote it received since.
      expect(data.entries).toEqual([
        { entry: { ...own, voteCount: 1, weightedScore: 2 }, contestTitle: "Koi Pond" },
      ])
      expect(
        data.votesCast.map(({ entryId, contestId, weight }) => ({ entryId, contestId, weight })),
      ).toEqual([{ entryId: theirs.id, contestId: contest.id, weight: 2 }])
      expect(data.votesCast[0]).not.toHaveProperty("voterId")
      expect(data.badges.map((grant) => grant.badgeId)).toEqual(["first-win"])
      expect(data.downloads.map((download) => download.contestId)).toEqual([contest.id])
      expect(data.payments.map((row) => row.checkoutSessionId)).toEqual([payment])
      // Only what the member sent signed in: not a visitor's message typed with their address, not
      // the other member's.
      expect(data.contactMessages.map((message) => message.subject)).toEqual(["Mine"])
      expect(data.sessions).toHaveLength(1)
    }))

  test("holds the member's line art requests and the feedback on their entries, no one else's", () =>
    Effect.gen(function* () {
      const { member, other, own, theirs } = yield* world
      const requests = yield* LineArtRequestRepository
      const request = {
        brief: "A fox in a winter forest",
        reference: null,
        status: "open" as const,
        declineReason: null,
        contestId: null,
        createdAt: 1_000,
        updatedAt: 1_000,
      }
      yield* requests.create({ ...request, id: "request-mine", memberId: member.id })
      yield* requests.create({ ...request, id: "request-theirs", memberId: other.id })
      const feedback = yield* FeedbackRepository
      const written = { judgeId: other.id, createdAt: 2_000, updatedAt: 2_000 }
      yield* feedback.save({ ...written, id: "f1", entryId: own.id, text: "Lovely shading here." })
      yield* feedback.save({ ...written, id: "f2", entryId: theirs.id, text: "Not for you." })
      const data = yield* memberDataExport(member.id)
      expect(data.lineArtRequests).toEqual([
        {
          id: "request-mine",
          brief: "A fox in a winter forest",
          reference: null,
          status: "open",
          declineReason: null,
          contestId: null,
          createdAt: 1_000,
          updatedAt: 1_000,
        },
      ])
      expect(data.feedbackReceived).toEqual([
        {
          id: "f1",
          entryId: own.id,
          text: "Lovely shading here.",
          createdAt: 2_000,
          updatedAt: 2_000,
        },
      ])
    }))

  test("gives no password hash, no session id and no token", () =>
    Effect.gen(function* () {
      const { member, session } = yield* world
      const data = yield* memberDataExport(member.id)
      const text = JSON.stringify(data)
      expect(data.member).not.toHaveProperty("passwordHash")
      expect(text).not.toContain(member.passwordHash)
      expect(text).not.toContain(session.id)
      expect(data.sessions[0]).toEqual({
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        expiresAt: session.expiresAt,
      })
    }))
})

describe("deleteAccount", () => {
  test("refuses a wrong password, changing nothing", () =>
    Effect.gen(function* () {
      const { member } = yield* world
      const error = yield* Effect.flip(deleteAccount(member.id, "not my password"))
      expect(error).toMatchObject({ _tag: "InvalidCredentials", field: "password" })
      expect(yield* (yield* MemberRepository).get(member.id)).toEqual(member)
      expect(yield* (yield* SessionRepository).ofMember(member.id)).toHaveLength(1)
    }))

  test("ends the account: no session, no link, no sign-in; e-mail and username freed", () =>
    Effect.gen(function* () {
      const { member } = yield* world
      const reset = yield* issueToken(member.id, "reset", 0)
      yield* deleteAccount(member.id, PASSWORD)

      expect(yield* (yield* SessionRepository).ofMember(member.id)).toEqual([])
      const hash = yield* (yield* IdSource).digest(reset)
      expect(
        Option.getOrThrow(yield* (yield* MemberTokenRepository).find(hash)).usedAt,
      ).not.toBeNull()

      const members = yield* MemberRepository
      const gone = yield* members.get(member.id)
      expect(gone).toMatchObject({
        firstName: "",
        lastName: "",
        dateOfBirth: "",
        isAdmin: false,
        emailVerifiedAt: null,
        profile: { bio: "", location: "", website: "", avatarUrl: null },
      })
      expect(gone.email).not.toBe(member.email)
      expect(gone.username).not.toBe(member.username)
      expect(Option.isNone(yield* members.findByEmail(member.email))).toBe(true)
      expect(Option.isNone(yield* members.findByUsername(member.username))).toBe(true)
      expect(yield* memberSettings(member.id)).toEqual(DELETED_ACCOUNT_SETTINGS)

      const signInAgain = yield* Effect.flip(signIn({ email: member.email, password: PASSWORD }))
      expect(signInAgain._tag).toBe("InvalidCredentials")
      // The e-mail and the username can be signed up with again.
      const again = yield* signUp({
        email: member.email,
        password: PASSWORD,
        firstName: "Ada",
        lastName: "Again",
        username: member.username,
        dateOfBirth: "1990-01-01",
      })
      expect(again.id).not.toBe(member.id)
    }))

  test("deletes their avatar's file with their account", () =>
    Effect.gen(function* () {
      const member = yield* seedMemberWithPassword(PASSWORD)
      const withAvatar = yield* setAvatar(member.id, new Uint8Array([1, 2, 3]))
      const key = avatarKeyOf(withAvatar.profile.avatarUrl) ?? ""
      const store = yield* Memory
      expect(store.images.has(key)).toBe(true)
      yield* deleteAccount(member.id, PASSWORD)
      expect(store.images.has(key)).toBe(false)
    }))

  test("a session cookie of the deleted account signs nobody in", () =>
    Effect.gen(function* () {
      const member = yield* seedMemberWithPassword(PASSWORD)
      const { token } = yield* openSession(member.id)
      yield* deleteAccount(member.id, PASSWORD)
      expect(Option.isNone(yield* sessionMember(token))).toBe(true)
    }))

  test("takes their entries out of the gallery and deletes the pictures; their votes stay counted", () =>
    Effect.gen(function* () {
      const { member, contest, own, theirs } = yield* world
      const store = yield* Memory
      expect(store.images.has(own.image)).toBe(true)
      const { imagesRemoved } = yield* deleteAccount(member.id, PASSWORD)
      expect(imagesRemoved).toBe(1)

      const entries = yield* EntryRepository
      expect(yield* entries.get(own.id)).toMatchObject({
        moderation: "hidden",
        moderationReason: DELETED_ACCOUNT_REASON,
      })
      const gallery = yield* galleryPage({
        tab: "all",
        sort: "newest",
        seed: "",
        timeZone: "UTC",
        contestId: contest.id,
      })
      expect(gallery.items.map((entry) => entry.id)).toEqual([theirs.id])
      // The other member's entry keeps the vote the deleted member cast.
      expect(yield* entries.get(theirs.id)).toMatchObject({ voteCount: 1, weightedScore: 2 })
      expect([...store.images.keys()].some((key) => key.includes(own.image.slice(6, 42)))).toBe(
        false,
      )
      expect(store.images.has(theirs.image)).toBe(true)
    }))

  test("keeps their payments in the ledger and ends their plan, stopping it at the provider", () =>
    Effect.gen(function* () {
      const member = yield* seedMemberWithPassword(PASSWORD, { tier: "free" })
      const plan = yield* bought(member.id, { kind: "plan", tier: "lite" })
      const payments = yield* Payments
      const asked: Array<ReadonlyArray<string>> = []
      yield* deleteAccount(member.id, PASSWORD).pipe(
        Effect.provideService(Payments, {
          ...payments,
          cancelRecurring: (keys) => Effect.sync(() => void asked.push(keys)),
        }),
      )
      expect(asked).toEqual([[plan]])
      expect(
        Option.getOrThrow(yield* (yield* PaymentLedger).findByCheckoutSession(plan)).status,
      ).toBe("paid")
      expect(Option.getOrThrow(yield* (yield* SubscriptionRepository).find(member.id)).tier).toBe(
        "free",
      )
    }))
})
