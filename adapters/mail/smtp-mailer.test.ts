import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Mailer } from "../../domain/shared/mailer.port.ts"
import { layerSmtpMailer } from "./smtp-mailer.ts"
import {
  decodedMail as decoded,
  mailHeader as header,
  startSmtpCatcher,
} from "./testing/smtp-catcher.ts"

/** A real SMTP server for one test, closed when the test's scope ends. */
const smtpServer = Effect.acquireRelease(Effect.promise(startSmtpCatcher), (catcher) =>
  Effect.promise(catcher.close),
)

describe("layerSmtpMailer", () => {
  it.effect("delivers a verification mail to a real SMTP server, link and all", () =>
    Effect.gen(function* () {
      const { port, received } = yield* smtpServer
      const token = "tok_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG"
      yield* Effect.gen(function* () {
        yield* (yield* Mailer).send({
          kind: "verify-email",
          to: "ada@x.test",
          name: "Ada <b>",
          token,
        })
      }).pipe(
        Effect.provide(
          layerSmtpMailer({
            smtpUrl: `smtp://127.0.0.1:${port}`,
            from: "Colorday <hello@colorday.test>",
            publicUrl: "https://colorday.example",
          }),
        ),
      )
      expect(received).toHaveLength(1)
      const message = received[0]
      if (message === undefined) return
      expect(message.from).toBe("hello@colorday.test")
      expect(message.to).toEqual(["ada@x.test"])
      expect(header(message.raw, "Subject")).toBe("Verify your e-mail")
      expect(header(message.raw, "To")).toBe("ada@x.test")
      expect(header(message.raw, "From")).toBe("Colorday <hello@colorday.test>")
      const body = decoded(message.raw)
      expect(body).toContain(`https://colorday.example/verify-email/${token}`)
      expect(body).toContain("Ada &lt;b&gt;")
      expect(body).toMatch(/Content-Type: text\/plain/i)
      expect(body).toMatch(/Content-Type: text\/html/i)
    }).pipe(Effect.scoped),
  )

  it.effect("sends a contact message to support with the sender as Reply-To", () =>
    Effect.gen(function* () {
      const { port, received } = yield* smtpServer
      yield* Effect.gen(function* () {
        yield* (yield* Mailer).send({
          kind: "contact-received",
          to: "support@colorday.test",
          fromName: "Eve",
          fromEmail: "eve@x.test",
          subject: "Prizes",
          message: "When are winners announced?",
        })
      }).pipe(
        Effect.provide(
          layerSmtpMailer({
            smtpUrl: `smtp://127.0.0.1:${port}`,
            from: "Colorday <hello@colorday.test>",
            publicUrl: "https://colorday.example",
          }),
        ),
      )
      const message = received[0]
      expect(message?.to).toEqual(["support@colorday.test"])
      expect(header(message?.raw ?? "", "Reply-To")).toBe("eve@x.test")
      expect(header(message?.raw ?? "", "Subject")).toBe("Contact form: Prizes")
      expect(decoded(message?.raw ?? "")).toContain("When are winners announced?")
    }).pipe(Effect.scoped),
  )

  it.effect("a relay that cannot be reached is a defect, not a domain error", () =>
    Effect.gen(function* () {
      const { port, close } = yield* smtpServer
      yield* Effect.promise(close)
      const exit = yield* Effect.exit(
        Effect.gen(function* () {
          yield* (yield* Mailer).send({
            kind: "reset-password",
            to: "ada@x.test",
            name: "Ada",
            token: "t",
          })
        }).pipe(
          Effect.provide(
            layerSmtpMailer({
              smtpUrl: `smtp://127.0.0.1:${port}`,
              from: "Colorday <hello@colorday.test>",
              publicUrl: "https://colorday.example",
            }),
          ),
        ),
      )
      expect(exit._tag).toBe("Failure")
      if (exit._tag !== "Failure") return
      expect(exit.cause.reasons.every((reason) => reason._tag === "Die")).toBe(true)
    }).pipe(Effect.scoped),
  )
})
