import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Memory, MEMORY_SUPPORT_ADDRESS } from "../../adapters/memory/memory.layers.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { SupportAddress } from "./contact.port.ts"
import { sendContactMessage } from "./send-contact-message.use-case.ts"

const form = {
  name: " Ada Lovelace ",
  email: "ada@example.com",
  subject: " Prize question ",
  message: "When is the winner announced?",
  memberId: null,
}

describe("sendContactMessage", () => {
  test("stores the message for the inbox, mails support and confirms to the sender", () =>
    Effect.gen(function* () {
      const message = yield* sendContactMessage(form)
      expect(message).toMatchObject({
        memberId: null,
        name: "Ada Lovelace",
        email: "ada@example.com",
        subject: "Prize question",
        message: "When is the winner announced?",
        createdAt: TEST_NOW,
        handledAt: null,
      })
      const store = yield* Memory
      expect(store.tables.contactMessages.get(message.id)).toEqual(message)
      expect(store.tables.mails).toEqual([
        {
          kind: "contact-received",
          to: MEMORY_SUPPORT_ADDRESS,
          fromName: "Ada Lovelace",
          fromEmail: "ada@example.com",
          subject: "Prize question",
          message: "When is the winner announced?",
        },
        {
          kind: "contact-confirmation",
          to: "ada@example.com",
          name: "Ada Lovelace",
          subject: "Prize question",
        },
      ])
    }))

  test("mails the configured support address and keeps the signed-in sender", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const message = yield* sendContactMessage({ ...form, memberId: member.id }).pipe(
        Effect.provideService(SupportAddress, { email: "help@colorday.example" }),
      )
      expect(message.memberId).toBe(member.id)
      expect((yield* Memory).tables.mails[0]?.to).toBe("help@colorday.example")
    }))

  test("requires every field, names each, and stores and mails nothing", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        sendContactMessage({ name: " ", email: "", subject: "", message: " ", memberId: null }),
      )
      expect(error._tag).toBe("ValidationFailed")
      if (error._tag !== "ValidationFailed") return
      expect(error.issues.map((issue) => issue.field)).toEqual([
        "name",
        "email",
        "subject",
        "message",
      ])
      const store = yield* Memory
      expect(store.tables.contactMessages.size).toBe(0)
      expect(store.tables.mails).toEqual([])
    }))

  test("refuses a malformed e-mail, a subject over 200 and a message over 5000 characters", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        sendContactMessage({
          ...form,
          email: "ada",
          subject: "s".repeat(201),
          message: "m".repeat(5001),
        }),
      )
      if (error._tag !== "ValidationFailed") throw new Error("expected ValidationFailed")
      expect(error.issues.map((issue) => issue.field)).toEqual(["email", "subject", "message"])
      const fits = yield* sendContactMessage({
        ...form,
        subject: "s".repeat(200),
        message: "m".repeat(5000),
      })
      expect(fits.message).toHaveLength(5000)
    }))
})
