import type { AddressInfo } from "node:net"
import { type Command, InvalidArgumentError } from "commander"
import { Cause, Effect, Exit, ManagedRuntime } from "effect"
import { MemberRepository } from "../domain/accounts/member.port.ts"
import { UsageError } from "./run.ts"
import { hostname } from "node:os"
import { runScheduledJobs } from "../domain/jobs/scheduled-jobs.use-case.ts"
import {
  DEFAULT_ORPHAN_GRACE_MS,
  sweepOrphanImages,
} from "../domain/jobs/sweep-orphan-images.use-case.ts"
import { proxyHops } from "../adapters/http/trust-proxy.ts"
import { sweepUploadLeftovers } from "../adapters/http/upload-leftovers.ts"

/** TRUST_PROXY as a hop count; a value that is not one is the operator's mistake, said plainly. */
const trustProxyFromEnv = (): number => {
  try {
    return proxyHops(process.env.TRUST_PROXY)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

/**
 * What `colorday serve`'s process runs with (issue 20: its memory while uploads arrive), where the
 * operator has not set them (README, "Performance"):
 * - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libvips' workers, libuv's pool)
 *   an arena of its own, up to 8 per core, and keeps in each what is freed there;
 * - MALLOC_MMAP_THRESHOLD_=131072: every block of 128 KB or more (photos, pixels, encoded files)
 *   is mapped on its own and given back to the system when freed; by default the threshold
 *   rises to the largest block freed, after which such blocks stay in the heap;
 * - --max-semi-space-size=8: V8's young generation at most 8 MB a semi-space (V8 lets it grow to
 *   64 MB on a large machine: about 50 MB more resident at rest, and Buffers that died young
 *   (an upload's chunks) freed later). No cost in the HTTP bench's read cases was measurable.
 * The upload burst bench's peak: 430–480 MB with none of them, 283–317 MB with them.
 */
export const SERVE_TUNING = {
  env: { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" },
  execArgv: ["--max-semi-space-size=8"],
} as const

/** What a process with this environment and these Node flags lacks of SERVE_TUNING. */
export const missingTuning = (
  env: Readonly<Record<string, string | undefined>>,
  execArgv: ReadonlyArray<string>,
) => {
  const flags = [...execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/)].map(
    (flag) => flag.split("=")[0]?.replaceAll("_", "-") ?? "",
  )
  return {
    env: Object.fromEntries(
      Object.entries(SERVE_TUNING.env).filter(([name]) => env[name] === undefined),
    ),
    execArgv: SERVE_TUNING.execArgv.filter((flag) => !flags.includes(flag.split("=")[0] ?? "")),
  }
}

/**
 * Starts this process again with what it lacks of SERVE_TUNING (process.execve: the same process
 * id, streams and arguments, so whatever started it sees no difference), on Linux only; returns
 * if nothing is missing or the restart is not possible.
 */
const applyTuning = () => {
  const missing = missingTuning(process.env, process.execArgv)
  if (Object.keys(missing.env).length === 0 && missing.execArgv.length === 0) return
  if (process.platform !== "linux" || typeof process.execve !== "function") return
  try {
    process.execve(
      process.execPath,
      [process.execPath, ...process.execArgv, ...missing.execArgv, ...process.argv.slice(1)],
      { ...process.env, ...missing.env },
    )
  } catch {
    // Not restarted: serve as is.
  }
}

/** How often the scheduler looks for work. */
const SCHEDULER_INTERVAL_MS = 60_000

/** The orphan sweep runs on start and every this many scheduler ticks (an hour). */
const SWEEP_EVERY_TICKS = 60

/** ORPHAN_GRACE_MINUTES (default 60): how old an unclaimed image file must be to be swept. */
const orphanGraceFromEnv = (): number => {
  const text = process.env.ORPHAN_GRACE_MINUTES?.trim()
  if (!text) return DEFAULT_ORPHAN_GRACE_MS
  if (!/^\d+$/.test(text)) {
    throw new UsageError(
      `ORPHAN_GRACE_MINUTES must be a whole number of minutes (0 or more), not "${text}"`,
    )
  }
  return Number(text) * 60_000
}

/**
 * `colorday serve`: the site's API in one process. On the embedded default (no DATABASE_URL) it
 * migrates the SQLite file and, on first start, seeds the demo world, so a clean clone answers
 * with real content. With DATABASE_URL the operator migrates and seeds on purpose.
 *
 * It also serves the built web app (apps/web/dist, from `npm run build`) at /; without a build it
 * says so in one line and pages answer 503 while the API works.
 *
 * Environment: PORT (3000), HOST (127.0.0.1), ALLOWED_ORIGINS (comma-separated origins allowed
 * to call the API from a browser), TRUST_PROXY=N behind N proxies (1 or true: one; the client's
 * address is the N-th X-Forwarded-For value from the right), PUBLIC_URL (the
 * origin of absolute URLs in pages' share tags), COLORDAY_EDITOR_TOKEN (lets the editor's frame
 * call /canvases without an admin session), ORPHAN_GRACE_MINUTES (60: how old an image file no
 * row points to, or a temporary file, must be before the sweep deletes it), TMPDIR (where uploads
 * are written as they arrive: a disk rather than a RAM-backed tmpfs keeps them out of memory),
 * MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_ and NODE_OPTIONS (SERVE_TUNING's defaults where unset),
 * plus the composition root's DATA_DIR, DATABASE_URL and COLORDAY_CANVASES.
 */

interface ServeOptions {
  readonly port: number
  readonly host: string
  readonly demo: boolean
}

/**
 * The address this server is reached at when PUBLIC_URL is unset: its port, on `localhost` for a
 * loopback or wildcard host (what a browser on the machine opens), else the host itself. Port 0
 * (any free port, known only once listening) falls back to the default, :3000.
 */
export const listeningUrl = (host: string, port: number): string | undefined => {
  if (port === 0) return undefined
  const local = ["127.0.0.1", "0.0.0.0", "::", "::1", "localhost", ""].includes(host)
  const name = local ? "localhost" : host.includes(":") ? `[${host}]` : host
  return `http://${name}:${port}`
}

export const portArgument = (text: string): number => {
  const port = Number(text)
  if (!/^\d+$/.test(text.trim()) || port > 65_535) {
    throw new InvalidArgumentError("Expected a port number from 0 to 65535.")
  }
  return port
}

const defaultPort = (): number => {
  const text = process.env.PORT?.trim()
  if (!text) return 3000
  try {
    return portArgument(text)
  } catch {
    throw new UsageError(`PORT must be a port number from 0 to 65535, not "${text}"`)
  }
}

/** The browser-facing address: a loopback or wildcard host reads as localhost. */
const publicUrl = (address: AddressInfo): string => {
  const local = ["127.0.0.1", "::1", "0.0.0.0", "::"].includes(address.address)
  const host = local
    ? "localhost"
    : address.family === "IPv6"
      ? `[${address.address}]`
      : address.address
  return `http://${host}:${address.port}`
}

export const firstLine = (cause: Cause.Cause<unknown>) => Cause.pretty(cause).split("\n")[0] ?? ""

/** Resolves on the first SIGINT or SIGTERM; a second one while closing stops at once. */
export const shutdownSignal = () =>
  new Promise<NodeJS.Signals>((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.removeListener("SIGINT", onSignal)
      process.removeListener("SIGTERM", onSignal)
      process.once("SIGINT", () => process.exit(130))
      process.once("SIGTERM", () => process.exit(143))
      resolve(signal)
    }
    process.on("SIGINT", onSignal)
    process.on("SIGTERM", onSignal)
  })

const serve = async (options: ServeOptions): Promise<void> => {
  const orphanGrace = orphanGraceFromEnv()
  // Loaded here, not at the top: the other commands start without the server and its adapters.
  const [
    { startHttpServer },
    { sessionLookup },
    { sharePreviews },
    { DEFAULT_WEB_APPS, NOT_BUILT_MESSAGE, unbuiltWebApps },
    { appConfigFromEnv, makeAppLayer },
    demoFixtures,
    demoWorld,
  ] = await Promise.all([
    import("../adapters/http/server.ts"),
    import("../adapters/http/session-lookup.ts"),
    import("../adapters/http/page-meta.ts"),
    import("../adapters/http/web-app.ts"),
    import("./app.layer.ts"),
    import("./demo/demo-fixtures.ts"),
    import("./demo/demo-world.ts"),
  ])
  const embedded = !process.env.DATABASE_URL
  // Links in mails and the checkout's return addresses need the site's address: PUBLIC_URL, else
  // where this server listens (not a fixed :3000 when PORT says otherwise).
  const env = process.env.PUBLIC_URL?.trim()
    ? process.env
    : { ...process.env, PUBLIC_URL: listeningUrl(options.host, options.port) }
  const runtime = ManagedRuntime.make(makeAppLayer(appConfigFromEnv({ migrate: embedded }, env)))
  try {
    // Builds the layer now (connects, migrates), so a bad database fails before we listen.
    const ready = await runtime.runPromiseExit(Effect.void)
    if (Exit.isFailure(ready)) {
      throw new Error(`cannot open the database: ${firstLine(ready.cause)}`)
    }

    if (!embedded) {
      // The operator migrates a server database on purpose; a server on an old schema would
      // answer every request with a 500.
      const { Database } = await import("../adapters/persistence/database.ts")
      const status = await runtime.runPromise(
        Effect.gen(function* () {
          return yield* (yield* Database).status
        }),
      )
      if (status.pending.length > 0) {
        throw new UsageError(
          `the database has ${status.pending.length} pending migration(s): run \`colorday db migrate\` first`,
        )
      }
    }

    if (embedded && options.demo) {
      const seeded = await runtime.runPromiseExit(
        Effect.gen(function* () {
          const members = yield* MemberRepository
          const first = yield* members.page(null, 1)
          if (first.items.length > 0) return undefined
          return yield* demoWorld.seedDemoWorld(yield* demoFixtures.loadDemoFixtures())
        }),
      )
      if (Exit.isFailure(seeded)) {
        throw new Error(`cannot seed the demo world: ${firstLine(seeded.cause)}`)
      }
      if (seeded.value?.status === "created") {
        const { admin, member } = seeded.value
        process.stderr.write(
          `seeded the demo world (first start): admin ${admin.email}, member ${member.email}, password ${admin.password}\n`,
        )
      }
    }

    // With REDIS_URL, rate-limit counters are shared by every instance (rate-limit-redis.ts).
    const shared = await sharedRateLimits(process.env.REDIS_URL?.trim() || undefined)
    const started = await startHttpServer({
      runtime,
      sessions: sessionLookup,
      previews: sharePreviews,
      config: {
        webApps: DEFAULT_WEB_APPS,
        ...(shared ? { rateLimiters: shared.rateLimiters } : {}),
        publicUrl: process.env.PUBLIC_URL?.trim() || undefined,
        allowedOrigins: (process.env.ALLOWED_ORIGINS ?? "")
          .split(",")
          .map((origin) => origin.trim())
          .filter((origin) => origin !== ""),
        trustProxy: trustProxyFromEnv(),
        editorToken: process.env.COLORDAY_EDITOR_TOKEN?.trim() || undefined,
        requireAdminTwoFactor: process.env.REQUIRE_ADMIN_2FA?.trim().toLowerCase() === "true",
      },
      listen: { host: options.host, port: options.port },
    }).catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code
      if (code === "EADDRINUSE") {
        throw new UsageError(
          `${options.host}:${options.port} is in use; choose another address with --port / PORT or --host / HOST`,
        )
      }
      if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EACCES") {
        throw new UsageError(`cannot listen on ${options.host}:${options.port} (${String(code)})`)
      }
      throw error
    })

    // The scheduler: close ended contests (winner, results, badges) and renew subscriptions on
    // the 1st, every minute, under a database lease per job so one instance runs each.
    // The orphan sweep (image files a crash left behind) on start and every hour.
    const holder = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`
    let ticking = false
    let ticks = 0
    const tick = async () => {
      if (ticking) return
      ticking = true
      const report = await runtime.runPromiseExit(runScheduledJobs(holder))
      if (ticks++ % SWEEP_EVERY_TICKS === 0) {
        const swept = await runtime.runPromiseExit(sweepOrphanImages(orphanGrace))
        // Uploads' temporary files (TMPDIR) that a killed process left, older than the same grace.
        const uploads = await sweepUploadLeftovers(Date.now() - orphanGrace).catch(() => 0)
        if (uploads > 0) {
          process.stderr.write(`orphan sweep: removed ${uploads} upload temporary file(s)\n`)
        }
        if (Exit.isFailure(swept)) {
          process.stderr.write(`orphan sweep: ${firstLine(swept.cause)}\n`)
        } else if (swept.value.temporaryFiles > 0 || swept.value.orphanImages > 0) {
          process.stderr.write(
            `orphan sweep: removed ${swept.value.temporaryFiles} temporary file(s) and ${swept.value.orphanImages} entry photo(s) no entry points to\n`,
          )
        }
      }
      ticking = false
      if (Exit.isFailure(report)) {
        process.stderr.write(`scheduler: ${firstLine(report.cause)}\n`)
      } else if (report.value.closedContests > 0 || report.value.renewedSubscriptions > 0) {
        process.stderr.write(
          `scheduler: closed ${report.value.closedContests} contest(s), renewed ${report.value.renewedSubscriptions} subscription(s)\n`,
        )
      }
    }
    void tick()
    const scheduler = setInterval(() => void tick(), SCHEDULER_INTERVAL_MS)

    // After listening, so a server that cannot start still says one thing only.
    for (const app of unbuiltWebApps(DEFAULT_WEB_APPS)) {
      process.stderr.write(
        `${NOT_BUILT_MESSAGE} (${app.dir} has no index.html): pages at ${app.prefix} answer 503 until then; the API works\n`,
      )
    }

    const stopping = shutdownSignal()
    process.stdout.write(
      `Colorday is listening on ${publicUrl(started.server.address() as AddressInfo)}\n`,
    )
    await stopping
    clearInterval(scheduler)
    await started.close()
    await shared?.close()
  } finally {
    await runtime.dispose()
  }
}

/**
 * Rate limits whose counters live in the Redis at `url`, or undefined without one (each process
 * counts for itself). A Redis that is down at start does not stop the server: the store says so
 * in the log and the limits fail open (sign-in closed) until it answers.
 */
const sharedRateLimits = async (url: string | undefined) => {
  if (url === undefined) return undefined
  const [{ connectRedis, redisRateLimitStore }, { DEFAULT_RATE_LIMITS, makeRateLimiters }] =
    await Promise.all([
      import("../adapters/http/rate-limit-redis.ts"),
      import("../adapters/http/rate-limits.ts"),
    ])
  const client = connectRedis(url)
  const store = redisRateLimitStore(client, {
    log: (line) => process.stderr.write(`${line}\n`),
  })
  await client.connect().catch(() => {})
  return {
    rateLimiters: makeRateLimiters(DEFAULT_RATE_LIMITS, Date.now, store),
    close: () =>
      client.quit().then(
        () => {},
        () => client.disconnect(),
      ),
  }
}

export const registerServe = (program: Command): void => {
  program
    .command("serve")
    .description(
      "starts the contest site (its API and the built web app); on the embedded SQLite default it migrates and, on first start, seeds the demo world",
    )
    .option(
      "--port <port>",
      "port to listen on (default: PORT, else 3000; 0 picks a free one)",
      portArgument,
    )
    .option("--host <host>", "address to listen on (default: HOST, else 127.0.0.1)")
    .option("--no-demo", "do not seed the demo world on first start")
    .action(async (options: { port?: number; host?: string; demo: boolean }) => {
      applyTuning()
      await serve({
        port: options.port ?? defaultPort(),
        host: options.host ?? (process.env.HOST?.trim() || "127.0.0.1"),
        demo: options.demo,
      })
    })
}
