import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  type Browser,
  roomyRateLimits,
  signedInMember,
} from "./support/world.ts"

/**
 * An upload is written to a temporary file as it arrives, not kept in memory (issue 20): the
 * file is private to the server's user and deleted with the answer, whatever the answer is.
 * TMPDIR is this test's own folder, so the server's upload files there are this test's.
 */

const FIXTURES = join(import.meta.dirname, "../../fixtures")
const MB = 1024 * 1024

const post = async (
  server: TestServer,
  browser: Browser,
  path: string,
  parts: ReadonlyArray<readonly [string, string | Uint8Array]>,
) => {
  const form = new FormData()
  for (const [name, value] of parts) {
    if (typeof value === "string") form.append(name, value)
    else form.append(name, new Blob([new Uint8Array(value)], { type: "image/jpeg" }), "photo.jpg")
  }
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: form,
    headers: { Cookie: browser.cookie ?? "" },
  })
  return { status: response.status, body: (await response.json()) as { code?: string } }
}

describe("an upload's temporary file", () => {
  let server: TestServer
  let folder = ""
  let koi: Buffer
  const previous = process.env.TMPDIR

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "colorday-upload-files-"))
    process.env.TMPDIR = folder
    koi = await readFile(join(FIXTURES, "entries/koi-pond-1.jpg"))
    server = await startTestServer({ rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
    await rm(folder, { recursive: true, force: true })
  })

  /** The server's temporary upload files in TMPDIR (its test data may be there too). */
  const left = async () =>
    (await readdir(folder)).filter((name) => name.startsWith("colorday-upload-"))

  it("holds the photo while it is processed, private to the server, and is gone with the answer", async () => {
    const { member, browser } = await signedInMember(server)
    const contest = await addContest(server)
    // Seen while the request is under way: the file exists, readable by its owner only.
    let seen: number | undefined
    const watching = (async () => {
      for (let round = 0; round < 2000 && seen === undefined; round++) {
        const name = (await left())[0]
        if (name !== undefined) {
          seen = await stat(join(folder, name)).then(
            (info) => info.mode & 0o777,
            () => undefined,
          )
        }
        await new Promise((resolve) => setTimeout(resolve, 1))
      }
    })()
    const entered = await post(server, browser, "/api/submissions", [
      ["challenge_id", contest.id],
      ["image", koi],
    ])
    seen ??= -1
    await watching
    expect(entered.status).toBe(201)
    expect(seen === -1 || seen === 0o600, `mode ${seen?.toString(8)}`).toBe(true)
    expect(await left()).toEqual([])

    // The entry refused after the photo was read (402, no credit left: the photo came first).
    await addEntry(server, member, contest)
    const refused = await post(server, browser, "/api/submissions", [
      ["image", koi],
      ["challenge_id", contest.id],
    ])
    expect(refused.status).toBe(402)
    expect(await left()).toEqual([])
  })

  it("is deleted when the photo is over the limit (413) or not a picture (415)", async () => {
    const { browser } = await signedInMember(server)
    const contest = await addContest(server)
    const tooLarge = await post(server, browser, "/api/submissions", [
      ["challenge_id", contest.id],
      ["image", Buffer.alloc(11 * MB, 0x41)],
    ])
    expect(tooLarge.status).toBe(413)
    const notAPicture = await post(server, browser, "/api/submissions", [
      ["challenge_id", contest.id],
      ["image", Buffer.alloc(MB, 0x41)],
    ])
    expect(notAPicture.status).toBe(415)
    expect(await left()).toEqual([])
  })

  it("is deleted after a route that takes the bytes answers (an avatar)", async () => {
    const { member, browser } = await signedInMember(server)
    const answer = await post(server, browser, `/api/users/${member.id}/avatar`, [["image", koi]])
    expect(answer.status).toBe(200)
    expect(await left()).toEqual([])
  })
})
