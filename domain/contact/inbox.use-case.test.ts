import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { deadlockingOnce, itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { AuditLog } from "../admin/audit-log.port.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { replyToMessage } from "./inbox.use-case.ts"
import { sendContactMessage } from "./send-contact-message.use-case.ts"

const question = sendContactMessage({
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Credits",
  message: "Do credits carry over?",
  memberId: null,
})

const answer = { subject: "Re: Credits", body: "They renew on the 1st." }

const replies = Effect.gen(function* () {
  return (yield* (yield* AuditLog).page({ actionPrefix: "message.reply" }, null, 10)).items
})

describe("replyToMessage", () => {
  test("queues the answer with the message marked handled: once, even when it was retried", () =>
    Effect.gen(function* () {
      const message = yield* question
      const memory = yield* Memory
      memory.tables.mails.length = 0
      const replied = yield* replyToMessage(null, message.id, answer).pipe(
        Effect.provideService(UnitOfWork, yield* deadlockingOnce),
      )
      expect(replied).toMatchObject({ message: { handledAt: TEST_NOW } })
      expect(memory.tables.mails).toEqual([
        expect.objectContaining({ kind: "contact-reply", to: "ada@example.com", ...answer }),
      ])
      expect(yield* replies).toHaveLength(1)
    }))

  test("an answer that cannot be queued leaves the message as it was", () =>
    Effect.gen(function* () {
      const message = yield* question
      const failed = yield* Effect.exit(
        replyToMessage(null, message.id, answer).pipe(
          Effect.provideService(
            Mailer,
            Mailer.of({ send: () => Effect.die(new Error("the outbox is unreachable")) }),
          ),
        ),
      )
      expect(failed._tag).toBe("Failure")
      expect((yield* Memory).tables.contactMessages.get(message.id)?.handledAt).toBeNull()
      expect(yield* replies).toHaveLength(0)
    }))

  test("refuses an empty answer, changing and sending nothing", () =>
    Effect.gen(function* () {
      const message = yield* question
      const mailsBefore = (yield* Memory).tables.mails.length
      const refused = yield* Effect.flip(
        replyToMessage(null, message.id, { subject: "Re", body: " " }),
      )
      expect(refused).toMatchObject({ _tag: "ValidationFailed" })
      expect((yield* Memory).tables.mails).toHaveLength(mailsBefore)
      expect((yield* Memory).tables.contactMessages.get(message.id)?.handledAt).toBeNull()
      expect(yield* replies).toEqual([])
    }))
})
