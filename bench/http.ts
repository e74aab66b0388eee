// HTTP benchmarks: the real server (`colorday serve`'s composition root) over the demo world, on
// SQLite (a temporary file) and, when MYSQL_URL is set, MySQL/MariaDB (a fresh database, dropped
// afterwards), loaded by autocannon at 64 connections on 127.0.0.1. Prints requests per second
// and p50/p99 latency; never asserts a time. Run with `npm run bench` (after the rule and
// persistence benchmarks), or `npm run bench -- http` / `-- vote` / `-- sqlite` to run only the
// cases whose name ("sqlite http vote") contains one of the words.
//
// The server runs in a child process (this file, with BENCH_HTTP_SERVER set), so autocannon and
// the server do not share one event loop. Cases: GET the current contest, GET the first gallery
// page, GET the leaderboard, POST a vote (the demo artists and 400 bench voters, signed in, on today's entries: the
// case runs until each voter and entry pair has voted once, so it measures accepted votes; 2xx
// and non-2xx are reported apart; the demo artists' and 50 more voters' votes warm it up first,
// then two rounds of fresh voters, printed but not counted, then three, whose median is the row;
// see VOTE_WARMING_ROUNDS), the same
// POST by a visitor (refused 401 before any read: the floor under every POST), and GET
// /api/health, the no-op route, as the ceiling.
//
// The upload burst ("http upload burst") runs on a server of its own (no demo world: eight
// members on the unlimited plan and an open contest): 8 members each POST a 10 MB photo at
// once while GET /api/health is asked over and over; it prints health's p50/p99/max during the
// burst (and before it, for comparison), how the uploads were answered (201, 503 UPLOADS_BUSY)
// and the server's peak RSS (sampled from /proc during the burst) against its RSS idle (once it
// listens, before any upload) and just before the burst, with the server's own event-loop delay
// during the burst (p99, max), which the machine's load does not add to.
//
// Beside req/s, every case prints the server's own CPU per request (user + system time of the
// server process from /proc over the measured run, divided by the requests answered): the load
// on a shared machine moves req/s, much less the CPU a request costs. Its server runs with
// the allocator's and V8's settings `colorday serve` gives itself (SERVE_TUNING in
// cli/serve.command.ts), where the bench's own environment does not set them.
import { type ChildProcess, fork } from "node:child_process"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
// Types only: the load generator and the MySQL client are imported where the parent uses them, so
// the server children (this file too) hold no more than `colorday serve` would.
import type autocannon from "autocannon"
import { Effect, ManagedRuntime } from "effect"
import { missingTuning } from "../cli/serve.command.ts"
import { type Vote, voteRequests } from "./support/votes.ts"
import { decimals, integer, printTable } from "./support/table.ts"

const CONNECTIONS = 64
const DURATION_SECONDS = 10
const WARMUP_SECONDS = 2
const HOST = "127.0.0.1"
/** How long the bench server may take to seed the demo world and listen. */
const SERVER_READY_MS = 300_000

// ---------------------------------------------------------------------------------------------
// The server, in its own process

interface Ready {
  readonly url: string
  readonly seededIn: number
  /** Session cookies of the bench's own voters (VOTE_ROUNDS × BENCH_VOTERS members, signed in). */
  readonly voterCookies: ReadonlyArray<string>
  /** Session cookies of the voters whose votes warm the vote case up (WARMUP_VOTERS members). */
  readonly warmupCookies: ReadonlyArray<string>
}

/**
 * Members made for the vote case beside the demo world's artists, so the case has thousands of
 * voter and entry pairs (each accepted once) and measures accepted votes, not refusals. They get
 * a session directly (no password: hashing 400 passwords would take longer than the case).
 */
const BENCH_VOTERS = 400

/**
 * The vote case runs in rounds, each with voters of its own: VOTE_WARMING_ROUNDS first, printed
 * but not counted (the vote kept getting cheaper for about 20,000 votes: 642, 623, 566, 550, 567
 * and 544 µs of CPU a vote in six rounds of 6,400), then VOTE_MEASURED_ROUNDS, whose median
 * (by req/s) is the row.
 */
const VOTE_WARMING_ROUNDS = 2
const VOTE_MEASURED_ROUNDS = 3
const VOTE_ROUNDS = VOTE_WARMING_ROUNDS + VOTE_MEASURED_ROUNDS

/**
 * Members whose votes warm the vote case up first, unprinted, with the demo artists' (the JIT's
 * first tiers, the database's caches); the warming rounds follow (VOTE_WARMING_ROUNDS).
 */
const WARMUP_VOTERS = 50

const serveForBench = async () => {
  const [
    { startHttpServer },
    { sessionLookup },
    { makeRateLimiters, DEFAULT_RATE_LIMITS },
    { makeAppLayer },
    { mailConfigFromEnv },
    { loadDemoFixtures },
    { seedDemoWorld },
  ] = await Promise.all([
    import("../adapters/http/server.ts"),
    import("../adapters/http/session-lookup.ts"),
    import("../adapters/http/rate-limits.ts"),
    import("../cli/app.layer.ts"),
    import("../adapters/mail/mailer.layer.ts"),
    import("../cli/demo/demo-fixtures.ts"),
    import("../cli/demo/demo-world.ts"),
  ])
  const dataDir = process.env.BENCH_DATA_DIR as string
  const runtime = ManagedRuntime.make(
    makeAppLayer({
      dataDir,
      databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      migrate: true,
      // The outbox: a bench sends no mail.
      mail: mailConfigFromEnv({}),
    }),
  )
  const started = performance.now()
  await runtime.runPromise(
    Effect.flatMap(loadDemoFixtures(), (fixtures) => seedDemoWorld(fixtures)),
  )
  const seededIn = performance.now() - started
  const [
    { insertMember, newMember },
    { openSession },
    { IdSource },
    { UnitOfWork },
    { SESSION_COOKIE },
  ] = await Promise.all([
    import("../domain/accounts/register-member.use-case.ts"),
    import("../domain/accounts/sessions.use-case.ts"),
    import("../domain/shared/id-source.port.ts"),
    import("../domain/shared/unit-of-work.port.ts"),
    import("../adapters/http/app.ts"),
  ])
  const allCookies = await runtime.runPromise(
    Effect.gen(function* () {
      const unitOfWork = yield* UnitOfWork
      const ids = yield* IdSource
      const cookies: Array<string> = []
      for (let n = 0; n < VOTE_ROUNDS * BENCH_VOTERS + WARMUP_VOTERS; n++) {
        const voter = newMember(
          {
            email: `bench-voter-${n}@bench.invalid`,
            username: `benchvoter${n}`,
            firstName: "Bench",
            lastName: "Voter",
            dateOfBirth: "1990-01-01",
            password: "",
            verified: true,
          },
          yield* ids.newId,
          "no password: signed in by the bench",
          Date.now(),
        )
        yield* unitOfWork.transaction(insertMember(voter))
        const { token } = yield* openSession(voter.id)
        cookies.push(`${SESSION_COOKIE}=${token}`)
      }
      return cookies
    }),
  )
  const voterCookies = allCookies.slice(0, VOTE_ROUNDS * BENCH_VOTERS)
  const warmupCookies = allCookies.slice(VOTE_ROUNDS * BENCH_VOTERS)
  // The limits guard against one person guessing or spamming; a benchmark is many people at once.
  const roomy = { perAddress: 100_000_000, perAccount: 100_000_000, windowSeconds: 60 }
  const server = await startHttpServer({
    runtime,
    sessions: sessionLookup,
    config: {
      allowedOrigins: [],
      trustProxy: false,
      rateLimiters: makeRateLimiters(
        Object.fromEntries(
          Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, roomy]),
        ) as typeof DEFAULT_RATE_LIMITS,
      ),
    },
    listen: { host: HOST, port: 0 },
  })
  const stop = async () => {
    await server.close()
    await runtime.dispose()
    process.exit(0)
  }
  process.on("message", (message) => {
    if (message === "stop") void stop()
  })
  process.on("disconnect", () => void stop())
  process.send?.({ url: server.url, seededIn, voterCookies, warmupCookies } satisfies Ready)
}

// ---------------------------------------------------------------------------------------------
// The load, from this process

interface Backend {
  readonly name: "sqlite" | "mysql"
  /** A fresh database URL (mysql) or undefined (sqlite), and how to drop it afterwards. */
  readonly prepare: () => Promise<{ databaseUrl?: string; drop: () => Promise<void> }>
}

const sqliteBackend: Backend = {
  name: "sqlite",
  prepare: () => Promise.resolve({ drop: () => Promise.resolve() }),
}

const mysqlBackend = (url: string): Backend => ({
  name: "mysql",
  prepare: async () => {
    const name = `colorday_bench_http_${Date.now().toString(36)}`
    const { createConnection } = await import("mysql2/promise")
    const connection = await createConnection(url)
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`)
    await connection.end()
    const scoped = new URL(url)
    scoped.pathname = `/${name}`
    return {
      databaseUrl: scoped.toString(),
      drop: async () => {
        const c = await createConnection(url)
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``)
        await c.end()
      },
    }
  },
})

interface Row {
  readonly name: string
  readonly requestsPerSecond: number
  /** The server's CPU (user + system) per request answered, in microseconds; NaN off Linux. */
  readonly cpuMicrosPerRequest: number
  readonly p50: number
  readonly p99: number
  readonly ok: number
  readonly refused: number
  readonly errors: number
  readonly note: string
  readonly aim: string
}

interface Case {
  readonly name: string
  /** Builds the autocannon options for this server, or a reason to skip. */
  readonly prepare: (url: string, votes: ReadonlyArray<Vote>) => autocannon.Options | string
  readonly note: (result: autocannon.Result) => string
  /** Issue 20's aim, against the no-op route measured in the same run (printed, never asserted). */
  readonly aim?: (backend: Backend["name"]) => string
  /** Whether it sends the bench voters' requests (the vote rounds, or signed-in requests). */
  readonly voters?: true
}

/**
 * What a browser sends with a read that matters to the answer's cost: Chromium's Accept-Encoding
 * (the server compresses what it answers over 1 KB).
 */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" }

const get =
  (path: string) =>
  (url: string): autocannon.Options => ({
    url: `${url}${path}`,
    method: "GET",
    headers: BROWSER_HEADERS,
  })

/** The case that votes, in rounds of fresh voters (the others each run once for a while). */
const VOTE_CASE = "http vote"

const CASES: ReadonlyArray<Case> = [
  {
    name: "http current contest",
    prepare: get("/api/challenges/current-active"),
    note: () => "GET /api/challenges/current-active",
    aim: () => "≥ 0.5 of no-op",
  },
  {
    name: "http gallery page",
    prepare: get("/api/gallery?tab=all&sort=top&limit=24"),
    note: () => "GET /api/gallery, first page of 24, top-rated",
    aim: () => "≥ 0.5 of no-op",
  },
  {
    name: "http leaderboard",
    prepare: get("/api/leaderboard"),
    note: () => "GET /api/leaderboard, all time, a visitor (UTC), the default 24 rows",
    aim: () => "≥ 0.5 of no-op",
  },
  {
    name: VOTE_CASE,
    voters: true,
    prepare: (url, votes) => {
      if (votes.length === 0) return "skipped: today's contest has no entry to vote for yet"
      return voteRequests(url, votes)
    },
    note: (result) =>
      `POST a vote; ${result["2xx"]} accepted, the rest 403 VOTE_PERMANENT (already voted) or SELF_VOTE`,
    aim: (backend) => `≥ ${backend === "sqlite" ? "0.3" : "0.2"} of no-op, p99 ≤ 5× no-op's`,
  },
  {
    // Where a vote's cost starts: the same POST by a visitor goes through every middleware, its
    // body is parsed and its route matched, and it is refused (401) before any read or write.
    name: "http post floor",
    prepare: (url, votes) => ({
      url: `${url}/api/submissions/${votes[0]?.entryId ?? "none"}/vote`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    }),
    note: () =>
      "POST a vote as a visitor: refused 401 before any read (what every POST costs before its work)",
  },
  {
    // The floor of a signed-in POST: the same vote sent by signed-in voters, naming a member id
    // that is not theirs, so it is refused (403) once the session is read and the rate limit
    // counted, before the vote's transaction. The vote row less this one is the vote's own work.
    name: "http signed-in floor",
    voters: true,
    prepare: (url, votes) => {
      if (votes.length === 0) return "skipped: no voter to sign in"
      return voteRequests(url, votes, () => ({}), JSON.stringify({ user_id: "someone-else" }))
    },
    note: () =>
      "POST a vote as a member naming another member's id: refused 403 after the session read " +
      "and the rate limit, before any vote is read or written",
  },
  {
    name: "http health (ceiling)",
    prepare: get("/api/health"),
    note: () => "GET /api/health, the no-op route",
  },
]

/**
 * One autocannon run, and how long it really took: from the start to its last answer. autocannon's
 * own `duration` ends at its next once-a-second sample after the last answer (it checks whether
 * to stop only then), so a vote case whose votes were all in after 3.2 s read as 4 s.
 */
const run = async (options: autocannon.Options) => {
  const { default: load } = await import("autocannon")
  return new Promise<{ readonly result: autocannon.Result; readonly seconds: number }>(
    (resolve, reject) => {
      const started = performance.now()
      let lastAnswer = started
      const instance = load(options, (error: unknown, result) => {
        if (error instanceof Error) reject(error)
        else if (error) reject(new Error(`autocannon failed: ${JSON.stringify(error)}`))
        else resolve({ result, seconds: (lastAnswer - started) / 1000 })
      })
      instance.on("response", () => {
        lastAnswer = performance.now()
      })
    },
  )
}

interface VoteCase {
  /** The measured votes, a round each (VOTE_ROUNDS): its bench voters' on today's entries. */
  readonly rounds: ReadonlyArray<ReadonlyArray<Vote>>
  /** The demo artists' and the warm-up voters' votes, cast before the measured ones. */
  readonly warmup: ReadonlyArray<Vote>
}

/** Every demo member signed in (through the API), and the votes of each on today's entries. */
const votesFor = async (
  url: string,
  voterCookies: ReadonlyArray<string>,
  warmupCookies: ReadonlyArray<string>,
): Promise<VoteCase> => {
  const { DEMO_ARTISTS, DEMO_PASSWORD } = await import("../cli/demo/demo-members.ts")
  const none = { rounds: [], warmup: [] }
  const current = await fetch(`${url}/api/challenges/current-active`)
  if (current.status !== 200) return none
  const contest = (await current.json()) as { id: string; status: string }
  if (contest.status !== "active") return none
  const listed = await fetch(
    `${url}/api/submissions/by-challenge/search?challenge_id=${contest.id}&limit=100`,
  )
  const entries = (await listed.json()) as ReadonlyArray<{ id: string; user_id: string }>
  const artistVotes: Array<Vote> = []
  for (const artist of DEMO_ARTISTS) {
    const signIn = await fetch(`${url}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: artist.email, password: DEMO_PASSWORD }),
    })
    if (signIn.status !== 200) continue
    const { user } = (await signIn.json()) as { user: { id: string } }
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
    for (const entry of entries) {
      if (entry.user_id !== user.id) artistVotes.push({ cookie, entryId: entry.id })
    }
  }
  // The bench's own voters have no entries: every entry of the day is theirs to vote for.
  const rounds = Array.from({ length: VOTE_ROUNDS }, (_, round) =>
    voterCookies
      .slice(round * BENCH_VOTERS, (round + 1) * BENCH_VOTERS)
      .flatMap((cookie) => entries.map((entry) => ({ cookie, entryId: entry.id }))),
  )
  // Shuffled (with a fixed seed), so concurrent requests mix voters and entries, as in real life.
  let seed = 20_250_618
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const shuffle = (list: Array<Vote>) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[list[i], list[j]] = [list[j] as Vote, list[i] as Vote]
    }
    return list
  }
  const warmup = warmupCookies.flatMap((cookie) =>
    entries.map((entry) => ({ cookie, entryId: entry.id })),
  )
  return { rounds: rounds.map(shuffle), warmup: shuffle([...artistVotes, ...warmup]) }
}

const millis = decimals(1)

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100

/** The CPU process `pid` has spent so far (user + system, every thread), in µs; NaN off Linux. */
const cpuMicrosOf = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND
  } catch {
    return Number.NaN
  }
}

/** The no-op route's row, the anchor of every ratio printed beside the others. */
const CEILING = "health (ceiling)"

const printRows = (rows: ReadonlyArray<Row>) => {
  const ceiling = rows.find((row) => row.name.endsWith(CEILING))
  const ratio = (value: number, of: number | undefined) =>
    of === undefined || of === 0 ? "" : decimals(2).format(value / of)
  printTable(
    [
      "case",
      "req/s",
      "of no-op",
      "p50 ms",
      "p99 ms",
      "p99 × no-op",
      "CPU µs/req",
      "CPU × no-op",
      "2xx",
      "non-2xx",
      "errors",
      "aim",
      "what",
    ],
    rows.map((row) => [
      row.name,
      integer.format(row.requestsPerSecond),
      row === ceiling ? "" : ratio(row.requestsPerSecond, ceiling?.requestsPerSecond),
      millis.format(row.p50),
      millis.format(row.p99),
      row === ceiling ? "" : ratio(row.p99, ceiling?.p99),
      Number.isNaN(row.cpuMicrosPerRequest) ? "n/a" : integer.format(row.cpuMicrosPerRequest),
      row === ceiling ? "" : ratio(row.cpuMicrosPerRequest, ceiling?.cpuMicrosPerRequest),
      integer.format(row.ok),
      integer.format(row.refused),
      integer.format(row.errors),
      row.aim,
      row.note,
    ]),
  )
}

const benchBackend = async (backend: Backend, cases: ReadonlyArray<Case>) => {
  const dataDir = mkdtempSync(join(tmpdir(), "colorday-bench-http-"))
  const { databaseUrl, drop } = await backend.prepare()
  let child: ChildProcess | undefined
  try {
    // As `colorday serve` runs: with the allocator's and V8's settings it adds where unset.
    const tuning = missingTuning(process.env, process.execArgv)
    child = fork(import.meta.filename, [], {
      execArgv: [...process.execArgv, ...tuning.execArgv],
      env: {
        ...process.env,
        ...tuning.env,
        BENCH_HTTP_SERVER: "1",
        BENCH_DATA_DIR: dataDir,
        BENCH_DATABASE_URL: databaseUrl ?? "",
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    })
    const server = child
    const ready = await new Promise<Ready>((resolve, reject) => {
      // A deadline for a busy machine (it seeds the demo world first), not a pause.
      const timer = setTimeout(
        () => reject(new Error(`the bench server was not ready within ${SERVER_READY_MS} ms`)),
        SERVER_READY_MS,
      )
      server.once("message", (message) => {
        clearTimeout(timer)
        resolve(message as Ready)
      })
      server.once("exit", (code) => {
        clearTimeout(timer)
        reject(new Error(`the bench server exited (${code})`))
      })
    })
    const { rounds, warmup } = cases.some((c) => c.voters)
      ? await votesFor(ready.url, ready.voterCookies, ready.warmupCookies)
      : { rounds: [], warmup: [] }
    const votes = rounds[0] ?? []
    console.log(
      `\n${backend.name}: demo world seeded in ${(ready.seededIn / 1000).toFixed(1)} s; ` +
        `${rounds.length} rounds of ${votes.length} voter/entry pairs for the vote case`,
    )
    /** One measured run of `options` against this server: the vote case's until `amount` answers. */
    const measure = async (
      name: string,
      bench: Case,
      options: autocannon.Options,
      amount?: number,
    ) => {
      const cpuBefore = cpuMicrosOf(server.pid as number)
      const { result, seconds } = await run({
        ...options,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        ...(amount === undefined ? {} : { amount }),
      })
      const cpuSpent = cpuMicrosOf(server.pid as number) - cpuBefore
      return {
        name,
        // Answers over the run's own length, to its last answer (see run): autocannon's average is
        // over whole seconds sampled, and its duration ends at a whole second too.
        requestsPerSecond: result.requests.total / Math.max(seconds, 0.01),
        cpuMicrosPerRequest: cpuSpent / Math.max(1, result.requests.total),
        p50: result.latency.p50,
        p99: result.latency.p99,
        ok: result["2xx"],
        refused: result.non2xx,
        errors: result.errors + result.timeouts,
        note: bench.note(result),
        aim: bench.aim?.(backend.name) ?? "",
      } satisfies Row
    }
    const rows: Array<Row> = []
    for (const bench of cases) {
      const options = bench.prepare(ready.url, votes)
      const name = `${backend.name} ${bench.name}`
      if (typeof options === "string") {
        console.log(`${name}: ${options}`)
        continue
      }
      if (bench.name !== VOTE_CASE) {
        // A short warm-up (JIT, connection pools, the database's caches), not measured.
        await run({ ...options, connections: CONNECTIONS, duration: WARMUP_SECONDS })
        rows.push(await measure(name, bench, options))
        continue
      }
      // The vote case's warm-up is the demo artists' and the warm-up voters' votes, each pair
      // once, as the measured votes are; then each round until every pair has voted once.
      if (warmup.length > 0) {
        await run({
          ...voteRequests(ready.url, warmup),
          connections: CONNECTIONS,
          amount: warmup.length,
        })
      }
      const all: Array<Row> = []
      for (const round of rounds) {
        all.push(await measure(name, bench, voteRequests(ready.url, round), round.length))
      }
      const measured = all.slice(VOTE_WARMING_ROUNDS)
      const byRate = [...measured].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
      const median = byRate[Math.floor(byRate.length / 2)]
      if (!median) continue
      const each = (list: ReadonlyArray<Row>, figure: (row: Row) => number) =>
        list.map((row) => integer.format(figure(row))).join(" · ")
      const warming = all.slice(0, VOTE_WARMING_ROUNDS)
      rows.push({
        ...median,
        note:
          `${median.note}; the median of ${measured.length} rounds: ` +
          `${each(measured, (row) => row.requestsPerSecond)} req/s, ` +
          `${each(measured, (row) => row.cpuMicrosPerRequest)} µs CPU ` +
          `(after ${warming.length} warming: ${each(warming, (row) => row.cpuMicrosPerRequest)} µs)`,
      })
    }
    console.log()
    printRows(rows)
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve))
      child.send("stop")
      // A server still seeding has no "stop" handler yet: it is killed after a while.
      const killer = setTimeout(() => child?.kill("SIGKILL"), 10_000)
      await exited
      clearTimeout(killer)
    }
    await drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------
// The upload burst

const BURST_UPLOADS = 8
const BURST_PASSWORD = "bench upload burst"
/** How often the server's RSS is sampled during the burst. */
const RSS_SAMPLE_MS = 20

interface LoopDelay {
  readonly loopP99Ms: number
  readonly loopMaxMs: number
}

interface UploadReady {
  readonly url: string
  readonly emails: ReadonlyArray<string>
  readonly contestId: string
}

/** A server with 8 members on the unlimited plan and an open contest, in its own process. */
const serveForUploadBurst = async () => {
  const [
    { startHttpServer },
    { sessionLookup },
    { makeRateLimiters, DEFAULT_RATE_LIMITS },
    { makeAppLayer },
    { mailConfigFromEnv },
    { registerMember },
    { createContest },
    { SubscriptionRepository },
    { startSubscription },
  ] = await Promise.all([
    import("../adapters/http/server.ts"),
    import("../adapters/http/session-lookup.ts"),
    import("../adapters/http/rate-limits.ts"),
    import("../cli/app.layer.ts"),
    import("../adapters/mail/mailer.layer.ts"),
    import("../domain/accounts/register-member.use-case.ts"),
    import("../domain/contests/create-contest.use-case.ts"),
    import("../domain/plans/subscription.port.ts"),
    import("../domain/plans/quota.ts"),
  ])
  const runtime = ManagedRuntime.make(
    makeAppLayer({
      dataDir: process.env.BENCH_DATA_DIR as string,
      databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      migrate: true,
      mail: mailConfigFromEnv({}),
    }),
  )
  const now = Date.now()
  const emails = await runtime.runPromise(
    Effect.gen(function* () {
      const subscriptions = yield* SubscriptionRepository
      const made: Array<string> = []
      for (let n = 0; n < BURST_UPLOADS; n++) {
        const member = yield* registerMember({
          email: `burst${n}@example.test`,
          password: BURST_PASSWORD,
          firstName: "Bench",
          lastName: `Member ${n}`,
          username: `burst${n}`,
          dateOfBirth: "1990-05-17",
          verified: true,
        })
        yield* subscriptions.save(startSubscription(member.id, now, "champ"))
        made.push(member.email)
      }
      return made
    }),
  )
  const contest = await runtime.runPromise(
    createContest({
      title: "Upload burst",
      description: "The upload bench's contest",
      contestType: "burst",
      artStyle: "mandala",
      startsAt: now - 60 * 60_000,
      endsAt: now + 24 * 60 * 60_000,
    }),
  )
  const roomy = { perAddress: 100_000_000, perAccount: 100_000_000, windowSeconds: 60 }
  const server = await startHttpServer({
    runtime,
    sessions: sessionLookup,
    config: {
      allowedOrigins: [],
      trustProxy: false,
      rateLimiters: makeRateLimiters(
        Object.fromEntries(
          Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, roomy]),
        ) as typeof DEFAULT_RATE_LIMITS,
      ),
    },
    listen: { host: HOST, port: 0 },
  })
  const stop = async () => {
    await server.close()
    await runtime.dispose()
    process.exit(0)
  }
  // The server's own event-loop delay: what its requests wait for, apart from the machine's load.
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  process.on("message", (message) => {
    if (message === "stop") void stop()
    if (message === "loop-reset") loop.reset()
    if (message === "loop-report") {
      process.send?.({
        loopP99Ms: loop.percentile(99) / 1e6,
        loopMaxMs: loop.max / 1e6,
      } satisfies LoopDelay)
    }
  })
  process.on("disconnect", () => void stop())
  process.send?.({ url: server.url, emails, contestId: contest.id } satisfies UploadReady)
}

/** A photo of about `bytes` (a JPEG of noise, which does not compress), at most 10 MB. */
const noisePhoto = async (bytes: number) => {
  const { default: sharp } = await import("sharp")
  // Noise at quality 95 takes about a byte a pixel: a first guess, then a few corrections.
  const side = Math.round(Math.sqrt(bytes))
  const make = (width: number) => {
    const raw = Buffer.alloc(width * width * 3)
    let seed = 20_251_125
    for (let at = 0; at < raw.length; at++) {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) | 0
      raw[at] = (seed >>> 16) & 0xff
    }
    return sharp(raw, { raw: { width, height: width, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer()
  }
  // Closer each time (a JPEG's size grows with its pixels); the largest one within `bytes`.
  let width = side
  let best: Buffer | undefined
  for (let round = 0; round < 4; round++) {
    const photo = await make(width)
    if (photo.length <= bytes && photo.length > (best?.length ?? 0)) best = photo
    width = Math.floor(width * Math.sqrt(bytes / photo.length) * 0.995)
  }
  return best ?? (await make(Math.floor(side / 2)))
}

/** The resident set of process `pid` in bytes (Linux), or undefined elsewhere. */
const rssOf = (pid: number): number | undefined => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8")
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
    return kb === undefined ? undefined : Number(kb) * 1024
  } catch {
    return undefined
  }
}

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0)

/** GET /api/health one after another until `until` settles: each one's milliseconds. */
const healthTimes = async (url: string, until: Promise<unknown>) => {
  let done = false
  void until.finally(() => (done = true))
  const times: Array<number> = []
  while (!done) {
    const started = performance.now()
    const response = await fetch(`${url}/api/health`)
    await response.arrayBuffer()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)
}

const benchUploadBurst = async (backend: Backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), "colorday-bench-upload-"))
  const { databaseUrl, drop } = await backend.prepare()
  let child: ChildProcess | undefined
  try {
    // As `colorday serve` runs: with the allocator's and V8's settings it adds where unset.
    const tuning = missingTuning(process.env, process.execArgv)
    child = fork(import.meta.filename, [], {
      execArgv: [...process.execArgv, ...tuning.execArgv],
      env: {
        ...process.env,
        ...tuning.env,
        BENCH_HTTP_SERVER: "upload",
        BENCH_DATA_DIR: dataDir,
        BENCH_DATABASE_URL: databaseUrl ?? "",
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    })
    const server = child
    const ready = await new Promise<UploadReady>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`the upload bench server was not ready within ${SERVER_READY_MS} ms`)),
        SERVER_READY_MS,
      )
      server.once("message", (message) => {
        clearTimeout(timer)
        resolve(message as UploadReady)
      })
      server.once("exit", (code) => {
        clearTimeout(timer)
        reject(new Error(`the upload bench server exited (${code})`))
      })
    })
    const cookies = await Promise.all(
      ready.emails.map(async (email) => {
        const signIn = await fetch(`${ready.url}/api/users/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: BURST_PASSWORD }),
        })
        if (signIn.status !== 200) throw new Error(`${email} could not sign in (${signIn.status})`)
        return (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
      }),
    )
    const photo = await noisePhoto(10 * 1000 * 1000)
    const upload = async (cookie: string) => {
      const form = new FormData()
      form.set("challenge_id", ready.contestId)
      form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "burst.jpg")
      const response = await fetch(`${ready.url}/api/submissions`, {
        method: "POST",
        body: form,
        headers: { cookie },
      })
      await response.arrayBuffer()
      return response.status
    }
    const pid = server.pid as number
    const rssIdle = rssOf(pid)
    // Warm-up: one upload alone (sharp's first use, JIT), then health at rest.
    await upload(cookies[0] as string)
    const quiet = await healthTimes(ready.url, new Promise((resolve) => setTimeout(resolve, 2000)))
    const loopDelay = () =>
      new Promise<LoopDelay>((resolve) => {
        server.once("message", (message) => resolve(message as LoopDelay))
        server.send("loop-report")
      })
    server.send("loop-reset")
    const rssBefore = rssOf(pid)
    let peak = rssBefore ?? 0
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid) ?? 0)
    }, RSS_SAMPLE_MS)
    const started = performance.now()
    const burst = Promise.all(cookies.map(upload))
    const during = await healthTimes(ready.url, burst)
    const statuses = await burst
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    peak = Math.max(peak, rssOf(pid) ?? 0)
    const loop = await loopDelay()
    const count = (status: number) => statuses.filter((s) => s === status).length
    const other = statuses.filter((s) => s !== 201 && s !== 503)
    const mb = (bytes: number | undefined) =>
      bytes === undefined || bytes === 0 ? "n/a" : integer.format(bytes / 1024 / 1024)
    console.log(
      `\n${backend.name} http upload burst: ${BURST_UPLOADS} parallel uploads of a ` +
        `${decimals(1).format(photo.length / 1000 / 1000)} MB photo, GET /api/health one after another meanwhile`,
    )
    printTable(
      [
        "case",
        "health n",
        "p50 ms",
        "p99 ms",
        "max ms",
        "loop p99 ms",
        "loop max ms",
        "rss idle MB",
        "rss before MB",
        "peak rss MB",
        "what",
      ],
      [
        [
          `${backend.name} health at rest`,
          integer.format(quiet.length),
          millis.format(percentile(quiet, 0.5)),
          millis.format(percentile(quiet, 0.99)),
          millis.format(quiet.at(-1) ?? 0),
          "",
          "",
          "",
          "",
          "",
          "2 s before the burst",
        ],
        [
          `${backend.name} health during upload burst`,
          integer.format(during.length),
          millis.format(percentile(during, 0.5)),
          millis.format(percentile(during, 0.99)),
          millis.format(during.at(-1) ?? 0),
          millis.format(loop.loopP99Ms),
          millis.format(loop.loopMaxMs),
          mb(rssIdle),
          mb(rssBefore),
          mb(peak),
          `burst ${decimals(1).format(seconds)} s: ${count(201)} entered (201), ${count(503)} UPLOADS_BUSY (503)` +
            (other.length > 0 ? `, others: ${other.join(" ")}` : ""),
        ],
      ],
    )
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve))
      child.send("stop")
      const killer = setTimeout(() => child?.kill("SIGKILL"), 10_000)
      await exited
      clearTimeout(killer)
    }
    await drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const UPLOAD_BURST_CASE = "http upload burst"

const main = async () => {
  const only = process.argv.slice(2)
  const mysqlUrl = process.env.MYSQL_URL?.trim()
  const backends = [sqliteBackend, ...(mysqlUrl ? [mysqlBackend(mysqlUrl)] : [])]
  const selected = (backend: Backend) =>
    CASES.filter(
      (bench) =>
        only.length === 0 || only.some((word) => `${backend.name} ${bench.name}`.includes(word)),
    )
  const plan = backends.map((backend) => ({ backend, cases: selected(backend) }))
  const burstOn = (backend: Backend) =>
    only.length === 0 || only.some((word) => `${backend.name} ${UPLOAD_BURST_CASE}`.includes(word))
  if (plan.every(({ backend, cases }) => cases.length === 0 && !burstOn(backend))) {
    // Not an error: the words may have been meant for the other benchmarks.
    console.log(
      `\nNo HTTP case matches ${only.join(", ")}; cases: ${[...CASES.map((c) => c.name), UPLOAD_BURST_CASE].join("; ")} ` +
        `(prefix a backend: sqlite, mysql)`,
    )
    return
  }
  console.log(
    `\nColorday HTTP bench: Node ${process.version}, autocannon, ${CONNECTIONS} connections on ` +
      `${HOST}, ${DURATION_SECONDS} s per case (after ${WARMUP_SECONDS} s of warm-up), the server ` +
      `in its own process over the demo world. Figures only: nothing is asserted.`,
  )
  if (!mysqlUrl) {
    console.log(
      "\n!!! MYSQL_URL is not set: the MySQL/MariaDB HTTP benchmarks are SKIPPED. " +
        "Run `MYSQL_URL=mysql://root@127.0.0.1:3306/test npm run bench` to include them.",
    )
  }
  for (const { backend, cases } of plan) {
    if (cases.length > 0) {
      try {
        await benchBackend(backend, cases)
      } catch (error) {
        console.error(`\n${backend.name}: the HTTP bench failed:`, error)
        process.exitCode = 1
      }
    }
    if (burstOn(backend)) {
      try {
        await benchUploadBurst(backend)
      } catch (error) {
        console.error(`\n${backend.name}: the upload burst bench failed:`, error)
        process.exitCode = 1
      }
    }
  }
}

if (process.env.BENCH_HTTP_SERVER === "upload") await serveForUploadBurst()
else if (process.env.BENCH_HTTP_SERVER) await serveForBench()
else await main()
