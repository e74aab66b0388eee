import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { OutboxRepository } from "../../adapters/mail/outbox.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { Database } from "../../adapters/persistence/database.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { MYSQL_URL, mysqlLayer, sqliteLayer } from "./support/backends.ts"
import { NOW, unique } from "./support/contract.ts"

/**
 * Migration 7 (adapters/persistence/migrations/mail-queue-and-pending-email.ts), on a database of
 * its own per dialect: mails written to the outbox before it were the embedded default's, already
 * delivered to the outbox and the log, so they come out sent and the new sender never repeats
 * them; members start with no e-mail change pending.
 */
const mysqlUrl = MYSQL_URL
const databases = [
  { name: "sqlite", layer: sqliteLayer },
  ...(mysqlUrl ? [{ name: "mysql", layer: () => mysqlLayer(mysqlUrl) }] : []),
]

for (const { name, layer: make } of databases) {
  describe(`migration 7, the mail queue [${name}]`, () => {
    layer(make(), { timeout: 120_000 })((it) => {
      it.effect("marks the outbox's older mails sent, so the sender does not send them again", () =>
        Effect.gen(function* () {
          const database = yield* Database
          const member = yield* seedMember({ username: unique("m") })
          const id = crypto.randomUUID()
          const q = (text: string) => (database.dialect === "mysql" ? `\`${text}\`` : `"${text}"`)
          // Undo migration 7 and every later one, write a mail the way the old outbox did, run
          // them again.
          const applied = yield* Effect.promise(async () => {
            const names = database.dataSource.migrations.map((migration) => migration.name)
            const later = names.length - names.indexOf("MailQueueAndPendingEmail1765843200000")
            for (let i = 0; i < later; i += 1) await database.dataSource.undoLastMigration()
            await database.dataSource.query(
              `INSERT INTO ${q("mail_outbox")} (${["id", "recipient", "subject", "text_body", "html_body", "created_at", "sent_at", "attempts", "last_error"].map(q).join(", ")}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
              [id, "ada@x.test", "Verify your e-mail", "Hi", null, NOW, null, 0, null],
            )
            return database.dataSource.runMigrations()
          })
          expect(applied.map((migration) => migration.name)[0]).toBe(
            "MailQueueAndPendingEmail1765843200000",
          )
          const mail = (yield* (yield* OutboxRepository).latest(500)).find((m) => m.id === id)
          expect(mail).toMatchObject({ sentAt: NOW, nextAttemptAt: null, kind: null, link: null })
          expect(
            (yield* (yield* OutboxRepository).due(NOW + 1, 500)).map((m) => m.id),
          ).not.toContain(id)
          expect((yield* (yield* MemberRepository).get(member.id)).pendingEmail).toBeNull()
        }),
      )
    })
  })
}
