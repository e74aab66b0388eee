import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { Effect, Option } from "effect"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest"
import { OutboxRepository } from "../../../adapters/mail/outbox.ts"
import { layerPersistence } from "../../../adapters/persistence/persistence.layer.ts"
import { SubscriptionRepository } from "../../../domain/plans/subscription.port.ts"
import {
  type BackendName,
  emptyDatabase,
  type TemplateStore,
  type TestDatabase,
  templateStore,
} from "./databases.ts"
import { type Run, runCli, runCliInProcess } from "./run-cli.ts"

/**
 * The `colorday` CLI the way an operator runs it, on one backend (one test file each, so the two
 * run side by side): exit codes, one-line errors and `--json`.
 *
 * The behaviour checks run the CLI in this process, through the same `main` as `node cli/main.ts`
 * (its own streams, environment and runtime per command line). Each test starts from an empty
 * database or from a template migrated and seeded once through the CLI itself (see `Template`
 * and databases.ts), and sees no other test's rows. One check runs the CLI as a real process on
 * the backend: its exit status, and the `db migrate` hint.
 */

const MYSQL_URL = process.env.MYSQL_URL

/** The JSON a `--json` command printed, after checking it succeeded. */
const json = <A>(run: Run): A => {
  expect(run.stderr, run.stderr).toBe("")
  expect(run.code).toBe(0)
  return JSON.parse(run.stdout) as A
}

/** A refusal or a usage error: this exit code and exactly one line on stderr. */
export const refused = (run: Run, code: 1 | 2, pattern: RegExp) => {
  expect(run.code, `${run.stdout}${run.stderr}`).toBe(code)
  expect(run.stderr.trimEnd().split("\n")).toHaveLength(1)
  expect(run.stderr).toMatch(pattern)
  expect(run.stderr).not.toMatch(/\bat .*\(.*:\d+:\d+\)/)
}

const iso = (instant: number) => new Date(instant).toISOString()

interface Member {
  readonly id: string
  readonly email: string
  readonly username: string
  readonly isAdmin: boolean
  readonly isJudge: boolean
  readonly emailVerifiedAt: number | null
}
interface Contest {
  readonly id: string
  readonly status: string
  readonly lineArt: string | null
  readonly endsAt: number
}
interface Submitted {
  readonly entry: { readonly id: string; readonly memberId: string }
  readonly subscription: { readonly remaining: number }
}
interface Closing {
  readonly contest: { readonly id: string }
  readonly result: {
    readonly winnerEntryId: string | null
    readonly winnerMemberId: string | null
    readonly totalEntries: number
    readonly totalVotes: number
  }
  readonly winner: string | null
  readonly badges: ReadonlyArray<{ readonly memberId: string; readonly badgeId: string }>
}

interface AuditPage {
  readonly items: ReadonlyArray<{
    readonly record: {
      readonly action: string
      readonly actorId: string | null
      readonly targetId: string
    }
  }>
}

type Cli = (...args: ReadonlyArray<string>) => Promise<Run>

/** `colorday ARGS` in-process on this database. */
const cliOn =
  (database: TestDatabase): Cli =>
  (...args) =>
    runCliInProcess(args, database.env)

/** The images the commands read: written once for the suite. */
const files = {
  dir: "",
  lineArt: "",
  photo: "",
  notAnImage: "",
  missing: "",
}

/** `colorday user create` of a member named `name` (e-mail, password, username from it). */
export const signUp = (run: Cli, name: string, ...extra: ReadonlyArray<string>) =>
  run(
    "user",
    "create",
    "--email",
    `${name}@example.com`,
    "--password",
    `${name}-secret-password`,
    "--first-name",
    name,
    "--last-name",
    "Tester",
    "--username",
    name,
    "--dob",
    "1990-04-01",
    "--json",
    ...extra,
  )

/** Today's contest, open from an hour ago for a day. */
const createDaily = (run: Cli, now: number) =>
  run(
    "contest",
    "create",
    "--title",
    "Autumn Leaves",
    "--line-art",
    files.lineArt,
    "--start",
    iso(now - 3_600_000),
    "--end",
    iso(now + 23 * 3_600_000),
    "--style",
    "botanical",
    "--json",
  )

/**
 * A short contest of its own type: entries are only accepted while it runs, so it lasts long
 * enough for the entry and the two votes that follow: six times `calibration`, the time a run
 * that stores an image took just before on this machine (a submit does as much), with room to
 * spare, and at least 4 s.
 */
const createFlash = async (run: Cli, calibration: number) => {
  const end = Date.now() + Math.max(4_000, 6 * calibration + 1_000)
  const flash = json<Contest>(
    await run(
      "contest",
      "create",
      "--title",
      "Flash Sketch",
      "--type",
      "flash",
      "--line-art",
      files.lineArt,
      "--start",
      iso(Date.now() - 60_000),
      "--end",
      iso(end),
      "--json",
    ),
  )
  return { flash, end }
}

/**
 * A backend's templates, each built on the one before:
 * - migrated: every migration applied, no rows;
 * - members: ada, bob and cora, verified members;
 * - daily: and the daily contest "Autumn Leaves", running;
 * - voted: and ada's entry in it, with bob's vote;
 * - played: and the flash contest "Flash Sketch": ada's entry, bob's and cora's votes, closed
 *   and announced.
 */
const TEMPLATES = ["migrated", "members", "daily", "voted", "played"] as const
type Template = (typeof TEMPLATES)[number]

/** A backend's templates, and what they hold by name and id. */
interface World {
  readonly backend: BackendName
  readonly templates: TemplateStore
  readonly members: Record<"ada" | "bob" | "cora", Member>
  readonly daily: Contest
  readonly adaEntry: string
  readonly flashEntry: string
}

/** Builds a backend's templates, each on the one before, through the CLI. */
const buildWorld = async (backend: BackendName): Promise<World> => {
  const templates = await templateStore(backend, MYSQL_URL, TEMPLATES)
  const run = cliOn(templates.building)
  json(await run("db", "migrate", "--json"))
  await templates.save("migrated" satisfies Template)

  const signedUp: Partial<Record<"ada" | "bob" | "cora", Member>> = {}
  for (const name of ["ada", "bob", "cora"] as const) {
    signedUp[name] = json<Member>(await signUp(run, name, "--verified"))
  }
  await templates.save("members" satisfies Template)

  const creating = Date.now()
  const daily = json<Contest>(await createDaily(run, creating))
  const calibration = Date.now() - creating
  await templates.save("daily" satisfies Template)

  const adaEntry = json<Submitted>(
    await run(
      "submit",
      "--user",
      "ada@example.com",
      "--contest",
      daily.id,
      "--image",
      files.photo,
      "--json",
    ),
  ).entry.id
  expect((await run("vote", "--user", "bob@example.com", "--entry", adaEntry)).code).toBe(0)
  await templates.save("voted" satisfies Template)

  const { flash, end } = await createFlash(run, calibration)
  const flashEntry = json<Submitted>(
    await run(
      "submit",
      "--user",
      "ada@example.com",
      "--contest",
      flash.id,
      "--image",
      files.photo,
      "--json",
    ),
  ).entry.id
  for (const voter of ["bob", "cora"]) {
    const vote = await run("vote", "--user", `${voter}@example.com`, "--entry", flashEntry)
    expect(vote.code, vote.stderr).toBe(0)
  }
  await sleep(Math.max(0, end - Date.now() + 500))
  json(await run("contest", "close", flash.id, "--json"))
  const announcing = await run("contest", "announce", flash.id)
  expect(announcing.code, announcing.stderr).toBe(0)
  await templates.save("played" satisfies Template)

  return {
    backend,
    templates,
    members: signedUp as Record<"ada" | "bob" | "cora", Member>,
    daily,
    adaEntry,
    flashEntry,
  }
}

const writeFiles = async () => {
  files.dir = await mkdtemp(join(tmpdir(), "colorday-cli-files-"))
  files.lineArt = join(files.dir, "line-art.png")
  files.photo = join(files.dir, "photo.jpg")
  files.notAnImage = join(files.dir, "notes.png")
  files.missing = join(files.dir, "no-such-file.png")
  const canvas = { width: 320, height: 240, channels: 3 as const }
  await sharp({ create: { ...canvas, background: "#ffffff" } })
    .png()
    .toFile(files.lineArt)
  await sharp({ create: { ...canvas, background: "#d2691e" } })
    .jpeg()
    .toFile(files.photo)
  await writeFile(files.notAnImage, "these are not the pixels you are looking for\n")
}

/** The CLI's behaviour checks on `backend` (mysql: MYSQL_URL must be set). */
export const describeCli = (backend: BackendName) =>
  describe(`colorday CLI [${backend}]`, () => {
    let world: World | undefined

    beforeAll(async () => {
      await writeFiles()
      world = await buildWorld(backend)
    }, 240_000)

    afterAll(async () => {
      await world?.templates.drop()
      if (files.dir) await rm(files.dir, { recursive: true, force: true })
    })

    const worldOf = (of: BackendName): World => {
      if (!world || world.backend !== of)
        throw new Error(`no templates for ${of}: see the beforeAll's failure`)
      return world
    }

    /** This test's own database: empty or from a template, dropped when the test is done. */
    const databaseFor = async (
      of: BackendName,
      template: Template | "empty",
    ): Promise<TestDatabase> => {
      const database =
        template === "empty"
          ? await emptyDatabase(of, MYSQL_URL)
          : await worldOf(of).templates.copy(template)
      onTestFinished(() => database.drop())
      return database
    }

    it("prints help and the version with exit 0, and maps commander's usage errors to exit 2", async () => {
      const run = cliOn(await databaseFor(backend, "empty"))
      const help = await run("--help")
      expect(help.code).toBe(0)
      for (const command of [
        "db",
        "contest",
        "user",
        "submit",
        "vote",
        "leaderboard",
        "badges",
        "subscriptions",
      ]) {
        expect(help.stdout).toContain(command)
      }
      expect((await run("contest", "create", "--help")).code).toBe(0)
      expect((await run("--version")).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
      refused(await run("contest", "list", "--no-such-option"), 2, /unknown option/)
      refused(await run("user", "create", "--email", "x@example.com"), 2, /required option/)
      refused(await run("no-such-command"), 2, /unknown command/)
      refused(await run("contest", "list", "--limit", "lots"), 2, /--limit/)
      refused(await run("leaderboard", "--period", "decade"), 2, /--period/)
    })

    it("db migrate applies the migrations once; db status has none pending", async () => {
      const run = cliOn(await databaseFor(backend, "empty"))
      const first = json<{ applied: ReadonlyArray<string> }>(await run("db", "migrate", "--json"))
      expect(first.applied.length).toBeGreaterThan(0)
      const again = json<{ applied: ReadonlyArray<string> }>(await run("db", "migrate", "--json"))
      expect(again.applied).toEqual([])
      const status = json<{ applied: ReadonlyArray<string>; pending: ReadonlyArray<string> }>(
        await run("db", "status", "--json"),
      )
      expect(status.applied).toEqual(first.applied)
      expect(status.pending).toEqual([])
    })

    it("user create signs members up (never printing the hash) and refuses a taken e-mail", async () => {
      const run = cliOn(await databaseFor(backend, "migrated"))
      const members: Record<"ada" | "bob" | "cora", Member | undefined> = {
        ada: undefined,
        bob: undefined,
        cora: undefined,
      }
      for (const name of ["ada", "bob", "cora"] as const) {
        const created = await signUp(run, name, "--verified")
        expect(created.stdout).not.toMatch(/passwordHash|scrypt\$/)
        members[name] = json<Member>(created)
        expect(members[name]).toMatchObject({ email: `${name}@example.com`, username: name })
        expect(members[name]?.emailVerifiedAt).not.toBeNull()
      }
      refused(await signUp(run, "ada"), 1, /EMAIL_TAKEN/)
      refused(
        await run(
          "user",
          "create",
          "--email",
          "kid@example.com",
          "--password",
          "long-enough-pw",
          "--first-name",
          "Kid",
          "--last-name",
          "Tester",
          "--username",
          "kid",
          "--dob",
          iso(Date.now()).slice(0, 10),
        ),
        1,
        /18 or older.*VALIDATION_FAILED/,
      )
      const list = json<{ items: ReadonlyArray<Member> }>(await run("user", "list", "--json"))
      expect(list.items.map((member) => member.email).sort()).toEqual([
        "ada@example.com",
        "bob@example.com",
        "cora@example.com",
      ])
      expect(
        json<Member>(await run("user", "make-admin", "ADA@example.com", "--json")).isAdmin,
      ).toBe(true)
      // Promoting again changes nothing, so the audit log keeps one row, naming the CLI.
      await run("user", "make-admin", "ada@example.com")
      expect(
        json<AuditPage>(await run("audit", "--action", "member.admin", "--json")).items.map(
          (row) => [row.record.action, row.record.actorId, row.record.targetId],
        ),
      ).toEqual([["member.admin", null, members.ada?.id]])
      // The judge role (issue 19), given and taken like the admin role, audited each time.
      expect(json<Member>(await run("user", "judge", "bob@example.com", "--json")).isJudge).toBe(
        true,
      )
      expect((await run("user", "judge", "BOB@example.com", "--remove")).stdout).toContain(
        "bob@example.com is not a judge",
      )
      expect(
        json<AuditPage>(await run("audit", "--action", "member.judge", "--json")).items.map(
          (row) => [row.record.actorId, row.record.targetId],
        ),
      ).toEqual([
        [null, members.bob?.id],
        [null, members.bob?.id],
      ])
      const verified = json<Member>(await run("user", "verify", "bob@example.com", "--json"))
      expect(verified.emailVerifiedAt).toBe(members.bob?.emailVerifiedAt)
      const table = await run("user", "list")
      expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+EMAIL\s+USERNAME/)
      refused(await run("user", "verify", "nobody@example.com"), 1, /No member with id/)
    })

    it("contest create stores the line art and opens the contest", async () => {
      const run = cliOn(await databaseFor(backend, "migrated"))
      const now = Date.now()
      const daily = json<Contest>(await createDaily(run, now))
      expect(daily.status).toBe("active")
      expect(daily.lineArt).toMatch(/^line-art\//)
      const shown = json<Contest>(await run("contest", "show", daily.id, "--json"))
      expect(shown.id).toBe(daily.id)
      const list = json<{ items: ReadonlyArray<Contest> }>(await run("contest", "list", "--json"))
      expect(list.items.map((contest) => contest.id)).toContain(daily.id)
      refused(
        await run(
          "contest",
          "create",
          "--title",
          "Clash",
          "--line-art",
          files.lineArt,
          "--start",
          iso(now),
          "--end",
          iso(now + 3_600_000),
        ),
        1,
        /CONTEST_OVERLAP/,
      )
    })

    it("refuses bad usage with exit 2 and domain refusals with exit 1, in one line", async () => {
      const run = cliOn(await databaseFor(backend, "daily"))
      const { daily } = worldOf(backend)
      const create = (start: string, lineArt: string) =>
        run(
          "contest",
          "create",
          "--title",
          "Bad",
          "--type",
          "weekly",
          "--line-art",
          lineArt,
          "--start",
          start,
          "--end",
          "2031-01-08T00:00:00Z",
        )
      refused(await create("2031-01-01", files.lineArt), 2, /--start/)
      refused(await create("2031-02-30T00:00:00Z", files.lineArt), 2, /--start/)
      refused(
        await create("2031-01-01T00:00:00Z", files.missing),
        2,
        /file not found: .*no-such-file/,
      )
      refused(await create("2031-01-01T00:00:00Z", files.notAnImage), 1, /UNSUPPORTED_IMAGE/)
      const submit = (contest: string, image: string) =>
        run("submit", "--user", "ada@example.com", "--contest", contest, "--image", image)
      refused(await submit("no-such-contest", files.photo), 1, /No contest with id no-such-contest/)
      refused(await submit(daily.id, files.missing), 2, /file not found/)
      refused(await submit(daily.id, files.notAnImage), 1, /UNSUPPORTED_IMAGE/)
      refused(
        await run("stats", "--user", "nobody@example.com"),
        1,
        /No member with id nobody@example\.com/,
      )
      refused(await run("contest", "close"), 2, /--due/)
      refused(await run("contest", "close", daily.id), 1, /CONTEST_NOT_CLOSABLE/)
      // Nothing refused was written.
      const list = json<{ items: ReadonlyArray<Contest> }>(await run("contest", "list", "--json"))
      expect(list.items).toHaveLength(1)
    })

    it("submit enters a photo; vote counts once and refuses a second vote", async () => {
      const run = cliOn(await databaseFor(backend, "daily"))
      const { daily, members } = worldOf(backend)
      const submitted = json<Submitted>(
        await run(
          "submit",
          "--user",
          "ada@example.com",
          "--contest",
          daily.id,
          "--image",
          files.photo,
          "--json",
        ),
      )
      const adaEntry = submitted.entry.id
      expect(submitted.entry.memberId).toBe(members.ada.id)
      expect(submitted.subscription.remaining).toBe(1)
      const vote = await run("vote", "--user", "bob@example.com", "--entry", adaEntry)
      expect(vote.code, vote.stderr).toBe(0)
      expect(vote.stdout).toContain(adaEntry)
      const again = await run("vote", "--user", "bob@example.com", "--entry", adaEntry)
      refused(again, 1, /already voted|VOTE_PERMANENT/)
      const asJson = await run("vote", "--user", "bob@example.com", "--entry", adaEntry, "--json")
      expect(asJson.code).toBe(1)
      expect(JSON.parse(asJson.stdout)).toMatchObject({ error: { code: "VOTE_PERMANENT" } })
      refused(await run("vote", "--user", "ada@example.com", "--entry", adaEntry), 1, /SELF_VOTE/)
    })

    it("leaderboard --json ranks entries by weighted votes", async () => {
      const run = cliOn(await databaseFor(backend, "voted"))
      const { adaEntry } = worldOf(backend)
      const board = json<{ rows: ReadonlyArray<{ rank: number; entryId: string; score: number }> }>(
        await run("leaderboard", "--period", "all", "--json"),
      )
      expect(board.rows[0]).toMatchObject({ rank: 1, entryId: adaEntry, score: 1 })
      const today = json<{ rows: ReadonlyArray<{ entryId: string }> }>(
        await run("leaderboard", "--period", "today", "--tz", "Pacific/Kiritimati", "--json"),
      )
      expect(today.rows.map((row) => row.entryId)).toContain(adaEntry)
      refused(await run("leaderboard", "--tz", "Mars/Olympus_Mons"), 1, /IANA/)
    })

    it("closes an ended contest with its winner; badges award is idempotent", async () => {
      const run = cliOn(await databaseFor(backend, "members"))
      const { members } = worldOf(backend)
      // An archived contest whose window has long passed: due for closing, with nobody in it.
      const creating = Date.now()
      const archived = json<Contest>(
        await run(
          "contest",
          "create",
          "--title",
          "Archive",
          "--type",
          "archive",
          "--line-art",
          files.lineArt,
          "--start",
          "2025-01-01T00:00:00+01:00",
          "--end",
          "2025-01-02T00:00:00+01:00",
          "--json",
        ),
      )
      // A short contest of its own type: entries are only accepted while it runs, so it lasts
      // long enough for the runs below.
      const { flash, end } = await createFlash(run, Date.now() - creating)
      const entry = json<Submitted>(
        await run(
          "submit",
          "--user",
          "ada@example.com",
          "--contest",
          flash.id,
          "--image",
          files.photo,
          "--json",
        ),
      ).entry.id
      for (const voter of ["bob", "cora"]) {
        const vote = await run("vote", "--user", `${voter}@example.com`, "--entry", entry)
        expect(vote.code, vote.stderr).toBe(0)
      }
      await sleep(Math.max(0, end - Date.now() + 500))

      const closing = json<Closing>(await run("contest", "close", flash.id, "--json"))
      expect(closing.result).toMatchObject({
        winnerEntryId: entry,
        winnerMemberId: members.ada.id,
        totalEntries: 1,
        totalVotes: 2,
      })
      expect(closing.winner).toBe("ada")
      expect(closing.badges.map((grant) => grant.badgeId).sort()).toEqual([
        "first-win",
        "peoples-choice",
      ])
      const readable = await run("contest", "show", flash.id)
      expect(readable.stdout).toMatch(/winner\s+ada/)
      // Closing again answers the stored result and grants nothing new.
      const again = json<Closing>(await run("contest", "close", flash.id, "--json"))
      expect(again.result).toEqual(closing.result)
      expect(again.badges).toEqual([])

      // The outbox logs the mail it queued on stderr, as the server's log would show it.
      const announcing = await run("contest", "announce", flash.id, "--json")
      expect(announcing.code, announcing.stderr).toBe(0)
      expect(announcing.stderr).toMatch(/^mail → ada@example\.com "You won "Flash Sketch"!"/)
      const announced = JSON.parse(announcing.stdout) as { winner: { email: string } }
      expect(announced.winner.email).toBe("ada@example.com")
      // Ada, the one entrant, keeps results mail on (the default): hers went too.
      expect(announced).toMatchObject({ resultsMails: 1 })
      expect(announcing.stderr).toMatch(
        /mail → ada@example\.com "The results of "Flash Sketch" are in"/,
      )
      expect((await run("mail", "outbox")).stdout).toContain('You won "Flash Sketch"!')
      refused(await run("contest", "announce", flash.id), 1, /ALREADY_ANNOUNCED/)
      refused(await run("contest", "announce", archived.id), 1, /CONTEST_NOT_CLOSED/)

      const due = json<ReadonlyArray<Closing>>(await run("contest", "close", "--due", "--json"))
      expect(due.map((closed) => closed.contest.id)).toEqual([archived.id])
      expect(due[0]?.result.winnerEntryId).toBeNull()
      expect(
        json<ReadonlyArray<Closing>>(await run("contest", "close", "--due", "--json")),
      ).toEqual([])

      const first = json<ReadonlyArray<{ badgeId: string }>>(await run("badges", "award", "--json"))
      const held = new Set(closing.badges.map((grant) => grant.badgeId))
      expect(first.filter((grant) => held.has(grant.badgeId))).toEqual([])
      expect(json<ReadonlyArray<unknown>>(await run("badges", "award", "--json"))).toEqual([])
      const forAda = await run("badges", "award", "--user", "ada@example.com")
      expect(forAda.code).toBe(0)
      expect(forAda.stdout).toMatch(/no new badges/)
      // Each run is audited as the CLI; badges are audited with the page that granted them.
      const backfills = json<AuditPage>(
        await run("audit", "--action", "badge.backfill", "--json"),
      ).items.map((row) => [row.record.action, row.record.actorId, row.record.targetId])
      expect(backfills.filter(([action]) => action === "badge.backfill")).toEqual([
        ["badge.backfill", null, members.ada.id],
        ["badge.backfill", null, "all"],
        ["badge.backfill", null, "all"],
      ])
      expect(backfills.filter(([action]) => action === "badge.backfill.page")).toHaveLength(
        first.length > 0 ? 1 : 0,
      )
    })

    it("schedules contests from a CSV, all rows or none, and moderates entries; the audit log names the CLI", async () => {
      const run = cliOn(await databaseFor(backend, "played"))
      const { flashEntry } = worldOf(backend)
      // Beside the line art its rows name.
      const csv = join(files.dir, `schedule-${backend}.csv`)
      await writeFile(
        csv,
        'date,title,line_art,description\n2030-05-01,Koi Pond,line-art.png,Fish\n2030-05-02,"Tea, Time",line-art.png,\n',
      )
      const scheduled = json<ReadonlyArray<{ id: string; title: string; startsAt: number }>>(
        await run("contest", "schedule-csv", csv, "--time-zone", "Europe/Paris", "--json"),
      )
      expect(scheduled.map((c) => [c.title, iso(c.startsAt)])).toEqual([
        ["Koi Pond", "2030-04-30T22:00:00.000Z"],
        ["Tea, Time", "2030-05-01T22:00:00.000Z"],
      ])
      // The second row clashes with a day scheduled above: neither row is kept.
      await writeFile(
        csv,
        "date,title,line_art\n2030-05-03,Fresh,line-art.png\n2030-05-02,Again,line-art.png\n",
      )
      refused(
        await run("contest", "schedule-csv", csv, "--time-zone", "Europe/Paris"),
        1,
        /line 3: The window overlaps the contest "Tea, Time"/,
      )
      const titles = json<{ items: ReadonlyArray<{ title: string }> }>(
        await run("contest", "list", "--limit", "100", "--json"),
      ).items.map((c) => c.title)
      expect(titles).toContain("Koi Pond")
      expect(titles).not.toContain("Fresh")
      await writeFile(csv, "date,title\n2030-05-04,No art\n")
      refused(await run("contest", "schedule-csv", csv), 2, /lacks the column\(s\) line_art/)

      refused(await run("entry", "hide", flashEntry), 2, /--reason/)
      const hidden = json<{ moderation: string; moderationReason: string }>(
        await run("entry", "hide", flashEntry, "--reason", "Not the contest's page", "--json"),
      )
      expect(hidden).toMatchObject({
        moderation: "hidden",
        moderationReason: "Not the contest's page",
      })
      const restored = await run("entry", "restore", flashEntry)
      expect(restored.stdout).toMatch(/is visible/)

      const audit = json<{
        items: ReadonlyArray<{ record: { action: string; actorId: string | null } }>
      }>(await run("audit", "--target", flashEntry, "--json"))
      expect(audit.items.map((row) => [row.record.action, row.record.actorId])).toEqual([
        ["entry.restore", null],
        ["entry.hide", null],
      ])
      expect((await run("audit", "--action", "contest.schedule")).stdout).toMatch(
        /operator \(CLI\)\s+contest\.schedule/,
      )
    })

    it("stats --json counts a member's entries, votes received, wins and contests", async () => {
      const run = cliOn(await databaseFor(backend, "played"))
      expect(json(await run("stats", "--user", "ada@example.com", "--json"))).toEqual({
        totalSubmissions: 2,
        totalVotes: 3,
        winCount: 1,
        contestsParticipated: 2,
      })
      const readable = await run("stats", "--user", "ada@example.com")
      expect(readable.stdout).toMatch(/wins\s+1/)
    })

    it("mail outbox lists the newest mails first with their links, or says it is empty", async () => {
      const database = await databaseFor(backend, "played")
      const run = cliOn(database)
      // A fresh embedded database has nothing in its outbox.
      const fresh = cliOn(await databaseFor("sqlite", "empty"))
      expect((await fresh("db", "migrate")).code).toBe(0)
      expect((await fresh("mail", "outbox")).stdout).toMatch(/the outbox is empty/)
      expect(json(await fresh("mail", "outbox", "--json"))).toEqual([])
      // Here the winner's announcement and the results mail to the contest's one entrant are in
      // it already (written in the same moment: either order); these two come after them.
      expect(
        json<ReadonlyArray<{ subject: string }>>(await run("mail", "outbox", "--json"))
          .map((mail) => mail.subject)
          .sort(),
      ).toEqual(['The results of "Flash Sketch" are in', 'You won "Flash Sketch"!'])
      const base = Date.now() + 60_000
      // Mails reach the outbox from the server; here they are written through the same adapter.
      await Effect.runPromise(
        Effect.gen(function* () {
          const outbox = yield* OutboxRepository
          for (const [i, to] of ["ada@example.com", "bob@example.com"].entries()) {
            // Due in a minute: the CLI's sender leaves them queued while this test reads them.
            yield* outbox.add({
              id: crypto.randomUUID(),
              kind: "verify-email",
              to,
              replyTo: null,
              subject: "Verify your e-mail",
              text: `Hi\n\nhttp://localhost:3000/verify-email/token-${i}\n`,
              html: null,
              link: null,
              unsubscribeUrl: null,
              createdAt: base + i * 1000,
              sentAt: null,
              nextAttemptAt: base + i * 1000,
              attempts: 0,
              lastError: null,
            })
          }
        }).pipe(
          Effect.provide(
            layerPersistence({
              databaseUrl: database.databaseUrl,
              sqliteFile: join(database.dataDir, "colorday.sqlite"),
            }),
          ),
        ),
      )
      const listed = await run("mail", "outbox")
      expect(listed.code).toBe(0)
      const lines = listed.stdout.trimEnd().split("\n")
      expect(lines[0]).toMatch(/^QUEUED\s+STATE\s+TO\s+SUBJECT\s+LINK$/)
      expect(lines[1]).toMatch(
        /queued\s+bob@example\.com\s+Verify your e-mail\s+http:\/\/localhost:3000\/verify-email\/token-1$/,
      )
      expect(lines[2]).toMatch(/ada@example\.com/)
      const one = json<ReadonlyArray<{ to: string; text: string }>>(
        await run("mail", "outbox", "--limit", "1", "--json"),
      )
      expect(one.map((mail) => mail.to)).toEqual(["bob@example.com"])
      refused(await run("mail", "outbox", "--limit", "0"), 2, /--limit/)
    })

    it("subscriptions renew gives the subscriptions due their monthly allowance, once", async () => {
      const database = await databaseFor(backend, "members")
      const run = cliOn(database)
      const { members } = worldOf(backend)
      const persistence = layerPersistence({
        databaseUrl: database.databaseUrl,
        sqliteFile: join(database.dataDir, "colorday.sqlite"),
      })
      const ids = [members.ada.id, members.bob.id]
      // Two members whose renewal came due a moment ago, with no credit left.
      await Effect.runPromise(
        Effect.gen(function* () {
          const subscriptions = yield* SubscriptionRepository
          for (const id of ids) {
            const stored = Option.getOrThrow(yield* subscriptions.find(id))
            yield* subscriptions.save({ ...stored, remaining: 0, renewsAt: Date.now() - 1000 })
          }
        }).pipe(Effect.provide(persistence)),
      )
      const renewed = json<{ renewed: number; at: number }>(
        await run("subscriptions", "renew", "--json"),
      )
      expect(renewed.renewed).toBe(2)
      const after = await Effect.runPromise(
        Effect.gen(function* () {
          const subscriptions = yield* SubscriptionRepository
          const found = []
          for (const id of ids) found.push(Option.getOrThrow(yield* subscriptions.find(id)))
          return found
        }).pipe(Effect.provide(persistence)),
      )
      for (const subscription of after) {
        expect(subscription.remaining).toBeGreaterThan(0)
        expect(subscription.renewsAt).toBeGreaterThan(renewed.at)
      }
      expect((await run("subscriptions", "renew")).stdout).toMatch(/no subscription was due/)
    })

    it("as a process: runs on the database its environment names (exit 0), refuses with exit 1, and points an empty database at `colorday db migrate`", async () => {
      const members = await databaseFor(backend, "members")
      const empty = await databaseFor(backend, "empty")
      const [list, nobody, unmigrated] = await Promise.all([
        runCli(["user", "list", "--json"], members.env),
        runCli(["user", "verify", "nobody@example.com"], members.env),
        runCli(["user", "list"], empty.env),
      ])
      expect(
        json<{ items: ReadonlyArray<Member> }>(list)
          .items.map((member) => member.email)
          .sort(),
      ).toEqual(["ada@example.com", "bob@example.com", "cora@example.com"])
      refused(nobody, 1, /^error: No member with id nobody@example\.com/)
      refused(
        unmigrated,
        1,
        /^error: the database has no tables yet: run `colorday db migrate` first\n$/,
      )
      expect(unmigrated.stdout).toBe("")
    })
  })
