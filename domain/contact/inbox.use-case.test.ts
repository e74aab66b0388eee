import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { deadlockingOnce, itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { AuditLog } from "../admin/audit-log.port.ts"
import { type Mail, Mailer } from "../shared/mailer.port.ts"
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
  test("sends the answer once, after the message is marked handled, even when it was retried", () =>
    Effect.gen(function* () {
      const message = yield* question
      const sent: Array<Mail> = []
      const replied = yield* replyToMessage(null, message.id, answer).pipe(
        Effect.provideService(UnitOfWork, yield* deadlockingOnce),
        Effect.provideService(
          Mailer,
          Mailer.of({ send: (mail) => Effect.sync(() => void sent.push(mail)) }),
        ),
      )
      expect(replied).toMatchObject({ mailed: true, message: { handledAt: TEST_NOW } })
      expect(sent).toEqual([
        expect.objectContaining({ kind: "contact-reply", to: "ada@example.com", ...answer }),
      ])
      expect(yield* replies).toHaveLength(1)
    }))

  test("a relay that fails keeps the message handled and says the answer was not sent", () =>
    Effect.gen(function* () {
      const message = yield* question
      const replied = yield* replyToMessage(null, message.id, answer).pipe(
        Effect.provideService(
          Mailer,
          Mailer.of({ send: () => Effect.die(new Error("421 the relay is not accepting mail")) }),
        ),
      )
      expect(replied).toMatchObject({ mailed: false, message: { handledAt: TEST_NOW } })
      expect((yield* Memory).tables.contactMessages.get(message.id)?.handledAt).toBe(TEST_NOW)
      expect((yield* replies).map((row) => row.targetId)).toEqual([message.id])
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
