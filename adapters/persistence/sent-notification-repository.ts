import { Context, Effect, Layer } from "effect"
import { EntitySchema } from "typeorm"
import { SentNotificationRepository } from "../../domain/notifications/mails/sent-notification.port.ts"
import { Database, isUniqueViolation } from "./database.ts"
import { instant, ref, text } from "./table-columns.ts"

export interface SentNotificationRow {
  memberId: string
  kind: string
  period: string
  sentAt: number
}

/**
 * The scheduled mails' ledger (issue 24): one row per (member, kind, period), written in the
 * transaction that queues the mail, so the primary key makes a second send (a restart, a racing
 * instance) impossible. Rows go with the member.
 */
export const SentNotificationTable = new EntitySchema<SentNotificationRow>({
  name: "SentNotification",
  tableName: "sent_notifications",
  columns: {
    memberId: { ...ref("member_id"), primary: true },
    kind: { ...text("kind", 32), primary: true },
    period: { ...text("period", 36), primary: true },
    sentAt: instant("sent_at"),
  },
  indices: [{ name: "IDX_sent_notifications_kind_period", columns: ["kind", "period"] }],
  foreignKeys: [
    {
      name: "FK_sent_notifications_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export const makeSentNotificationRepository = Effect.gen(function* () {
  const db = yield* Database
  return SentNotificationRepository.of({
    claim: (sent) =>
      db
        .attempt((m) => m.getRepository<SentNotificationRow>(SentNotificationTable).insert(sent))
        .pipe(
          Effect.as(true),
          Effect.catch((error) =>
            isUniqueViolation(error) ? Effect.succeed(false) : Effect.die(error),
          ),
        ),
    sentTo: (kind, period) =>
      db.run(async (m) => {
        const rows = await m
          .getRepository<SentNotificationRow>(SentNotificationTable)
          .find({ select: { memberId: true }, where: { kind, period } })
        return new Set(rows.map((row) => row.memberId))
      }),
  })
})

export const layerSentNotificationRepository = Layer.effectContext(
  Effect.map(makeSentNotificationRepository, (repository) =>
    Context.make(SentNotificationRepository, repository),
  ),
)
