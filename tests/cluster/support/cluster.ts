import { type ChildProcess, execFile, spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { type Effect, type Layer, ManagedRuntime } from "effect"
import { Redis } from "ioredis"
import type { ScryptParameters } from "../../../adapters/crypto/scrypt-password-hasher.ts"
import type { S3Location } from "../../../adapters/images/image-storage.layer.ts"
import { mailConfigFromEnv } from "../../../adapters/mail/mailer.layer.ts"
import { makeAppLayer } from "../../../cli/app.layer.ts"
import { freePort, waitForListening } from "../../e2e/support/site.ts"
import {
  createMysqlDatabase,
  dropMysqlDatabase,
  scopedUrl,
  uniqueDatabaseName,
  withConnection,
} from "../../support/mysql-databases.ts"
import { S3_TEST_CREDENTIALS, type S3TestServer, startS3Server } from "../../support/s3-server.ts"

/**
 * Several `colorday serve` processes on one site, as behind a load balancer: one fresh
 * MariaDB/MySQL database (migrated first with `colorday db migrate`, as an operator would), one
 * S3 bucket (s3rver, a fresh key prefix), one Redis for the rate limits, TRUST_PROXY=1 (the
 * balancer's X-Forwarded-For names the client) and one PUBLIC_URL. Each process is spawned the way
 * the e2e tier spawns its server (site.ts). `run` executes use cases in this process on the same
 * database and bucket, to seed rows the way the CLI would, and `sql` reads them back.
 */

const ROOT = resolve(import.meta.dirname, "../../..")
const NODE = join(ROOT, "node_modules/.bin/node")
const CLI = join(ROOT, "cli/main.ts")

/** MariaDB/MySQL as an administrator (databases are created and dropped here). */
export const CLUSTER_MYSQL_URL = process.env.MYSQL_URL || "mysql://root@127.0.0.1:3306"
/** The shared Redis. */
export const CLUSTER_REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"

/**
 * Members' passwords hashed as cheaply as scrypt allows (the HTTP tier's TEST_PASSWORD_HASHING):
 * hashes name their parameters, so the servers verify them at that cost too.
 */
const CHEAP_HASHING: ScryptParameters = { logN: 4, r: 1, p: 1 }

/** Where rate-limit counters live in Redis (adapters/http/rate-limit-redis.ts). */
const RATE_LIMIT_KEYS = "colorday:rate-limit:"

export interface Instance {
  readonly name: string
  readonly url: string
  /** What the process printed so far (stdout and stderr). */
  readonly log: () => string
  readonly running: () => boolean
  /** SIGKILL: no shutdown, connections and requests in flight cut. */
  readonly kill9: () => Promise<void>
  readonly stop: () => Promise<void>
}

export type AppServices = Layer.Success<ReturnType<typeof makeAppLayer>>

export interface Cluster {
  readonly instances: ReadonlyArray<Instance>
  readonly databaseUrl: string
  readonly location: S3Location
  readonly s3: S3TestServer
  /** The environment every instance starts with. */
  readonly env: NodeJS.ProcessEnv
  /** Starts one more instance (or a restart of a killed one) with `extraEnv` on top. */
  readonly startInstance: (name: string, extraEnv?: NodeJS.ProcessEnv) => Promise<Instance>
  /** Runs a use case in this process, on the cluster's database and bucket. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, AppServices>) => Promise<A>
  readonly runtime: ManagedRuntime.ManagedRuntime<unknown, unknown>
  /** One query on the cluster's database: its rows. */
  readonly sql: <Row = Record<string, unknown>>(
    query: string,
    values?: Array<string | number | null>,
  ) => Promise<Array<Row>>
  /** Deletes the rate-limit counters in Redis whose key mentions one of `markers`. */
  readonly forgetRateLimits: (markers: ReadonlyArray<string>) => Promise<number>
  readonly close: () => Promise<void>
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** `colorday ARGS` run to its end; fails with what it printed unless it exits 0. */
const colorday = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  new Promise<string>((done, fail) => {
    execFile(NODE, [CLI, ...args], { cwd: ROOT, env, timeout: 120_000 }, (error, out, err) => {
      if (error)
        fail(new Error(`colorday ${args.join(" ")} failed: ${error.message}\n${out}${err}`))
      else done(out)
    })
  })

/** Fails with a clear message when a service the tier needs is not there. */
const reachable = async () => {
  try {
    await withConnection(CLUSTER_MYSQL_URL, (c) => c.query("SELECT 1"))
  } catch (error) {
    throw new Error(
      `the cluster tier needs MariaDB/MySQL at ${CLUSTER_MYSQL_URL} (MYSQL_URL): ${(error as Error).message}`,
      { cause: error },
    )
  }
  const redis = new Redis(CLUSTER_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 })
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    throw new Error(
      `the cluster tier needs Redis at ${CLUSTER_REDIS_URL} (REDIS_URL): ${(error as Error).message}`,
      { cause: error },
    )
  } finally {
    redis.disconnect()
  }
}

export const startCluster = async (
  options: {
    readonly instances?: number
    readonly env?: NodeJS.ProcessEnv
    /** Seeds what the instances must find when they start (their scheduler's first tick). */
    readonly prepare?: (seed: Pick<Cluster, "run" | "sql">) => Promise<void>
  } = {},
): Promise<Cluster> => {
  await reachable()
  const cleanups: Array<() => Promise<unknown>> = []
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  }
  try {
    const s3 = await startS3Server()
    cleanups.push(() => s3.close())
    const location = s3.location()
    const database = uniqueDatabaseName("colorday_cluster")
    await createMysqlDatabase(CLUSTER_MYSQL_URL, database)
    cleanups.push(() => dropMysqlDatabase(CLUSTER_MYSQL_URL, database))
    const databaseUrl = scopedUrl(CLUSTER_MYSQL_URL, database)
    const dataDir = await mkdtemp(join(tmpdir(), "colorday-cluster-"))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))

    const ports = await Promise.all(
      Array.from({ length: options.instances ?? 2 }, () => freePort()),
    )
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NO_COLOR: "1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      IMAGE_STORE_URL: s3.imageStoreUrl(location),
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      REDIS_URL: CLUSTER_REDIS_URL,
      TRUST_PROXY: "1",
      // The balancer's address: mails and checkouts point there, whichever instance wrote them.
      PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
      HOST: "127.0.0.1",
      ...options.env,
    }
    // The outbox and the offline checkout, whatever the shell has.
    for (const name of ["SMTP_URL", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "PORT"]) {
      delete env[name]
    }
    await colorday(["db", "migrate"], env)

    const runtime = ManagedRuntime.make(
      makeAppLayer({
        dataDir,
        databaseUrl,
        migrate: false,
        passwordHashing: CHEAP_HASHING,
        mail: { ...mailConfigFromEnv({}), log: () => {} },
        images: { kind: "s3", location, credentials: S3_TEST_CREDENTIALS },
      }),
    )
    cleanups.push(() => runtime.dispose())

    const redis = new Redis(CLUSTER_REDIS_URL, { maxRetriesPerRequest: 1 })
    cleanups.push(() => redis.quit())

    const run: Cluster["run"] = (effect) => runtime.runPromise(effect)
    const sql: Cluster["sql"] = <Row>(query: string, values: Array<string | number | null> = []) =>
      withConnection(databaseUrl, async (c) => (await c.query(query, values))[0] as Array<Row>)
    await options.prepare?.({ run, sql })

    const instances: Array<Instance> = []
    const startInstance = async (
      name: string,
      extraEnv: NodeJS.ProcessEnv = {},
      port?: number,
    ): Promise<Instance> => {
      const listenPort = port ?? (await freePort())
      let output = ""
      const child: ChildProcess = spawn(
        NODE,
        [CLI, "serve", "--port", String(listenPort), "--no-demo"],
        { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] },
      )
      child.stdout?.setEncoding("utf8")
      child.stderr?.setEncoding("utf8")
      child.stdout?.on("data", (chunk: string) => (output += chunk))
      child.stderr?.on("data", (chunk: string) => (output += chunk))
      const exited = new Promise<void>((done) => child.once("exit", () => done()))
      const running = () => child.exitCode === null && child.signalCode === null
      const kill9 = async () => {
        if (!running()) return
        child.kill("SIGKILL")
        await exited
      }
      const stop = async () => {
        if (!running()) return
        child.kill("SIGTERM")
        if (!(await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]))) {
          await kill9()
        }
      }
      cleanups.push(stop)
      try {
        await waitForListening(child, () => output)
      } catch (error) {
        await stop()
        throw new Error(`instance ${name}: ${(error as Error).message}`, { cause: error })
      }
      return {
        name,
        url: `http://127.0.0.1:${listenPort}`,
        log: () => output,
        running,
        kill9,
        stop,
      }
    }
    const started = await Promise.all(
      ports.map((port, index) => startInstance(String.fromCharCode(65 + index), {}, port)),
    )
    instances.push(...started)

    return {
      instances,
      databaseUrl,
      location,
      s3,
      env,
      startInstance: (name, extraEnv) => startInstance(name, extraEnv),
      run,
      runtime: runtime as ManagedRuntime.ManagedRuntime<unknown, unknown>,
      sql,
      forgetRateLimits: async (markers) => {
        let deleted = 0
        for (const marker of markers) {
          const keys: Array<string> = []
          const stream = redis.scanStream({ match: `${RATE_LIMIT_KEYS}*${marker}*`, count: 500 })
          for await (const batch of stream) keys.push(...(batch as Array<string>))
          if (keys.length > 0) deleted += await redis.del(...keys)
        }
        return deleted
      },
      close: cleanUp,
    }
  } catch (error) {
    await cleanUp()
    throw error
  }
}
