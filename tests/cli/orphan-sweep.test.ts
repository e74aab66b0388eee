import { type ChildProcess, spawn } from "node:child_process"
import { mkdir, readdir, readFile, utimes, writeFile } from "node:fs/promises"
import { request } from "node:http"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type BackendName, emptyDatabase, type TestDatabase } from "./support/databases.ts"
import { NODE, REPO, runCliInProcess } from "./support/run-cli.ts"

/**
 * `colorday serve` killed mid-upload (SIGKILL, no chance to clean up), then started again: its
 * start-up sweep deletes what a crash leaves in DATA_DIR/images (half-written temporary files,
 * renditions of an entry never saved) once older than ORPHAN_GRACE_MINUTES, and keeps the photo
 * of an entry that was saved and files younger than that. On SQLite and, with MYSQL_URL, MariaDB.
 */

const STARTUP_MS = 90_000
const HOUR = 60 * 60_000
const PASSWORD = "correct horse battery"
const BOUNDARY = "colorday-orphan-sweep"

interface Serve {
  readonly child: ChildProcess
  readonly url: string
  readonly stderr: () => string
  readonly exited: Promise<unknown>
}

const MYSQL_URL = process.env.MYSQL_URL
const BACKENDS: ReadonlyArray<BackendName> = MYSQL_URL ? ["sqlite", "mysql"] : ["sqlite"]

let database: TestDatabase | undefined
let dataDir: string
let running: Serve | undefined

const env = (): NodeJS.ProcessEnv => {
  const vars: NodeJS.ProcessEnv = { ...database?.env, ORPHAN_GRACE_MINUTES: "60" }
  for (const name of ["PORT", "HOST", "ALLOWED_ORIGINS", "PUBLIC_URL"]) delete vars[name]
  return vars
}

/** `colorday serve --port 0 --no-demo` until it says where it listens. */
const serve = async (): Promise<Serve> => {
  const child = spawn(NODE, ["cli/main.ts", "serve", "--port", "0", "--no-demo"], {
    cwd: REPO,
    env: env(),
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stdout = ""
  let stderr = ""
  child.stdout.setEncoding("utf8")
  child.stderr.setEncoding("utf8")
  child.stderr.on("data", (chunk: string) => (stderr += chunk))
  const exited = new Promise((done) => child.once("exit", done))
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`colorday serve did not listen in time:\n${stderr}`)),
      STARTUP_MS,
    )
    child.stdout.on("data", (chunk: string) => {
      stdout += chunk
      const found = /listening on (http:\/\/\S+)/.exec(stdout)
      if (found?.[1]) {
        clearTimeout(timer)
        done(found[1].replace(/\/$/, ""))
      }
    })
    void exited.then(() => {
      clearTimeout(timer)
      fail(new Error(`colorday serve exited before listening:\n${stderr}`))
    })
  })
  running = { child, url, stderr: () => stderr, exited }
  return running
}

const stop = async (server: Serve, signal: NodeJS.Signals) => {
  server.child.kill(signal)
  await server.exited
  running = undefined
}

/** Every file under DATA_DIR/images, temporary files included. */
const storedFiles = async () => {
  const root = join(dataDir, "images")
  const found = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort()
}

const age = async (file: string, ms: number) => {
  const at = new Date(Date.now() - ms)
  await utimes(join(dataDir, "images", file), at, at)
}

describe.each(BACKENDS)("colorday serve after a crash mid-upload on %s", (backend) => {
  beforeAll(async () => {
    database = await emptyDatabase(backend, MYSQL_URL)
    dataDir = database.dataDir
    // `serve` migrates only the embedded SQLite file; a server database is migrated on purpose.
    if (backend === "mysql") {
      const migrated = await runCliInProcess(["db", "migrate"], env())
      expect(migrated.code, migrated.stderr).toBe(0)
    }
  })

  afterAll(async () => {
    if (running) await stop(running, "SIGKILL")
    await database?.drop()
  })

  it("sweeps old temporary files and unsaved entry photos on start, keeping saved and young ones", async () => {
    const first = await serve()
    const created = await runCliInProcess(
      [
        "user",
        "create",
        "--email",
        "ada@example.test",
        "--password",
        PASSWORD,
        "--first-name",
        "Ada",
        "--last-name",
        "Lovelace",
        "--username",
        "ada",
        "--dob",
        "1990-05-17",
        "--verified",
      ],
      env(),
    )
    expect(created.code, created.stderr).toBe(0)
    const contest = await runCliInProcess(
      [
        "contest",
        "create",
        "--title",
        "Koi",
        "--line-art",
        join(REPO, "fixtures/line-art/autumn-leaves.png"),
        "--start",
        new Date(Date.now() - HOUR).toISOString(),
        "--end",
        new Date(Date.now() + 24 * HOUR).toISOString(),
        "--json",
      ],
      env(),
    )
    expect(contest.code, contest.stderr).toBe(0)
    const contestId = (JSON.parse(contest.stdout) as { id: string }).id

    const signIn = await fetch(`${first.url}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ada@example.test", password: PASSWORD }),
    })
    expect(signIn.status).toBe(200)
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? ""

    // An entry saved before the crash: its photo's files stay.
    const photo = await readFile(join(REPO, "fixtures/entries/koi-pond-1.jpg"))
    const form = new FormData()
    form.set("challenge_id", contestId)
    form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "koi.jpg")
    const entered = await fetch(`${first.url}/api/submissions`, {
      method: "POST",
      body: form,
      headers: { cookie },
    })
    expect(entered.status).toBe(201)
    const image = ((await entered.json()) as { submission: { file_path: string } }).submission
      .file_path
    const id = /entry\/([0-9a-f-]{36})\./.exec(image)?.[1]
    expect(id).toBeDefined()
    const enteredFiles = (await storedFiles()).filter((file) => file.includes(id as string))
    expect(enteredFiles.length).toBeGreaterThan(1)

    // A photo half sent when the server is killed.
    const upload = request(`${first.url}/api/submissions`, {
      method: "POST",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Transfer-Encoding": "chunked",
        Cookie: cookie,
      },
    })
    const failed = new Promise<unknown>((done) => {
      upload.once("error", done)
      upload.once("response", done)
    })
    upload.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="challenge_id"\r\n\r\n${contestId}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    )
    upload.write(photo.subarray(0, Math.floor(photo.length / 2)))
    await stop(first, "SIGKILL")
    expect(await failed).toBeInstanceOf(Error)

    // What a crash at the worst moments leaves: a half-written file and an unsaved entry's
    // renditions, from over an hour ago, and the same from a moment ago.
    const old = crypto.randomUUID()
    const young = crypto.randomUUID()
    const leftovers = {
      old: [`entry/${old}.webp`, `entry/${old}.thumb.webp`, `entry/${old}.original.jpg`],
      oldTemporary: `entry/.${crypto.randomUUID()}.webp.${crypto.randomUUID()}.tmp`,
      young: [`entry/${young}.webp`, `entry/${young}.thumb.webp`],
      youngTemporary: `entry/.${crypto.randomUUID()}.webp.${crypto.randomUUID()}.tmp`,
    }
    await mkdir(join(dataDir, "images", "entry"), { recursive: true })
    for (const file of [
      ...leftovers.old,
      leftovers.oldTemporary,
      ...leftovers.young,
      leftovers.youngTemporary,
    ]) {
      await writeFile(join(dataDir, "images", file), "half written")
    }
    for (const file of [...leftovers.old, leftovers.oldTemporary, ...enteredFiles]) {
      await age(file, 2 * HOUR)
    }

    const second = await serve()
    // The start-up sweep says what it removed; waited for, not timed.
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`no sweep line:\n${second.stderr()}`)),
        STARTUP_MS,
      )
      second.child.stderr?.on("data", () => {
        if (second.stderr().includes("orphan sweep: removed")) {
          clearTimeout(timer)
          done()
        }
      })
      if (second.stderr().includes("orphan sweep: removed")) {
        clearTimeout(timer)
        done()
      }
    })
    expect(second.stderr()).toContain(
      "orphan sweep: removed 1 temporary file(s) and 1 entry photo(s) no entry points to",
    )
    const left = await storedFiles()
    for (const file of [...leftovers.old, leftovers.oldTemporary]) expect(left).not.toContain(file)
    for (const file of [...leftovers.young, leftovers.youngTemporary, ...enteredFiles]) {
      expect(left).toContain(file)
    }
    // The entry is still shown with its photo.
    expect((await fetch(`${second.url}/images/${image.replace(/^\/images\//, "")}`)).status).toBe(
      200,
    )
    await stop(second, "SIGTERM")
  })
})
