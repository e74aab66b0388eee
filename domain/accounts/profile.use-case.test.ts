import { TestClock } from "effect/testing"
import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { seedContest, seedMember, seedMemberWithPassword } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { verifyEmail } from "./email-verification.use-case.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import { requestPasswordReset, resetPassword } from "./password-reset.use-case.ts"
import { changePassword, updateProfile } from "./profile.use-case.ts"
import { sessionMember, signIn } from "./sessions.use-case.ts"

const form = {
  username: " ada_l ",
  email: "ada@example.com",
  firstName: " Ada ",
  lastName: "Lovelace",
  bio: " Ink & color ",
  location: "Lyon, France",
  website: "https://ada.art",
}

const seedAda = () => seedMemberWithPassword("old password", { email: "ada@example.com" })

describe("updateProfile", () => {
  test("saves every field, trimmed, and keeps the e-mail verified when it did not change", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      const updated = yield* updateProfile(ada.id, form)
      expect(updated).toEqual({
        ...ada,
        username: "ada_l",
        firstName: "Ada",
        lastName: "Lovelace",
        profile: {
          ...ada.profile,
          bio: "Ink & color",
          location: "Lyon, France",
          website: "https://ada.art",
        },
      })
      const store = yield* Memory
      expect(store.tables.members.get(ada.id)).toEqual(updated)
      expect(store.tables.mails).toEqual([])
    }))

  test("leaves out fields that are not sent, and accepts an empty website", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      yield* updateProfile(ada.id, form)
      const updated = yield* updateProfile(ada.id, { website: "", bio: "New bio" })
      expect(updated.profile).toMatchObject({
        bio: "New bio",
        website: "",
        location: "Lyon, France",
      })
      expect(updated.username).toBe("ada_l")
    }))

  test("names every field that is wrong and saves nothing", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      const error = yield* Effect.flip(
        updateProfile(ada.id, {
          username: "a d",
          email: "not-an-email",
          firstName: " ",
          lastName: "x".repeat(101),
          bio: "b".repeat(501),
          location: "l".repeat(121),
          website: "ftp://ada.art",
        }),
      )
      expect(error._tag).toBe("ValidationFailed")
      if (error._tag !== "ValidationFailed") return
      expect(error.issues.map((issue) => issue.field)).toEqual([
        "username",
        "email",
        "firstName",
        "lastName",
        "bio",
        "location",
        "website",
      ])
      expect((yield* Memory).tables.members.get(ada.id)).toEqual(ada)
    }))

  test("accepts a bio of 500 and a location of 120 characters, and http or https sites", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      for (const website of ["http://ada.art", "https://ada.art/gallery?x=1"]) {
        const updated = yield* updateProfile(ada.id, {
          bio: "b".repeat(500),
          location: "l".repeat(120),
          website,
        })
        expect(updated.profile.website).toBe(website)
      }
      for (const website of ["ada.art", "javascript:alert(1)", "https://", "https://a b.art"]) {
        const error = yield* Effect.flip(updateProfile(ada.id, { website }))
        expect(error._tag, website).toBe("ValidationFailed")
      }
    }))

  test("refuses a username another member has; a taken e-mail is not revealed, its owner told", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      yield* seedMember({ email: "grace@example.com", username: "grace" })
      const email = yield* updateProfile(ada.id, { email: "Grace@example.com" })
      expect(email).toMatchObject({ email: ada.email, pendingEmail: "grace@example.com" })
      const store = yield* Memory
      expect(store.tables.mails.map((mail) => [mail.kind, mail.to])).toEqual([
        ["address-in-use", "grace@example.com"],
        ["email-change-requested", ada.email],
      ])
      const username = yield* Effect.flip(updateProfile(ada.id, { username: "GRACE" }))
      expect(username).toMatchObject({ _tag: "UsernameTaken", username: "GRACE" })
      const own = yield* updateProfile(ada.id, {
        email: ada.email.toUpperCase(),
        username: ada.username.toUpperCase(),
      })
      // The member's own address (in any case) cancels the pending change.
      expect(own).toMatchObject({ email: ada.email, emailVerifiedAt: TEST_NOW, pendingEmail: null })
    }))

  test("a new e-mail waits for the link mailed to it; the old address is told and kept until then", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      const updated = yield* updateProfile(ada.id, { email: "ada@new.example" })
      expect(updated).toMatchObject({
        email: ada.email,
        pendingEmail: "ada@new.example",
        emailVerifiedAt: TEST_NOW,
      })
      const store = yield* Memory
      expect(store.tables.mails.map((mail) => [mail.kind, mail.to])).toEqual([
        ["confirm-email-change", "ada@new.example"],
        ["email-change-requested", ada.email],
      ])
      const [link] = store.tables.mails
      if (link?.kind !== "confirm-email-change") return
      // A second request replaces the first link.
      yield* updateProfile(ada.id, { email: "ada@newer.example" })
      expect(yield* Effect.flip(verifyEmail(link.token))).toMatchObject({ code: "INVALID_TOKEN" })
      const newer = store.tables.mails.find(
        (mail) => mail.kind === "confirm-email-change" && mail.to === "ada@newer.example",
      )
      if (newer?.kind !== "confirm-email-change") return expect.fail("no link to the newer address")
      yield* TestClock.adjust(60_000)
      const moved = yield* verifyEmail(newer.token)
      expect(moved).toMatchObject({
        email: "ada@newer.example",
        pendingEmail: null,
        emailVerifiedAt: TEST_NOW + 60_000,
      })
      expect(yield* Effect.flip(verifyEmail(newer.token))).toMatchObject({ code: "INVALID_TOKEN" })
    }))

  test("a change link whose address was taken since is refused, and nothing moves", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      yield* updateProfile(ada.id, { email: "ada@new.example" })
      const [link] = (yield* Memory).tables.mails
      if (link?.kind !== "confirm-email-change") return expect.fail("no link")
      yield* seedMember({ email: "ada@new.example", username: "squatter" })
      expect(yield* Effect.flip(verifyEmail(link.token))).toMatchObject({ code: "EMAIL_TAKEN" })
      expect((yield* Memory).tables.members.get(ada.id)?.email).toBe(ada.email)
    }))

  test("a new username is written on every entry of the member, and on no one else's", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      const grace = yield* seedMember({ email: "grace@example.com", username: "grace" })
      const contest = yield* seedContest({})
      const entries = yield* EntryRepository
      const entryOf = (member: typeof ada, id: string) =>
        entries.insert({
          id,
          contestId: contest.id,
          memberId: member.id,
          artistName: member.username,
          image: `entry/${id}.webp`,
          ageGroup: "adult",
          contestType: "traditional",
          moderation: id === "ada-hidden" ? "hidden" : "visible",
          moderationReason: null,
          voteCount: 0,
          weightedScore: 0,
          createdAt: TEST_NOW,
        })
      yield* entryOf(ada, "ada-1")
      yield* entryOf(ada, "ada-hidden")
      yield* entryOf(grace, "grace-1")
      yield* Effect.flip(updateProfile(ada.id, { username: "Grace" }))
      expect((yield* entries.get("ada-1")).artistName).toBe(ada.username)
      yield* updateProfile(ada.id, { username: " ada_colors " })
      expect((yield* entries.get("ada-1")).artistName).toBe("ada_colors")
      expect((yield* entries.get("ada-hidden")).artistName).toBe("ada_colors")
      expect((yield* entries.get("grace-1")).artistName).toBe("grace")
    }))

  test("answers NotFound for an unknown member", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(updateProfile("nobody", form))
      expect(error).toMatchObject({ _tag: "NotFound", entity: "member" })
    }))
})

describe("changePassword", () => {
  test("sets the new password and ends the member's other sessions, keeping this one", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      const here = yield* signIn({ email: ada.email, password: "old password" })
      const there = yield* signIn({ email: ada.email, password: "old password" })
      yield* changePassword(
        ada.id,
        { currentPassword: "old password", newPassword: "new password" },
        here.session.id,
      )
      const stored = (yield* Memory).tables.members.get(ada.id)
      expect(
        yield* (yield* PasswordHasher).verify("new password", stored?.passwordHash ?? ""),
      ).toBe(true)
      expect(Option.isSome(yield* sessionMember(here.token))).toBe(true)
      expect(Option.isNone(yield* sessionMember(there.token))).toBe(true)
    }))

  test("without a session to keep, ends them all", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      const here = yield* signIn({ email: ada.email, password: "old password" })
      yield* changePassword(ada.id, {
        currentPassword: "old password",
        newPassword: "new password",
      })
      expect(Option.isNone(yield* sessionMember(here.token))).toBe(true)
    }))

  test("refuses a wrong current password, naming it", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      const error = yield* Effect.flip(
        changePassword(ada.id, { currentPassword: "wrong", newPassword: "new password" }),
      )
      expect(error).toMatchObject({ _tag: "InvalidCredentials", field: "currentPassword" })
      expect(error.message).toBe("Your current password is incorrect")
      expect((yield* Memory).tables.members.get(ada.id)).toEqual(ada)
    }))

  test("refuses a short new password, naming newPassword", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      const error = yield* Effect.flip(
        changePassword(ada.id, { currentPassword: "old password", newPassword: "short" }),
      )
      expect(error).toMatchObject({ _tag: "ValidationFailed" })
      expect(error.message).toBe("newPassword: Password must be at least 8 characters long")
    }))

  test("a pending reset link stops working", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      yield* requestPasswordReset(ada.email)
      const mail = (yield* Memory).tables.mails[0]
      if (mail?.kind !== "reset-password") throw new Error("no reset mail")
      yield* changePassword(ada.id, {
        currentPassword: "old password",
        newPassword: "new password",
      })
      const error = yield* Effect.flip(
        resetPassword({ token: mail.token, password: "third password" }),
      )
      expect(error._tag).toBe("InvalidToken")
    }))
})
