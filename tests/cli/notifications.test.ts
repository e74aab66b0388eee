import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Option } from "effect"
import sharp from "sharp"
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest"
import { layerPersistence } from "../../adapters/persistence/persistence.layer.ts"
import { DEFAULT_SETTINGS } from "../../domain/accounts/member-settings.ts"
import { MemberSettingsRepository } from "../../domain/accounts/member-settings.port.ts"
import { TwoFactorRepository } from "../../domain/accounts/two-factor.port.ts"
import { refused, signUp } from "./support/cli-suite.ts"
import { emptyDatabase, type TestDatabase } from "./support/databases.ts"
import { type Run, runCliInProcess } from "./support/run-cli.ts"

/**
 * Issue 24 at the CLI, on the embedded SQLite file: `colorday user reset-2fa` (the dashboard's
 * two-factor reset, audited the same way) and `colorday notifications run --kind weekly-summary`
 * with `--dry-run` and `--json`. The CLI runs in this process, so its clock is this process's
 * Date, set per step with fake timers (only Date is faked).
 */

const HOUR = 3_600_000
/** A Wednesday noon (UTC), in the week before… */
const WEDNESDAY = Date.parse("2026-11-25T12:00:00Z")
/** …this Sunday, after 09:00 UTC: the weekly summary's hour for members in UTC (the default). */
const SUNDAY = Date.parse("2026-11-29T10:00:00Z")

let dir = ""
const files = { lineArt: "", photo: "" }

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "colorday-cli-notify-"))
  files.lineArt = join(dir, "line-art.png")
  files.photo = join(dir, "photo.jpg")
  const canvas = { width: 320, height: 240, channels: 3 as const }
  await sharp({ create: { ...canvas, background: "#ffffff" } })
    .png()
    .toFile(files.lineArt)
  await sharp({ create: { ...canvas, background: "#2e8b57" } })
    .jpeg()
    .toFile(files.photo)
})

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

afterEach(() => {
  vi.useRealTimers()
})

const at = (instant: number) => {
  vi.useFakeTimers({ toFake: ["Date"], now: instant })
}

/** A migrated database of this test's own, and `colorday ARGS` on it. */
const migrated = async () => {
  const database = await emptyDatabase("sqlite", undefined)
  onTestFinished(() => database.drop())
  const run = (...args: ReadonlyArray<string>) => runCliInProcess(args, database.env)
  const migration = await run("db", "migrate")
  expect(migration.code, migration.stderr).toBe(0)
  return { database, run }
}

const json = <A>(run: Run): A => {
  expect(run.stderr, run.stderr).toBe("")
  expect(run.code).toBe(0)
  return JSON.parse(run.stdout) as A
}

interface Member {
  readonly id: string
  readonly email: string
}

const signUpVerified = async (
  run: (...args: ReadonlyArray<string>) => Promise<Run>,
  name: string,
) => json<Member>(await signUp(run, name, "--verified"))

/** Runs `effect` on the test's database, as the CLI would see it. */
const onDatabase = <A>(
  database: TestDatabase,
  effect: Effect.Effect<A, never, TwoFactorRepository | MemberSettingsRepository>,
) =>
  Effect.runPromise(
    effect.pipe(
      Effect.provide(
        layerPersistence({
          databaseUrl: database.databaseUrl,
          sqliteFile: join(database.dataDir, "colorday.sqlite"),
        }),
      ),
    ),
  )

/** Two-factor sign-in on for the member, with three recovery codes, as enrolment leaves it. */
const enrol = (database: TestDatabase, memberId: string) =>
  onDatabase(
    database,
    Effect.gen(function* () {
      const repository = yield* TwoFactorRepository
      const now = Date.now()
      yield* repository.put({
        memberId,
        secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
        createdAt: now - HOUR,
        enabledAt: now - HOUR,
        lastUsedStep: null,
      })
      yield* repository.replaceRecoveryCodes(memberId, ["a1", "b2", "c3"], now - HOUR)
    }),
  )

const twoFactorOf = (database: TestDatabase, memberId: string) =>
  onDatabase(
    database,
    Effect.gen(function* () {
      const repository = yield* TwoFactorRepository
      return {
        on: Option.isSome(yield* repository.find(memberId)),
        codesLeft: yield* repository.recoveryCodesLeft(memberId),
      }
    }),
  )

interface AuditPage {
  readonly items: ReadonlyArray<{
    readonly record: {
      readonly action: string
      readonly actorId: string | null
      readonly targetId: string
      readonly before: unknown
      readonly after: unknown
    }
  }>
}

describe("colorday user reset-2fa", () => {
  it("turns a member's two-factor sign-in off by e-mail or id, audited as the operator's; refuses when it is off or the member is unknown", async () => {
    const { database, run } = await migrated()
    const ada = await signUpVerified(run, "ada")
    const bob = await signUpVerified(run, "bob")
    await enrol(database, ada.id)
    await enrol(database, bob.id)
    expect(await twoFactorOf(database, ada.id)).toEqual({ on: true, codesLeft: 3 })

    const reset = await run("user", "reset-2fa", "ada@example.com")
    expect(reset.code, reset.stderr).toBe(0)
    expect(reset.stdout).toContain("ada@example.com: two-factor sign-in is off")
    expect(await twoFactorOf(database, ada.id)).toEqual({ on: false, codesLeft: 0 })
    // Bob's is untouched until he is reset too, here by id and with --json.
    expect(await twoFactorOf(database, bob.id)).toEqual({ on: true, codesLeft: 3 })
    expect(json<Member>(await run("user", "reset-2fa", bob.id, "--json"))).toMatchObject({
      id: bob.id,
      email: "bob@example.com",
    })
    expect(await twoFactorOf(database, bob.id)).toEqual({ on: false, codesLeft: 0 })

    const audit = json<AuditPage>(
      await run("audit", "--action", "member.two-factor-reset", "--json"),
    )
    expect(
      audit.items.map(({ record }) => [record.action, record.actorId, record.targetId]),
    ).toEqual([
      ["member.two-factor-reset", null, bob.id],
      ["member.two-factor-reset", null, ada.id],
    ])
    expect(audit.items[1]?.record.before).toMatchObject({ twoFactor: true, recoveryCodesLeft: 3 })
    expect(audit.items[1]?.record.after).toEqual({ twoFactor: false })

    refused(await run("user", "reset-2fa", "ada@example.com"), 1, /TWO_FACTOR_NOT_ON/)
    refused(await run("user", "reset-2fa", "nobody@example.com"), 1, /nobody@example\.com/)
    const none = await run("audit", "--action", "member.two-factor-reset", "--json")
    expect(json<AuditPage>(none).items).toHaveLength(2)
  })
})

interface Planned {
  readonly kind: string
  readonly planned: ReadonlyArray<{
    readonly email: string
    readonly timeZone: string
    readonly period: string
    readonly what: string
  }>
}

describe("colorday notifications run --kind weekly-summary", () => {
  it("--dry-run lists who would get what and sends nothing; the run queues each once", async () => {
    at(WEDNESDAY)
    const { database, run } = await migrated()
    const ada = await signUpVerified(run, "ada")
    await signUpVerified(run, "bob")
    const cid = await signUpVerified(run, "cid")
    // cid turned the weekly summary off in Settings.
    await onDatabase(
      database,
      Effect.gen(function* () {
        yield* (yield* MemberSettingsRepository).save(
          cid.id,
          { ...DEFAULT_SETTINGS, email: { ...DEFAULT_SETTINGS.email, weeklySummary: false } },
          WEDNESDAY,
        )
      }),
    )
    const contest = json<{ id: string }>(
      await run(
        "contest",
        "create",
        "--title",
        "Autumn Leaves",
        "--line-art",
        files.lineArt,
        "--start",
        new Date(WEDNESDAY - HOUR).toISOString(),
        "--end",
        new Date(WEDNESDAY + 23 * HOUR).toISOString(),
        "--json",
      ),
    )
    const submitted = await run(
      "submit",
      "--user",
      "ada@example.com",
      "--contest",
      contest.id,
      "--image",
      files.photo,
    )
    expect(submitted.code, submitted.stderr).toBe(0)

    // Before Sunday 09:00 nobody's summary is due.
    const early = await run("notifications", "run", "--kind", "weekly-summary", "--dry-run")
    expect(early.code, early.stderr).toBe(0)
    expect(early.stdout.trim()).toBe("no weekly-summary is due now")

    at(SUNDAY)
    const table = await run("notifications", "run", "--kind", "weekly-summary", "--dry-run")
    expect(table.code, table.stderr).toBe(0)
    const lines = table.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^EMAIL\s+TIME ZONE\s+PERIOD\s+WHAT/)
    expect(lines.slice(1)).toHaveLength(2)
    expect(table.stdout).toMatch(/ada@example\.com\s+UTC\s+2026-11-29\s+1 entry, 0 places/)
    expect(table.stdout).toMatch(
      /bob@example\.com\s+UTC\s+-\s+skipped: nothing to report and nothing new on the site/,
    )
    expect(table.stdout).not.toContain("cid@example.com")

    const planned = json<Planned>(
      await run("notifications", "run", "--kind", "weekly-summary", "--dry-run", "--json"),
    )
    expect(planned.kind).toBe("weekly-summary")
    const byEmail = [...planned.planned].sort((a, b) => a.email.localeCompare(b.email))
    expect(byEmail).toEqual([
      {
        email: "ada@example.com",
        timeZone: "UTC",
        period: "2026-11-29",
        what: "1 entry, 0 places, 0 badges, 0 winners, no next contest",
      },
      {
        email: "bob@example.com",
        timeZone: "UTC",
        period: "-",
        what: "skipped: nothing to report and nothing new on the site",
      },
    ])
    // The dry runs queued nothing: the run now sends ada's, once (with no relay, the CLI's
    // sender writes each mail it delivers as a line on stderr).
    const sent = await run("notifications", "run", "--kind", "weekly-summary", "--json")
    expect(sent.code, sent.stderr).toBe(0)
    expect(JSON.parse(sent.stdout)).toEqual({ kind: "weekly-summary", sent: 1, skipped: 1 })
    expect(sent.stderr.trimEnd().split("\n")).toEqual([
      'mail → ada@example.com "Your week on Colorday" http://localhost:3000/profile',
    ])
    const again = json<{ sent: number }>(
      await run("notifications", "run", "--kind", "weekly-summary", "--json"),
    )
    expect(again.sent).toBe(0)
    const after = json<Planned>(
      await run("notifications", "run", "--kind", "weekly-summary", "--dry-run", "--json"),
    )
    expect(after.planned.map((row) => row.email)).not.toContain(ada.email)
  })
})
