import { type ChildProcess, spawn } from "node:child_process"
import { cpSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { fileURLToPath } from "node:url"
import { demoTemplateDir } from "./run-context.ts"

/**
 * A real `colorday serve` for one test file: its own process, a fresh DATA_DIR (under vitest a copy
 * of the demo world the e2e global setup seeded once, its SQLite file and images; elsewhere a new
 * SQLite file, migrated and seeded on first start), mail to the outbox table, payments
 * through the offline checkout. PUBLIC_URL is the address the browser uses, so the links in mails
 * and the checkout's return URLs point back at this server.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const CLI = join(ROOT, "cli", "main.ts")
const STARTUP_TIMEOUT_MS = 120_000

/** Members the demo world seeds on first start (cli/demo/demo-members.ts). */
export const DEMO_PASSWORD = "colorday-demo"
export const DEMO_MEMBER_EMAIL = "member@colorday.test"
export const DEMO_ADMIN_EMAIL = "admin@colorday.test"

export interface OutboxMail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string | null
  readonly createdAt: number
}

export interface Site {
  /** The site's origin, e.g. http://127.0.0.1:40123 */
  readonly url: string
  readonly dataDir: string
  /** What the server printed so far (stdout and stderr), for failure messages. */
  readonly log: () => string
  /** Mails in the outbox to this address, newest first. */
  readonly mailsTo: (to: string) => ReadonlyArray<OutboxMail>
  /**
   * The first link under `path` (e.g. "/verify-email/") in the newest mail to `to` that has one,
   * waiting up to 15 s for it to arrive. Only mails created after `since` (ms epoch) count.
   */
  readonly linkFromMail: (to: string, path: string, since?: number) => Promise<string>
  readonly stop: () => Promise<void>
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const waitForListening = (child: ChildProcess, output: () => string) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(
        new Error(`colorday serve did not listen within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`),
      )
    }, STARTUP_TIMEOUT_MS)
    const onData = () => {
      if (/is listening on/.test(output())) {
        clearTimeout(timer)
        child.stdout?.off("data", onData)
        resolve()
      }
    }
    child.stdout?.on("data", onData)
    child.once("exit", (code, signal) => {
      clearTimeout(timer)
      reject(
        new Error(
          `colorday serve exited (${String(code ?? signal)}) before listening:\n${output()}`,
        ),
      )
    })
  })

export interface SiteOptions {
  /**
   * The demo world (the default): a copy of the global setup's seeded template, or seeded on first
   * start without one. False: an empty DATA_DIR and `colorday serve --no-demo`.
   */
  readonly demo?: boolean
  /**
   * Writes the test's own world into the fresh DATA_DIR before the server starts (e.g. through
   * the use cases on a runtime of its own, which it must dispose of before it resolves). The demo
   * world is not copied then (the server would not seed it over members either).
   */
  readonly prepare?: (dataDir: string) => Promise<void>
}

export const startSite = async (options: SiteOptions = {}): Promise<Site> => {
  const dataDir = mkdtempSync(join(tmpdir(), "colorday-e2e-"))
  const template = options.demo === false || options.prepare ? undefined : await demoTemplateDir()
  if (template) cpSync(template, dataDir, { recursive: true })
  if (options.prepare) {
    try {
      await options.prepare(dataDir)
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true })
      throw error
    }
  }
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ""
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    PORT: String(port),
    HOST: "127.0.0.1",
  }
  // The embedded defaults, whatever the shell has: the outbox, the offline checkout, SQLite.
  for (const name of ["DATABASE_URL", "SMTP_URL", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) {
    delete env[name]
  }
  // process.execPath: the Node that runs the tests (Node 24 under npm), which runs .ts natively.
  const demo = options.demo === false ? ["--no-demo"] : []
  const child = spawn(process.execPath, [CLI, "serve", "--port", String(port), ...demo], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout.setEncoding("utf8")
  child.stderr.setEncoding("utf8")
  child.stdout.on("data", (chunk: string) => (output += chunk))
  child.stderr.on("data", (chunk: string) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])
      if (!killed) {
        child.kill("SIGKILL")
        await exited
      }
    }
    rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await waitForListening(child, () => output)
  } catch (error) {
    await stop()
    throw error
  }

  const sqliteFile = join(dataDir, "colorday.sqlite")
  const mailsTo = (to: string): ReadonlyArray<OutboxMail> => {
    // Read-only, beside the server's own connection (WAL lets readers in while it writes).
    const db = new DatabaseSync(sqliteFile, { readOnly: true })
    try {
      return db
        .prepare(
          `SELECT recipient AS "to", subject, text_body AS text, html_body AS html, created_at AS createdAt
           FROM mail_outbox WHERE lower(recipient) = lower(?) ORDER BY created_at DESC, id DESC`,
        )
        .all(to) as unknown as Array<OutboxMail>
    } finally {
      db.close()
    }
  }

  const linkFromMail = async (to: string, path: string, since = 0) => {
    const pattern = new RegExp(`${escapeRegExp(url)}${escapeRegExp(path)}[^\\s"'<>)]+`)
    const deadline = Date.now() + 15_000
    for (;;) {
      for (const mail of mailsTo(to)) {
        if (mail.createdAt < since) continue
        const found = pattern.exec(mail.text) ?? pattern.exec(mail.html ?? "")
        if (found) return found[0]
      }
      if (Date.now() > deadline) {
        const subjects = mailsTo(to).map((mail) => mail.subject)
        throw new Error(
          `no mail to ${to} with a link to ${url}${path} (mails to them: ${JSON.stringify(subjects)})`,
        )
      }
      await sleep(200)
    }
  }

  return { url, dataDir, log: () => output, mailsTo, linkFromMail, stop }
}
