import { readFile } from "node:fs/promises"
import { resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { S3Location } from "../../adapters/images/image-storage.layer.ts"
import {
  keysIn,
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3Server,
} from "../support/s3-server.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { addContest, signedInMember } from "./support/world.ts"

/**
 * Images in an S3 bucket (IMAGE_STORE_URL) behind the real server: an upload lands in the bucket,
 * the site serves it through the app with the same caching headers, and with IMAGE_PUBLIC_URL
 * the app sends browsers to the CDN instead. The bucket is on s3rver, started here.
 */

const PHOTO = resolve(import.meta.dirname, "../../fixtures/entries/koi-pond-1.jpg")

let s3: S3TestServer
beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3.close()
})

/** A member's multipart upload of a photo into an open contest: the answer's entry. */
const upload = async (server: TestServer) => {
  const { browser } = await signedInMember(server)
  const contest = await addContest(server)
  const form = new FormData()
  const bytes = await readFile(PHOTO)
  form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "koi.jpg")
  form.append("challenge_id", contest.id)
  const response = await fetch(`${server.url}/api/submissions`, {
    method: "POST",
    body: form,
    headers: browser.cookie ? { Cookie: browser.cookie } : {},
  })
  const body = (await response.json()) as { submission?: { file_path: string; imageUrl: string } }
  expect(response.status, JSON.stringify(body)).toBe(201)
  if (!body.submission) throw new Error("no submission in the answer")
  return body.submission
}

describe("images in an S3 bucket, served through the app", () => {
  let server: TestServer
  let location: S3Location
  beforeAll(async () => {
    location = s3.location()
    server = await startTestServer({
      images: { kind: "s3", location, credentials: S3_TEST_CREDENTIALS },
    })
  })
  afterAll(async () => {
    await server.close()
  })

  it("stores an upload's renditions in the bucket and serves them with a year's cache", async () => {
    const submission = await upload(server)
    const id = /^entry\/([0-9a-f-]{36})\.webp$/.exec(submission.file_path)?.[1]
    expect(id, submission.file_path).toBeDefined()
    expect((await keysIn(location)).sort()).toEqual(
      [`entry/${id}.webp`, `entry/${id}.thumb.webp`, `entry/${id}.original.jpg`].sort(),
    )
    const shown = await fetch(`${server.url}${submission.imageUrl}`)
    expect(shown.status).toBe(200)
    expect(shown.headers.get("content-type")).toBe("image/webp")
    expect(shown.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect((await shown.arrayBuffer()).byteLength).toBeGreaterThan(1000)
    // The share image is made on first request and kept in the bucket too.
    const share = await fetch(`${server.url}/images/entry/${id}.share.jpg`)
    expect(share.status).toBe(200)
    expect(share.headers.get("content-type")).toBe("image/jpeg")
    expect(await keysIn(location)).toContain(`entry/${id}.share.jpg`)
    const missing = await fetch(
      `${server.url}/images/entry/00000000-0000-4000-8000-000000000000.webp`,
    )
    expect(missing.status).toBe(404)
  })
})

describe("images in an S3 bucket behind a CDN (IMAGE_PUBLIC_URL)", () => {
  let server: TestServer
  let location: S3Location
  const CDN = "https://cdn.colorday.test/images"
  beforeAll(async () => {
    location = s3.location()
    server = await startTestServer({
      images: { kind: "s3", location, credentials: S3_TEST_CREDENTIALS, publicUrl: `${CDN}/` },
    })
  })
  afterAll(async () => {
    await server.close()
  })

  it("sends browsers to the CDN's copy, making a share image before it is asked for", async () => {
    const submission = await upload(server)
    const answer = await fetch(`${server.url}${submission.imageUrl}`, { redirect: "manual" })
    expect(answer.status).toBe(302)
    expect(answer.headers.get("location")).toBe(`${CDN}/${submission.file_path}`)
    expect(answer.headers.get("cache-control")).toBe("public, max-age=86400")
    const id = /^entry\/([0-9a-f-]{36})\.webp$/.exec(submission.file_path)?.[1] ?? ""
    const share = await fetch(`${server.url}/images/entry/${id}.share.jpg`, { redirect: "manual" })
    expect(share.status).toBe(302)
    expect(share.headers.get("location")).toBe(`${CDN}/entry/${id}.share.jpg`)
    expect(await keysIn(location)).toContain(`entry/${id}.share.jpg`)
  })
})
