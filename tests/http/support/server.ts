import { cp, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Effect, type Layer, ManagedRuntime } from "effect"
import { inject } from "vitest"
import type { ScryptParameters } from "../../../adapters/crypto/scrypt-password-hasher.ts"
import type { HttpConfig } from "../../../adapters/http/app.ts"
import type { RateLimit } from "../../../adapters/http/rate-limits.ts"
import { makeRateLimiters } from "../../../adapters/http/rate-limits.ts"
import type { RateLimitName } from "../../../adapters/http/route.ts"
import type { ImageStorageConfig } from "../../../adapters/images/image-storage.layer.ts"
import { type MailConfig, mailConfigFromEnv } from "../../../adapters/mail/mailer.layer.ts"
import { startHttpServer } from "../../../adapters/http/server.ts"
import type { PaymentsConfig } from "../../../adapters/payments/payments.layer.ts"
import { sessionLookup } from "../../../adapters/http/session-lookup.ts"
import { sharePreviews } from "../../../adapters/http/page-meta.ts"
import { makeAppLayer } from "../../../cli/app.layer.ts"
import type { PushConfig } from "../../../adapters/push/vapid-keys.ts"
import type { Canvas } from "../../../domain/editing/canvases.port.ts"
import {
  createWithTablesStatements,
  dropMysqlDatabase,
  refillStatements,
  scopedUrl,
  uniqueDatabaseName,
  withConnection,
} from "../../support/mysql-databases.ts"

/**
 * A real server for the HTTP tests: the Koa app on 127.0.0.1 (a free port) over the same
 * composition root as `colorday serve`, on a fresh SQLite file — or, on the "mysql" backend (when
 * MYSQL_URL is set), a fresh MySQL/MariaDB database dropped afterwards. Each starts as a copy of
 * the run's migrated template (global-setup.ts): the SQLite file copied, the MySQL tables created
 * from the template's `CREATE TABLE` statements and its rows copied, so no server migrates.
 * Passwords are hashed at TEST_PASSWORD_HASHING, through the composition root's configuration.
 */
export type Backend = "sqlite" | "mysql"

export const MYSQL_URL = process.env.MYSQL_URL

/**
 * The test servers' scrypt parameters: as cheap as scrypt allows, so signing members up and in
 * costs next to nothing. Production keeps OWASP's (adapters/crypto/scrypt-password-hasher.ts,
 * checked by its test); hashes still name their parameters, so the code paths are the same.
 */
export const TEST_PASSWORD_HASHING: ScryptParameters = { logN: 4, r: 1, p: 1 }

/** A data folder and database for one server, copied from the run's migrated templates. */
const databaseFromTemplate = async (
  backend: Backend,
): Promise<{ dataDir: string; databaseUrl: string | undefined; drop: () => Promise<void> }> => {
  const templates = inject("httpTemplates")
  const dataDir = await mkdtemp(join(tmpdir(), "colorday-http-"))
  const removeDir = () => rm(dataDir, { recursive: true, force: true })
  if (backend === "sqlite") {
    await cp(templates.sqliteDir, dataDir, { recursive: true })
    return { dataDir, databaseUrl: undefined, drop: removeDir }
  }
  if (!MYSQL_URL || !templates.mysql) throw new Error("the mysql backend needs MYSQL_URL")
  const { database: template, tables } = templates.mysql
  const name = uniqueDatabaseName("colorday_http")
  await withConnection(MYSQL_URL, (c) =>
    c.query(
      [
        ...createWithTablesStatements(name, tables),
        ...refillStatements(template, name, tables),
      ].join(";\n"),
    ),
  )
  return {
    dataDir,
    databaseUrl: scopedUrl(MYSQL_URL, name),
    drop: async () => {
      await dropMysqlDatabase(MYSQL_URL, name)
      await removeDir()
    },
  }
}

/** The databases the HTTP suites run on: SQLite always, MariaDB/MySQL when MYSQL_URL is set. */
export const httpBackends: ReadonlyArray<Backend> = MYSQL_URL ? ["sqlite", "mysql"] : ["sqlite"]

/** The services of the composition root: what `run` may use. */
export type AppServices = Layer.Success<ReturnType<typeof makeAppLayer>>

export interface TestServer {
  readonly url: string
  readonly backend: Backend
  readonly dataDir: string
  readonly runtime: ManagedRuntime.ManagedRuntime<unknown, unknown>
  /** Runs an effect on the server's own runtime (to seed rows or read them back). */
  readonly run: <A, E>(effect: Effect.Effect<A, E, AppServices>) => Promise<A>
  readonly close: () => Promise<void>
}

export const startTestServer = async (
  options: {
    readonly backend?: Backend
    readonly rateLimits?: Partial<Record<RateLimitName, RateLimit>>
    readonly config?: Partial<HttpConfig>
    /** Mail settings; by default the outbox (whatever SMTP_URL the shell has), e.g. { smtpUrl }. */
    readonly mail?: Partial<MailConfig>
    /** Payment settings; by default the offline checkout (whatever STRIPE_* the shell has). */
    readonly payments?: Partial<PaymentsConfig>
    /** The editor's canvases (none by default, whatever COLORDAY_CANVASES the shell has). */
    readonly canvases?: ReadonlyArray<Canvas>
    /** Where images live; by default the copy's DATA_DIR/images (whatever IMAGE_STORE_URL says). */
    readonly images?: ImageStorageConfig
    /** Web Push; by default keys generated into the copy's DATA_DIR (SQLite) or push off (MySQL). */
    readonly push?: PushConfig
  } = {},
): Promise<TestServer> => {
  const backend = options.backend ?? "sqlite"
  const { dataDir, databaseUrl, drop } = await databaseFromTemplate(backend)
  // The embedded default's sender logs nothing here: tests read the outbox table.
  const mail: MailConfig = { ...mailConfigFromEnv({}), log: () => {}, ...options.mail }
  const payments: PaymentsConfig = { publicUrl: mail.publicUrl, ...options.payments }
  const runtime = ManagedRuntime.make(
    makeAppLayer({
      dataDir,
      databaseUrl,
      // A no-op on the migrated copy (its migrations table came with it), kept so that a server
      // never runs on a schema behind the code.
      migrate: true,
      passwordHashing: TEST_PASSWORD_HASHING,
      mail,
      payments,
      canvases: options.canvases ?? [],
      images: options.images,
      push: options.push,
    }),
  )
  const { DEFAULT_RATE_LIMITS } = await import("../../../adapters/http/rate-limits.ts")
  const started = await startHttpServer({
    runtime,
    sessions: sessionLookup,
    previews: sharePreviews,
    config: {
      allowedOrigins: [],
      trustProxy: false,
      rateLimiters: makeRateLimiters({ ...DEFAULT_RATE_LIMITS, ...options.rateLimits }),
      log: () => {},
      ...options.config,
    },
    listen: { host: "127.0.0.1", port: 0 },
  })
  return {
    url: started.url,
    backend,
    dataDir,
    runtime: runtime as ManagedRuntime.ManagedRuntime<unknown, unknown>,
    run: (effect) => runtime.runPromise(effect),
    close: async () => {
      await started.close()
      await runtime.dispose()
      await drop()
    },
  }
}

/** A tiny HTTP client with a cookie jar: one per simulated browser. */
export const client = (baseUrl: string, origin?: string) => {
  let cookie: string | null = null
  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(cookie ? { Cookie: cookie } : {}),
        ...(origin ? { Origin: origin } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    })
    const setCookie = response.headers.get("set-cookie")
    if (setCookie) {
      const pair = setCookie.split(";")[0] ?? ""
      cookie =
        pair.endsWith("=") ||
        /max-age=0/i.test(setCookie) ||
        /expires=Thu, 01 Jan 1970/i.test(setCookie)
          ? null
          : pair
    }
    const text = await response.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = text
    }
    // The suites read bodies loosely, as the spec's client does; their assertions check the shape.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, body: json as any, text }
  }
  return {
    get: (path: string, headers?: Record<string, string>) =>
      request("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      request("POST", path, body ?? {}, headers),
    put: (path: string, body?: unknown, headers?: Record<string, string>) =>
      request("PUT", path, body ?? {}, headers),
    delete: (path: string, headers?: Record<string, string>) =>
      request("DELETE", path, undefined, headers),
    request,
    get cookie() {
      return cookie
    },
    set cookie(value: string | null) {
      cookie = value
    },
  }
}
