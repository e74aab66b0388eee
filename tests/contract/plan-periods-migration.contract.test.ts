import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { seedMember } from "../../adapters/memory/seed.ts"
import { Database } from "../../adapters/persistence/database.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { MYSQL_URL, mysqlLayer, sqliteLayer } from "./support/backends.ts"
import { NOW, unique } from "./support/contract.ts"

/**
 * Migration PlanPeriods (adapters/persistence/migrations/plan-periods.ts), on a database of its
 * own per dialect: each member on a paid tier when it runs gets one open period of that tier from
 * when they joined (however the row spells the tier); a free member gets none.
 */
const mysqlUrl = MYSQL_URL
const databases = [
  { name: "sqlite", layer: sqliteLayer },
  ...(mysqlUrl ? [{ name: "mysql", layer: () => mysqlLayer(mysqlUrl) }] : []),
]
const DAY = 86_400_000

for (const { name, layer: make } of databases) {
  describe(`migration PlanPeriods [${name}]`, () => {
    layer(make(), { timeout: 120_000 })((it) => {
      it.effect("backfills an open period of each paid member's tier from when they joined", () =>
        Effect.gen(function* () {
          const database = yield* Database
          const pro = yield* seedMember({
            username: unique("pro"),
            tier: "pro",
            createdAt: NOW - 30 * DAY,
          })
          const champ = yield* seedMember({
            username: unique("champ"),
            tier: "lite",
            createdAt: NOW - 9 * DAY,
          })
          const free = yield* seedMember({ username: unique("free"), tier: "free" })
          const q = (text: string) => (database.dialect === "mysql" ? `\`${text}\`` : `"${text}"`)
          // Undo PlanPeriods and every later migration, spell a tier as an older row might, run them again.
          const applied = yield* Effect.promise(async () => {
            const names = database.dataSource.migrations.map((migration) => migration.name)
            const later = names.length - names.indexOf("PlanPeriods1767000619000")
            for (let i = 0; i < later; i += 1) await database.dataSource.undoLastMigration()
            await database.dataSource.query(
              `UPDATE ${q("subscriptions")} SET ${q("tier")} = ? WHERE ${q("member_id")} = ?`,
              ["Champ", champ.id],
            )
            return database.dataSource.runMigrations()
          })
          expect(applied.map((migration) => migration.name)[0]).toBe("PlanPeriods1767000619000")
          const subscriptions = yield* SubscriptionRepository
          expect(yield* subscriptions.periodsOf(pro.id)).toEqual([
            { memberId: pro.id, tier: "pro", from: NOW - 30 * DAY, until: null },
          ])
          expect(yield* subscriptions.periodsOf(champ.id)).toEqual([
            { memberId: champ.id, tier: "champ", from: NOW - 9 * DAY, until: null },
          ])
          expect(yield* subscriptions.periodsOf(free.id)).toEqual([])
        }),
      )
    })
  })
}
