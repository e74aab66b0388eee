import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { DAY, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { Database } from "../../adapters/persistence/database.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { galleryOrder, shuffleKey } from "../../domain/submissions/gallery.ts"
import { MYSQL_URL, mysqlLayer, sqliteLayer } from "./support/backends.ts"
import { NOW, unique } from "./support/contract.ts"

/**
 * Migration 8 (adapters/persistence/migrations/entry-shuffle-key.ts), on a database of its own per
 * dialect: entries stored before it get their place on the "random" ring from the database's
 * CRC32, the same number the domain's shuffleKey gives, so old and new entries walk together.
 */
const mysqlUrl = MYSQL_URL
const databases = [
  { name: "sqlite", layer: sqliteLayer },
  ...(mysqlUrl ? [{ name: "mysql", layer: () => mysqlLayer(mysqlUrl) }] : []),
]

for (const { name, layer: make } of databases) {
  describe(`migration 8, the entries' shuffle key [${name}]`, () => {
    layer(make(), { timeout: 120_000 })((it) => {
      it.effect("backfills every existing entry's key with the domain's shuffleKey", () =>
        Effect.gen(function* () {
          const database = yield* Database
          const entries = yield* EntryRepository
          const contest = yield* seedContest({ contestType: unique("daily"), startsIn: -DAY })
          const artist = yield* seedMember({ username: unique("a") })
          const made: Array<Entry> = Array.from({ length: 6 }, (_, i) => ({
            id: crypto.randomUUID(),
            contestId: contest.id,
            memberId: artist.id,
            artistName: artist.username,
            image: `entry/${i}.jpg`,
            ageGroup: "adult",
            contestType: contest.contestType,
            moderation: "visible",
            moderationReason: null,
            voteCount: 0,
            weightedScore: 0,
            createdAt: NOW - i,
          }))
          for (const entry of made) yield* entries.insert(entry)
          const q = (text: string) => (database.dialect === "mysql" ? `\`${text}\`` : `"${text}"`)
          // Undo migration 8 and every later one (the column goes), then run them again.
          const { applied, keys } = yield* Effect.promise(async () => {
            const names = database.dataSource.migrations.map((migration) => migration.name)
            const later = names.length - names.indexOf("EntryShuffleKey1766102400000")
            for (let i = 0; i < later; i += 1) await database.dataSource.undoLastMigration()
            const applied = await database.dataSource.runMigrations()
            const keys: Array<{ id: string; key: number | string }> =
              await database.dataSource.query(
                `SELECT ${q("id")} AS id, ${q("shuffle_key")} AS ${q("key")} FROM ${q("entries")} WHERE ${q("contest_id")} = ?`,
                [contest.id],
              )
            return { applied, keys }
          })
          expect(applied.map((migration) => migration.name)[0]).toBe("EntryShuffleKey1766102400000")
          expect(keys.map((row) => [row.id, Number(row.key)]).sort()).toEqual(
            made.map((entry) => [entry.id, shuffleKey(entry.id)]).sort(),
          )
          const page = yield* entries.gallery({
            filter: { contestId: contest.id },
            sort: "random",
            seed: "after-migration",
            after: undefined,
            limit: 10,
          })
          expect(page.items.map((entry) => entry.id)).toEqual(
            [...made].sort(galleryOrder("random", "after-migration")).map((entry) => entry.id),
          )
        }),
      )
    })
  })
}
