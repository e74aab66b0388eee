import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { Database } from "../../adapters/persistence/database.ts"
import { MYSQL_URL, mysqlLayer, sqliteLayer } from "./support/backends.ts"

const mysqlUrl = MYSQL_URL
const databases = [
  { name: "sqlite", layer: sqliteLayer },
  ...(mysqlUrl ? [{ name: "mysql", layer: () => mysqlLayer(mysqlUrl) }] : []),
]

for (const { name, layer: make } of databases) {
  describe(`migrations [${name}]`, () => {
    layer(make(), { timeout: 120_000 })((it) => {
      it.effect("leave the schema exactly as the table mappings describe it", () =>
        Effect.gen(function* () {
          const database = yield* Database
          const pending = yield* Effect.promise(() =>
            database.dataSource.driver.createSchemaBuilder().log(),
          )
          expect(pending.upQueries.map((query) => query.query)).toEqual([])
        }),
      )

      it.effect("are all applied, and migrating again applies nothing", () =>
        Effect.gen(function* () {
          const database = yield* Database
          const status = yield* database.status
          expect(status.pending).toEqual([])
          expect(status.applied).toEqual([
            "Initial1763769600000",
            "EntryOrderIndexes1763856000000",
            "CheckoutSessions1764201600000",
            "MemberSettings1764460800000",
            "ContestResults1764547200000",
            "CheckoutExpiryAndVisits1765584000000",
            "MailQueueAndPendingEmail1765843200000",
            "EntryShuffleKey1766102400000",
            "Drawings1766188800000",
            "ContestPrizes1766275200000",
            "SiteSettingsAndSubscriberContests1766361600000",
            "PerkPagesAndRequests1766448000000",
            "JudgesFeedbackSpotlight1766534400000",
            "TwoFactorSignIn1766620800000",
            "NotificationMail1766793600000",
            "WebPushAndBellList1767000200000",
            "SentNotifications1767000300000",
            "PushRetriesAndVoteTimes1767000560000",
            "PlanPeriods1767000619000",
          ])
          expect(yield* database.migrate).toEqual([])
        }),
      )
    })
  })
}
