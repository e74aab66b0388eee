import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { Mailer } from "../../domain/shared/mailer.port.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import { layerPersistence } from "../persistence/persistence.layer.ts"
import { Database } from "../persistence/database.ts"
import {
  logTransport,
  MAX_DELIVERY_ATTEMPTS,
  makeMailDelivery,
  type MailTransport,
  retryDelayMs,
  smtpTransport,
} from "./mail-delivery.ts"
import { deliveryState, OutboxRepository } from "./outbox.ts"
import { layerOutboxMailer } from "./outbox-mailer.ts"
import {
  decodedMail as decoded,
  mailHeader as header,
  startSmtpCatcher,
} from "./testing/smtp-catcher.ts"

const sqlite = Layer.unwrap(
  Effect.acquireRelease(
    Effect.sync(() => mkdtempSync(join(tmpdir(), "colorday-outbox-"))),
    (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })),
  ).pipe(
    Effect.map((dir) =>
      layerPersistence({ sqliteFile: join(dir, "colorday.sqlite"), migrate: true }),
    ),
  ),
)

const world = Layer.provideMerge(
  layerOutboxMailer({ publicUrl: "https://colorday.example/" }),
  sqlite,
)

const NOW = Date.UTC(2026, 10, 22, 12)

/** A real SMTP server for one test, closed when the test's scope ends. */
const smtpServer = (options: { readonly refuseFirst?: number } = {}) =>
  Effect.acquireRelease(
    Effect.promise(() => startSmtpCatcher(options)),
    (catcher) => Effect.promise(catcher.close),
  )

/** Every unsent mail sent (or given up), so each test starts with an empty queue. */
const drained = Effect.gen(function* () {
  const outbox = yield* OutboxRepository
  for (const mail of yield* outbox.due(Number.MAX_SAFE_INTEGER, 1000)) {
    yield* outbox.markSent(mail.id, 0)
  }
})

const deliver = (transport: MailTransport) =>
  Effect.gen(function* () {
    return yield* (yield* makeMailDelivery(transport)).deliverDue
  })

layer(world)("the outbox mailer and its sender, on SQLite", (it) => {
  it.effect(
    "queues the rendered mail in the transaction in progress, and nothing on rollback",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(NOW)
        yield* drained
        const mailer = yield* Mailer
        yield* (yield* UnitOfWork).transaction(
          mailer.send({ kind: "verify-email", to: "ada@x.test", name: "Ada & co", token: "tok-1" }),
        )
        const rolledBack = yield* Effect.exit(
          (yield* UnitOfWork).transaction(
            Effect.andThen(
              mailer.send({ kind: "reset-password", to: "eve@x.test", name: "Eve", token: "t" }),
              Effect.die(new Error("the change failed")),
            ),
          ),
        )
        expect(rolledBack._tag).toBe("Failure")
        const [mail, ...rest] = yield* (yield* OutboxRepository).latest(10)
        expect(rest.map((other) => other.to)).not.toContain("eve@x.test")
        expect(mail).toMatchObject({
          kind: "verify-email",
          to: "ada@x.test",
          subject: "Verify your e-mail",
          link: "https://colorday.example/verify-email/tok-1",
          createdAt: NOW,
          sentAt: null,
          nextAttemptAt: NOW,
          attempts: 0,
          lastError: null,
        })
        expect(mail?.text).toContain("https://colorday.example/verify-email/tok-1")
        expect(mail?.html).toContain("Ada &amp; co")
        const db = yield* Database
        const rows: unknown = yield* db.run((m): Promise<unknown> =>
          m.query("SELECT recipient, kind FROM mail_outbox WHERE sent_at IS NULL"),
        )
        expect(rows).toEqual([{ recipient: "ada@x.test", kind: "verify-email" }])
      }),
  )

  it.effect("the embedded default's sender logs one line per mail, with its link, once", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW + 1000)
      yield* drained
      const mailer = yield* Mailer
      yield* mailer.send({ kind: "verify-email", to: "ada@x.test", name: "Ada", token: "tok-2" })
      yield* mailer.send({
        kind: "contact-confirmation",
        to: "bob@x.test",
        name: "Bob",
        subject: "Hello",
      })
      const lines: Array<string> = []
      expect(yield* deliver(logTransport((line) => lines.push(line)))).toEqual({
        sent: 2,
        retrying: 0,
        failed: 0,
      })
      expect(lines).toEqual([
        'mail → ada@x.test "Verify your e-mail" https://colorday.example/verify-email/tok-2',
        'mail → bob@x.test "We received your message"',
      ])
      expect(yield* deliver(logTransport((line) => lines.push(line)))).toMatchObject({ sent: 0 })
      const latest = yield* (yield* OutboxRepository).latest(2)
      expect(latest.map(deliveryState)).toEqual(["sent", "sent"])
    }),
  )

  it.effect("delivers to a real SMTP server: link, escaping, both parts, and Reply-To", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW + 2000)
      yield* drained
      const { port, received } = yield* smtpServer()
      const token = "tok_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG"
      const mailer = yield* Mailer
      yield* mailer.send({ kind: "verify-email", to: "ada@x.test", name: "Ada <b>", token })
      yield* mailer.send({
        kind: "contact-received",
        to: "support@colorday.test",
        fromName: "Eve",
        fromEmail: "eve@x.test",
        subject: "Prizes",
        message: "When are winners announced?",
      })
      const transport = yield* smtpTransport(
        `smtp://127.0.0.1:${port}`,
        "Colorday <hello@colorday.test>",
      )
      expect(yield* deliver(transport)).toEqual({ sent: 2, retrying: 0, failed: 0 })
      const [verify, contact] = received
      expect(verify?.from).toBe("hello@colorday.test")
      expect(verify?.to).toEqual(["ada@x.test"])
      expect(header(verify?.raw ?? "", "Subject")).toBe("Verify your e-mail")
      expect(header(verify?.raw ?? "", "From")).toBe("Colorday <hello@colorday.test>")
      const body = decoded(verify?.raw ?? "")
      expect(body).toContain(`https://colorday.example/verify-email/${token}`)
      expect(body).toContain("Ada &lt;b&gt;")
      expect(body).toMatch(/Content-Type: text\/plain/i)
      expect(body).toMatch(/Content-Type: text\/html/i)
      expect(contact?.to).toEqual(["support@colorday.test"])
      expect(header(contact?.raw ?? "", "Reply-To")).toBe("eve@x.test")
      expect(header(contact?.raw ?? "", "Subject")).toBe("Contact form: Prizes")
    }).pipe(Effect.scoped),
  )

  it.effect("a relay that refuses is retried with a growing delay until it takes the mail", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW + 3000)
      yield* drained
      const { port, received } = yield* smtpServer({ refuseFirst: 2 })
      yield* (yield* Mailer).send({
        kind: "reset-password",
        to: "ada@x.test",
        name: "Ada",
        token: "t",
      })
      const transport = yield* smtpTransport(`smtp://127.0.0.1:${port}`, "hello@colorday.test")
      const outbox = yield* OutboxRepository
      expect(yield* deliver(transport)).toEqual({ sent: 0, retrying: 1, failed: 0 })
      const [first] = yield* outbox.latest(1)
      expect(first).toMatchObject({ attempts: 1, sentAt: null, nextAttemptAt: NOW + 3000 + 30_000 })
      expect(first?.lastError).toMatch(/451/)
      // Not before its time.
      yield* TestClock.adjust(retryDelayMs(1) - 1)
      expect(yield* deliver(transport)).toEqual({ sent: 0, retrying: 0, failed: 0 })
      yield* TestClock.adjust(1)
      expect(yield* deliver(transport)).toEqual({ sent: 0, retrying: 1, failed: 0 })
      expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1))
      yield* TestClock.adjust(retryDelayMs(2))
      expect(yield* deliver(transport)).toEqual({ sent: 1, retrying: 0, failed: 0 })
      expect(received.map((mail) => mail.to)).toEqual([["ada@x.test"]])
      const [sent] = yield* outbox.latest(1)
      expect(sent).toMatchObject({ attempts: 3, lastError: null, nextAttemptAt: null })
      expect(deliveryState(sent!)).toBe("sent")
    }).pipe(Effect.scoped),
  )

  it.effect("a relay that never takes it: given up after the last attempt, the error kept", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW + 4000)
      yield* drained
      const failing: MailTransport = {
        name: "failing",
        deliver: () => Effect.fail("550 mailbox unavailable"),
      }
      yield* (yield* Mailer).send({
        kind: "contact-confirmation",
        to: "nobody@x.test",
        name: "N",
        subject: "S",
      })
      const reports = []
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS + 1; attempt += 1) {
        reports.push(yield* deliver(failing))
        yield* TestClock.adjust(retryDelayMs(attempt))
      }
      expect(reports.map((report) => report.retrying)).toEqual([
        ...Array<number>(MAX_DELIVERY_ATTEMPTS - 1).fill(1),
        0,
        0,
      ])
      expect(reports.at(-2)?.failed).toBe(1)
      const [mail] = yield* (yield* OutboxRepository).latest(1)
      expect(mail).toMatchObject({ attempts: MAX_DELIVERY_ATTEMPTS, nextAttemptAt: null })
      expect(mail?.lastError).toBe("550 mailbox unavailable")
      expect(deliveryState(mail!)).toBe("failed")
    }),
  )
})
