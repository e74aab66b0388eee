import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { Database } from "../persistence/database.ts"
import { layerPersistence } from "../persistence/persistence.layer.ts"
import { Mailer } from "../../domain/shared/mailer.port.ts"
import { OutboxRepository } from "./outbox.ts"
import { layerOutboxMailer } from "./outbox-mailer.ts"

const lines: Array<string> = []

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
  layerOutboxMailer({
    from: "Colorday <hello@colorday.test>",
    publicUrl: "https://colorday.example/",
    log: (line) => lines.push(line),
  }),
  sqlite,
)

const NOW = Date.UTC(2026, 10, 22, 12)

layer(world)("layerOutboxMailer on SQLite", (it) => {
  it.effect("writes the rendered mail to mail_outbox and logs one line with the link", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW)
      lines.length = 0
      yield* (yield* Mailer).send({
        kind: "verify-email",
        to: "ada@x.test",
        name: "Ada & co",
        token: "tok-1",
      })
      expect(lines).toEqual([
        'mail → ada@x.test "Verify your e-mail" https://colorday.example/verify-email/tok-1',
      ])
      const [mail] = yield* (yield* OutboxRepository).latest(1)
      expect(mail).toMatchObject({
        to: "ada@x.test",
        subject: "Verify your e-mail",
        createdAt: NOW,
        sentAt: null,
        attempts: 0,
        lastError: null,
      })
      expect(mail?.text).toContain("https://colorday.example/verify-email/tok-1")
      expect(mail?.html).toContain("Ada &amp; co")
      const db = yield* Database
      const rows: unknown = yield* db.run((m): Promise<unknown> =>
        m.query("SELECT recipient, subject, text_body FROM mail_outbox"),
      )
      expect(rows).toEqual([
        {
          recipient: "ada@x.test",
          subject: "Verify your e-mail",
          text_body: mail?.text,
        },
      ])
    }),
  )

  it.effect(
    "a mail without a link logs the recipient and subject only; newest is listed first",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(NOW + 1000)
        lines.length = 0
        yield* (yield* Mailer).send({
          kind: "contact-confirmation",
          to: "bob@x.test",
          name: "Bob",
          subject: "Hello",
        })
        expect(lines).toEqual(['mail → bob@x.test "We received your message"'])
        const latest = yield* (yield* OutboxRepository).latest(10)
        expect(latest.map((mail) => mail.to)).toEqual(["bob@x.test", "ada@x.test"])
      }),
  )
})
