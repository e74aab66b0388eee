import { request } from "node:http"
import { mkdir, readdir, readFile, utimes, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sweepOrphanImages } from "../../domain/jobs/sweep-orphan-images.use-case.ts"
import { httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  type Browser,
  roomyRateLimits,
  run,
  signedInMember,
} from "./support/world.ts"

/**
 * What an upload may cost the server before it is refused (issue 16, findings 4 and 6): an
 * entry photo is refused from the fields sent before it, before its bytes are read or processed;
 * uploads are rate-limited per member and per address; a full upload queue answers 503 with
 * Retry-After; the orphan sweep deletes old files no entry points to and old temporary files.
 */

const FIXTURES = join(import.meta.dirname, "../../fixtures")
const MB = 1024 * 1024
const BOUNDARY = "colorday-upload-limits"

type Part =
  | readonly [name: string, value: string]
  | readonly [name: string, file: { readonly filename: string; readonly bytes: Uint8Array }]

const partHead = (name: string, filename?: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${
      filename === undefined ? "" : `; filename="${filename}"\r\nContent-Type: image/jpeg`
    }\r\n\r\n`,
  )

/** A multipart body with its parts in the order given (a browser's FormData keeps the order). */
const multipart = (parts: ReadonlyArray<Part>) =>
  Buffer.concat([
    ...parts.flatMap(([name, value]) =>
      typeof value === "string"
        ? [partHead(name), Buffer.from(`${value}\r\n`)]
        : [partHead(name, value.filename), value.bytes, Buffer.from("\r\n")],
    ),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ])

interface Answer {
  readonly status: number
  readonly retryAfter: string | undefined
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON off the wire
  readonly body: any
}

/**
 * A multipart POST whose body the test writes piece by piece: `send` writes, `finish` ends it;
 * `answer` resolves with the server's answer whenever it comes.
 */
const openUpload = (server: TestServer, browser: Browser, path: string) => {
  const url = new URL(path, server.url)
  const outgoing = request(url, {
    method: "POST",
    headers: {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Transfer-Encoding": "chunked",
      Cookie: browser.cookie ?? "",
    },
  })
  const answer = new Promise<Answer>((resolve, reject) => {
    outgoing.on("error", reject)
    outgoing.on("response", (incoming) => {
      const chunks: Array<Buffer> = []
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk))
      incoming.on("error", reject)
      incoming.on("end", () => {
        const text = Buffer.concat(chunks).toString()
        resolve({
          status: incoming.statusCode ?? 0,
          retryAfter: incoming.headers["retry-after"],
          body: text.startsWith("{") ? JSON.parse(text) : text,
        })
      })
    })
  })
  return {
    send: (bytes: Uint8Array) =>
      new Promise<void>((resolve, reject) =>
        outgoing.write(bytes, (error) => (error ? reject(error) : resolve())),
      ),
    finish: () => outgoing.end(),
    answer,
  }
}

const post = async (
  server: TestServer,
  browser: Browser,
  path: string,
  parts: ReadonlyArray<Part>,
) => {
  const upload = openUpload(server, browser, path)
  await upload.send(multipart(parts))
  upload.finish()
  return upload.answer
}

/** Every file under DATA_DIR/images, temporary files included. */
const storedFiles = async (server: TestServer): Promise<ReadonlyArray<string>> => {
  const root = join(server.dataDir, "images")
  const found = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort()
}

/** Not a picture at all: any image work on it would refuse it with 415 UNSUPPORTED_IMAGE. */
const notAPicture = (bytes: number) => ({ filename: "photo.jpg", bytes: Buffer.alloc(bytes, 0x41) })

describe.each(httpBackends)("upload limits on %s", (backend) => {
  let server: TestServer
  let koi: Buffer

  beforeAll(async () => {
    koi = await readFile(join(FIXTURES, "entries/koi-pond-1.jpg"))
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  describe("an entry photo refused from the fields sent before it", () => {
    it("a member with no credit left gets 402 before the photo is read: an 11 MB non-picture is neither 413 nor 415", async () => {
      const { member, browser } = await signedInMember(server)
      const contest = await addContest(server)
      await addEntry(server, member, contest)
      await addEntry(server, member, contest)
      const before = await storedFiles(server)
      const answer = await post(server, browser, "/api/submissions", [
        ["challenge_id", contest.id],
        ["image", notAPicture(11 * MB)],
      ])
      expect(answer.status).toBe(402)
      expect(answer.body).toMatchObject({ code: "OUT_OF_SUBMISSIONS" })
      expect(await storedFiles(server)).toEqual(before)
    })

    it("an unknown contest is 404 and a closed one 403, before the photo is read", async () => {
      const { browser } = await signedInMember(server)
      const ended = await addContest(server, "ended")
      const before = await storedFiles(server)
      const unknown = await post(server, browser, "/api/submissions", [
        ["challenge_id", "no-such-contest"],
        ["age_group", "senior"],
        ["image", notAPicture(11 * MB)],
      ])
      expect(unknown.status).toBe(404)
      const closed = await post(server, browser, "/api/submissions", [
        ["challenge_id", ended.id],
        ["image", notAPicture(11 * MB)],
      ])
      expect(closed.status).toBe(403)
      expect(closed.body).toMatchObject({ code: "CONTEST_CLOSED" })
      expect(await storedFiles(server)).toEqual(before)
    })

    it("a photo sent before its fields is checked after the body is read, still before any image work", async () => {
      const { member, browser } = await signedInMember(server)
      const contest = await addContest(server)
      await addEntry(server, member, contest)
      await addEntry(server, member, contest)
      const answer = await post(server, browser, "/api/submissions", [
        ["image", notAPicture(MB)],
        ["challenge_id", contest.id],
      ])
      expect(answer.status).toBe(402)
      const missing = await post(server, browser, "/api/submissions", [["image", notAPicture(MB)]])
      expect(missing.status).toBe(400)
      expect(missing.body.message).toMatch(/^challenge_id: /)
    })

    it("an eligible member's photo, fields first, is still entered", async () => {
      const { browser } = await signedInMember(server)
      const contest = await addContest(server)
      const answer = await post(server, browser, "/api/submissions", [
        ["challenge_id", contest.id],
        ["image", { filename: "koi.jpg", bytes: koi }],
      ])
      expect(answer.status).toBe(201)
      expect(answer.body.submission).toMatchObject({ challenge_id: contest.id })
    })
  })

  describe("the orphan sweep", () => {
    const HOUR = 60 * 60_000
    const age = async (path: string, ms: number) => {
      const at = new Date(Date.now() - ms)
      await utimes(path, at, at)
    }

    it("deletes old temporary files and old entry photos no entry points to; keeps entered photos, young files, line art and avatars", async () => {
      const { member } = await signedInMember(server)
      const contest = await addContest(server)
      const entered = await addEntry(server, member, contest)
      const root = join(server.dataDir, "images")
      const entryDir = join(root, "entry")
      await mkdir(join(root, "avatar"), { recursive: true })
      const orphan = crypto.randomUUID()
      const young = crypto.randomUUID()
      const avatar = crypto.randomUUID()
      const files = {
        orphan: [`${orphan}.webp`, `${orphan}.thumb.webp`, `${orphan}.original.jpg`],
        young: [`${young}.webp`, `${young}.thumb.webp`],
        oldTemporary: `.${crypto.randomUUID()}.webp.${crypto.randomUUID()}.tmp`,
        youngTemporary: `.${crypto.randomUUID()}.webp.${crypto.randomUUID()}.tmp`,
      }
      for (const name of [
        ...files.orphan,
        ...files.young,
        files.oldTemporary,
        files.youngTemporary,
      ]) {
        await writeFile(join(entryDir, name), "left by a crash")
      }
      await writeFile(join(root, "avatar", `${avatar}.webp`), "an avatar")
      for (const name of [...files.orphan, files.oldTemporary]) {
        await age(join(entryDir, name), 2 * HOUR)
      }
      await age(join(root, "avatar", `${avatar}.webp`), 2 * HOUR)
      const enteredFiles = (await storedFiles(server)).filter((file) =>
        file.startsWith(entered.image.replace(/\.webp$/, "")),
      )
      expect(enteredFiles.length).toBeGreaterThan(1)
      for (const file of enteredFiles) await age(join(root, file), 2 * HOUR)

      const report = await run(server, sweepOrphanImages(HOUR))

      const left = await storedFiles(server)
      expect(report.orphanImages).toBe(1)
      expect(report.temporaryFiles).toBeGreaterThanOrEqual(1)
      for (const name of [...files.orphan, files.oldTemporary]) {
        expect(left).not.toContain(`entry/${name}`)
      }
      for (const name of [...files.young, files.youngTemporary]) {
        expect(left).toContain(`entry/${name}`)
      }
      for (const file of enteredFiles) expect(left).toContain(file)
      expect(left).toContain(`avatar/${avatar}.webp`)
    })
  })
})

describe("upload rate limits", () => {
  let server: TestServer
  let koi: Buffer

  beforeAll(async () => {
    koi = await readFile(join(FIXTURES, "entries/koi-pond-1.jpg"))
    server = await startTestServer({
      rateLimits: roomyRateLimits({
        upload: { perAddress: 4, perAccount: 2, windowSeconds: 600 },
      }),
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("limits uploads per member, then per address: 429 with Retry-After, before the file is read", async () => {
    const first = await signedInMember(server)
    const second = await signedInMember(server)
    const avatar = (who: typeof first) =>
      post(server, who.browser, `/api/users/${who.member.id}/avatar`, [
        ["image", { filename: "me.jpg", bytes: koi }],
      ])
    expect((await avatar(first)).status).toBe(200)
    expect((await avatar(first)).status).toBe(200)
    const member = await avatar(first)
    expect(member.status).toBe(429)
    expect(member.body).toMatchObject({ code: "RATE_LIMITED" })
    expect(Number(member.retryAfter)).toBeGreaterThan(0)
    // Another member at the same address: one more upload, then the address's limit.
    expect((await avatar(second)).status).toBe(200)
    const address = await avatar(second)
    expect(address.status).toBe(429)
    expect(Number(address.retryAfter)).toBeGreaterThan(0)
  })
})

describe("the upload queue", () => {
  let server: TestServer
  let koi: Buffer

  beforeAll(async () => {
    koi = await readFile(join(FIXTURES, "entries/koi-pond-1.jpg"))
    server = await startTestServer({
      rateLimits: roomyRateLimits(),
      config: { uploads: { queue: 1, retryAfterSeconds: 7 } },
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("answers 503 UPLOADS_BUSY with Retry-After while it is full, and takes uploads again after", async () => {
    const holder = await signedInMember(server)
    const other = await signedInMember(server)
    const avatarParts: ReadonlyArray<Part> = [["image", { filename: "me.jpg", bytes: koi }]]
    // One upload holds the only place: its photo has begun and is not finished.
    const held = openUpload(server, holder.browser, `/api/users/${holder.member.id}/avatar`)
    const whole = multipart(avatarParts)
    const half = Math.floor(whole.length / 2)
    await held.send(whole.subarray(0, half))

    // Until the server has reached the held photo, another upload may still get the place.
    let busy: Answer | undefined
    for (let attempt = 0; attempt < 100 && busy === undefined; attempt++) {
      const answer = await post(
        server,
        other.browser,
        `/api/users/${other.member.id}/avatar`,
        avatarParts,
      )
      if (answer.status === 503) busy = answer
      else {
        expect(answer.status).toBe(200)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    expect(busy?.body).toMatchObject({ code: "UPLOADS_BUSY" })
    expect(busy?.retryAfter).toBe("7")
    // Other routes keep answering meanwhile.
    expect((await other.browser.get("/api/health")).status).toBe(200)

    await held.send(whole.subarray(half))
    held.finish()
    expect((await held.answer).status).toBe(200)
    const after = await post(
      server,
      other.browser,
      `/api/users/${other.member.id}/avatar`,
      avatarParts,
    )
    expect(after.status).toBe(200)
  })
})
