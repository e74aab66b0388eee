import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { seedMember } from "../../adapters/memory/seed.ts"
import { Database } from "../../adapters/persistence/database.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { MYSQL_URL, mysqlLayer, sqliteLayer } from "./support/backends.ts"
import { entryOf, NOW, unique } from "./support/contract.ts"

/**
 * Migration 5's backfill (adapters/persistence/migrations/contest-results.ts), on a database of
 * its own per dialect: contests closed before it get their podium from their visible entries in
 * the ranking order, and those already announced their closing time as announced_at.
 */
const mysqlUrl = MYSQL_URL
const databases = [
  { name: "sqlite", layer: sqliteLayer },
  ...(mysqlUrl ? [{ name: "mysql", layer: () => mysqlLayer(mysqlUrl) }] : []),
]

const HOUR = 3_600_000

const contest = (fields: Partial<Contest>): Contest => ({
  id: crypto.randomUUID(),
  title: "Koi Pond",
  description: "",
  lineArt: null,
  contestType: unique("daily"),
  artStyle: "ink",
  startsAt: NOW - 2 * HOUR,
  endsAt: NOW - HOUR,
  storedStatus: null,
  createdAt: NOW - 3 * HOUR,
  result: null,
  announcedAt: null,
  prize: null,
  subscribersOnly: false,
  ...fields,
})

const closedResult = (podiumEntryIds: ReadonlyArray<string>) => ({
  closedAt: NOW,
  winnerEntryId: null,
  winnerMemberId: null,
  winnerRawVotes: 0,
  winnerWeightedScore: 0,
  peoplesChoiceEntryId: null,
  peoplesChoiceMemberId: null,
  totalEntries: 0,
  totalVotes: 0,
  podiumEntryIds,
})

for (const { name, layer: make } of databases) {
  describe(`migration 5, contest results [${name}]`, () => {
    layer(make(), { timeout: 120_000 })((it) => {
      it.effect("backfills the podium and announced_at of contests closed before it", () =>
        Effect.gen(function* () {
          const contests = yield* ContestRepository
          const entries = yield* EntryRepository
          const database = yield* Database
          const artist = yield* seedMember({ username: unique("a") })
          // "stale" podiums, as if written before the column existed: the backfill replaces them.
          const announced = contest({
            storedStatus: "Announced",
            announcedAt: NOW + HOUR,
            result: closedResult(["stale"]),
          })
          const closed = contest({ result: closedResult(["stale"]) })
          const open = contest({ endsAt: NOW + HOUR })
          for (const c of [announced, closed, open]) yield* contests.save(c)
          const at = (offset: number) => NOW - 90 * 60_000 + offset
          const late = entryOf(artist, announced.id, { weightedScore: 3, createdAt: at(2) })
          const early = entryOf(artist, announced.id, { weightedScore: 3, createdAt: at(1) })
          const top = entryOf(artist, announced.id, { weightedScore: 5, createdAt: at(3) })
          const hidden = entryOf(artist, announced.id, {
            weightedScore: 9,
            moderation: "hidden",
            moderationReason: "x",
          })
          const fourth = entryOf(artist, announced.id, { weightedScore: 1 })
          const unvoted = entryOf(artist, closed.id, { weightedScore: 0 })
          const only = entryOf(artist, closed.id, { weightedScore: 1.5 })
          for (const e of [late, early, top, hidden, fourth, unvoted, only]) {
            yield* entries.insert(e)
          }

          // Undo migration 5 and every later one, then run them again: migration 5's backfill runs.
          const undone = yield* Effect.promise(async () => {
            const names = database.dataSource.migrations.map((migration) => migration.name)
            const later = names.length - names.indexOf("ContestResults1764547200000")
            for (let i = 0; i < later; i += 1) await database.dataSource.undoLastMigration()
            return database.dataSource.runMigrations()
          })
          expect(undone.map((migration) => migration.name)[0]).toBe("ContestResults1764547200000")

          const backfilled = yield* contests.get(announced.id)
          expect(backfilled.result?.podiumEntryIds).toEqual([top.id, early.id, late.id])
          expect(backfilled.announcedAt).toBe(NOW)
          const notAnnounced = yield* contests.get(closed.id)
          expect(notAnnounced.result?.podiumEntryIds).toEqual([only.id])
          expect(notAnnounced.announcedAt).toBeNull()
          const running = yield* contests.get(open.id)
          expect(running.result).toBeNull()
          expect(running.announcedAt).toBeNull()
        }),
      )
    })
  })
}
