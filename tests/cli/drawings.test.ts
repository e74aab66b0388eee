import { join } from "node:path"
import { Effect, type Layer, ManagedRuntime } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seedMember } from "../../adapters/memory/seed.ts"
import { Database } from "../../adapters/persistence/database.ts"
import { DrawingTable } from "../../adapters/persistence/drawing-tables.ts"
import { layerPersistence } from "../../adapters/persistence/persistence.layer.ts"
import { commitmentOf, newSeed } from "../../domain/drawings/draw-rules.ts"
import { DRAWING_TIERS, type Drawing } from "../../domain/drawings/drawing.entity.ts"
import { DrawingRepository } from "../../domain/drawings/drawing.port.ts"
import { PLANS } from "../../domain/plans/plans.ts"
import { type BackendName, emptyDatabase, type TestDatabase } from "./support/databases.ts"
import { type Run, runCliInProcess } from "./support/run-cli.ts"

/**
 * `colorday drawings` on SQLite and (with MYSQL_URL) MariaDB: a month committed back then (written
 * here, since `commit` refuses a month that has ended) is drawn by the CLI, `verify` re-derives the
 * winners from the published values, and fails, naming the check, once one published byte changes.
 */

const MYSQL_URL = process.env.MYSQL_URL
const BACKENDS: ReadonlyArray<BackendName> = MYSQL_URL ? ["sqlite", "mysql"] : ["sqlite"]
const MONTH = "2025-01"

const flip = (hex: string, at: number) =>
  hex.slice(0, at) + (hex[at] === "0" ? "1" : "0") + hex.slice(at + 1)

for (const backend of BACKENDS) {
  describe(`colorday drawings [${backend}]`, () => {
    let database: TestDatabase
    let runtime: ManagedRuntime.ManagedRuntime<
      Layer.Success<ReturnType<typeof layerPersistence>>,
      never
    >
    const cli = (...args: Array<string>): Promise<Run> => runCliInProcess(args, database.env)
    /** Runs `effect` on the test's own connection to the CLI's database. */
    const onDatabase = <A>(effect: Effect.Effect<A, never, DrawingRepository | Database>) =>
      runtime.runPromise(effect)

    beforeAll(async () => {
      database = await emptyDatabase(backend, MYSQL_URL)
      expect((await cli("db", "migrate")).code).toBe(0)
      runtime = ManagedRuntime.make(
        layerPersistence(
          database.databaseUrl
            ? { databaseUrl: database.databaseUrl }
            : { sqliteFile: join(database.dataDir, "colorday.sqlite") },
        ),
      )
      await runtime.runPromise(
        Effect.gen(function* () {
          // Members since January 5th of the month drawn: who held a tier during it (plan_periods).
          yield* Effect.gen(function* () {
            yield* TestClock.setTime(Date.UTC(2025, 0, 5))
            for (const [i, tier] of (["lite", "pro", "pro", "champ", "free"] as const).entries()) {
              yield* seedMember({ tier, username: `drawn-${i}-${backend}` })
            }
          }).pipe(Effect.provide(TestClock.layer()))
          const drawings = yield* DrawingRepository
          for (const tier of DRAWING_TIERS) {
            const seed = newSeed()
            const drawing: Drawing = {
              id: crypto.randomUUID(),
              month: MONTH,
              tier,
              prizeCents: PLANS[tier].drawingCents ?? 0,
              status: "committed",
              commitment: yield* Effect.promise(() => commitmentOf(seed)),
              seed,
              entrants: null,
              listHash: null,
              winnerId: null,
              committedAt: Date.UTC(2025, 0, 1),
              drawnAt: null,
              paidAt: null,
            }
            yield* drawings.create(drawing)
          }
        }),
      )
    }, 120_000)

    afterAll(async () => {
      await runtime?.dispose()
      await database?.drop()
    })

    const stored = (tier: Drawing["tier"]) =>
      onDatabase(
        Effect.gen(function* () {
          const found = yield* (yield* DrawingRepository).find(MONTH, tier)
          if (found._tag === "None") throw new Error(`no ${tier} drawing`)
          return found.value
        }),
      )

    const overwrite = (id: string, fields: { seed?: string; entrants?: string }) =>
      onDatabase(
        Effect.gen(function* () {
          yield* (yield* Database).run((m) =>
            m
              .createQueryBuilder()
              .update(DrawingTable)
              .set(fields)
              .where("id = :id", { id })
              .execute(),
          )
        }),
      )

    it("draws a closed month once, verifies it, and fails verify after one published byte changes", async () => {
      const draw = await cli("drawings", "draw", MONTH, "--json")
      expect(draw.code, draw.stderr).toBe(0)
      const drawn = JSON.parse(draw.stdout) as Array<{
        drawnNow: boolean
        drawing: { tier: string; entrants: Array<string>; winnerName: string | null }
      }>
      expect(drawn.map((r) => [r.drawing.tier, r.drawnNow, r.drawing.entrants.length])).toEqual([
        ["lite", true, 1],
        ["pro", true, 2],
        ["champ", true, 1],
      ])
      expect(drawn.every((r) => r.drawing.winnerName !== null)).toBe(true)
      const again = JSON.parse((await cli("drawings", "draw", MONTH, "--json")).stdout) as Array<{
        drawnNow: boolean
      }>
      expect(again.map((r) => r.drawnNow)).toEqual([false, false, false])

      const verified = await cli("drawings", "verify", MONTH)
      expect(verified.code, verified.stderr).toBe(0)
      expect(verified.stdout.match(/ ok$/gm)).toHaveLength(3)

      // One hex digit of the pro seed: its SHA-256 no longer matches the commitment.
      const pro = await stored("pro")
      await overwrite(pro.id, { seed: flip(pro.seed, 17) })
      const badSeed = await cli("drawings", "verify", MONTH)
      expect(badSeed.code).toBe(1)
      expect(badSeed.stderr).toMatch(/^error: 2025-01 pro: commitment does not match: /)
      expect(badSeed.stderr.trimEnd().split("\n")).toHaveLength(1)
      expect(badSeed.stdout).toContain("FAILED (commitment)")
      await overwrite(pro.id, { seed: pro.seed })
      expect((await cli("drawings", "verify", MONTH)).code).toBe(0)

      // One character of one entrant id in the published list.
      const entrants = [...(pro.entrants ?? [])]
      entrants[0] = flip(entrants[0] ?? "", 0)
      await overwrite(pro.id, { entrants: JSON.stringify(entrants) })
      const badList = await cli("drawings", "verify", MONTH, "--json")
      expect(badList.code).toBe(1)
      expect(badList.stderr).toMatch(
        /^error: 2025-01 pro: (entrant-order|list-hash) does not match/,
      )
      const report = JSON.parse(badList.stdout) as Array<{ tier: string; ok: boolean }>
      expect(report.map((r) => [r.tier, r.ok])).toEqual([
        ["lite", true],
        ["pro", false],
        ["champ", true],
      ])
    })

    it("lists the drawings with their seeds once drawn; refuses to commit a closed month", async () => {
      const list = await cli("drawings", "list", "--json")
      expect(list.code, list.stderr).toBe(0)
      const all = JSON.parse(list.stdout) as Array<{ month: string; seed: string | null }>
      expect(all.filter((d) => d.month === MONTH).every((d) => d.seed !== null)).toBe(true)
      const closed = await cli("drawings", "commit", MONTH)
      expect(closed.code).toBe(1)
      expect(closed.stderr).toMatch(/^error: month: 2025-01 has ended/)
      const malformed = await cli("drawings", "draw", "2025-13")
      expect(malformed.code).toBe(2)
      expect(malformed.stderr).toMatch(/MONTH must be written YYYY-MM/)
      const commit = await cli("drawings", "commit", "--json")
      expect(commit.code, commit.stderr).toBe(0)
      const committed = JSON.parse(commit.stdout) as Array<{ seed: string | null; status: string }>
      expect(committed.map((d) => [d.status, d.seed])).toEqual([
        ["committed", null],
        ["committed", null],
        ["committed", null],
      ])
    })
  })
}
