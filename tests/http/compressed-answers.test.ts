import type { AddressInfo } from "node:net"
import { Readable } from "node:stream"
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from "node:zlib"
import Koa from "koa"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compressAnswers } from "../../adapters/http/compression.ts"
import { sendTagged, serialised } from "../../adapters/http/tagged-answers.ts"
import type { Reply } from "../../adapters/http/route.ts"
import { getEncoded } from "./support/raw-get.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addMember,
  insertEntry,
  roomyRateLimits,
  signedInMember,
} from "./support/world.ts"

/** What Chromium sends with every request. */
const CHROMIUM = "gzip, deflate, br, zstd"

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = {
  zstd: zstdDecompressSync,
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
}

/** A Koa app of the test's own on a free port: its address and how to stop it. */
const serve = async (app: Koa) => {
  const listening = app.listen(0, "127.0.0.1")
  await new Promise((resolve) => listening.once("listening", resolve))
  return {
    url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    close: () => listening.close(),
  }
}

/** The answer's bytes as the browser reads them, after checking how they were encoded. */
const decoded = (
  answer: Awaited<ReturnType<typeof getEncoded>>,
  encoding: string | undefined,
): string => {
  expect(answer.status).toBe(200)
  expect(answer.headers["content-encoding"]).toBe(encoding)
  expect(String(answer.headers.vary)).toMatch(/Accept-Encoding/)
  const decode = encoding === undefined ? (bytes: Buffer) => bytes : DECODERS[encoding]
  return (decode as (bytes: Buffer) => Buffer)(answer.body).toString("utf8")
}

/**
 * API answers over 1 KB leave compressed in the encoding the browser takes best (issue 20), the
 * same whether compressed as they are made (an answer's first time) or the answer
 * is one kept for every visitor and sent again compressed once (tagged-answers.ts).
 */
describe("compressed API answers", () => {
  let server: TestServer
  let path: string

  beforeAll(async () => {
    server = await startTestServer({ backend: "sqlite", rateLimits: roomyRateLimits() })
    const contest = await addContest(server)
    for (let n = 0; n < 6; n++) await insertEntry(server, await addMember(server), contest)
    path = `/api/gallery?contestId=${contest.id}`
  })
  afterAll(() => server?.close())

  it("sends a visitor's gallery page in the best encoding the browser takes, every time", async () => {
    const plain = await getEncoded(server, path, undefined)
    const json = decoded(plain, undefined)
    expect(json.length).toBeGreaterThan(1024)
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length)
    const cases: ReadonlyArray<readonly [string, string]> = [
      [CHROMIUM, "zstd"],
      ["gzip, deflate, br", "br"],
      ["gzip;q=1, br;q=0.5", "gzip"],
      ["deflate", "deflate"],
      ["*", "gzip"],
    ]
    for (const [accept, encoding] of cases) {
      // The first answer is compressed as it is made; the next ones are the kept copy.
      const answers = [
        await getEncoded(server, path, accept),
        await getEncoded(server, path, accept),
        await getEncoded(server, path, accept),
      ]
      for (const answer of answers) {
        expect(decoded(answer, encoding), accept).toBe(json)
        expect(answer.headers.etag).toBe(plain.headers.etag)
      }
      expect(answers[2]?.body.length).toBeLessThan(json.length / 2)
    }
    // Nothing the browser does not take: the bytes as they are.
    expect(decoded(await getEncoded(server, path, "identity"), undefined)).toBe(json)
  })

  it("compresses a member's own page, made for each request, as it is made", async () => {
    const { browser } = await signedInMember(server)
    const cookie = { Cookie: browser.cookie as string }
    const plain = decoded(await getEncoded(server, path, undefined, cookie), undefined)
    expect(plain).toMatch(/"hasVoted":false/)
    for (const [accept, encoding] of [
      [CHROMIUM, "zstd"],
      ["gzip", "gzip"],
    ] as const) {
      for (let n = 0; n < 2; n++) {
        expect(decoded(await getEncoded(server, path, accept, cookie), encoding)).toBe(plain)
      }
    }
  })

  it("answers 304 with no body to a browser that holds the answer, compressed or not", async () => {
    const first = await getEncoded(server, path, CHROMIUM)
    const etag = String(first.headers.etag)
    for (let n = 0; n < 2; n++) {
      const again = await getEncoded(server, path, CHROMIUM, { "If-None-Match": etag })
      expect(again.status).toBe(304)
      expect(again.body.length).toBe(0)
      expect(again.headers["content-encoding"]).toBeUndefined()
    }
  })
})

describe("an answer kept for every visitor", () => {
  const body = { items: Array.from({ length: 60 }, (_, n) => ({ id: `entry-${n}`, votes: n })) }
  const reply: Reply = { status: 200, body }
  let url: string
  let close: () => void

  beforeAll(async () => {
    const app = new Koa()
    app.use(compressAnswers())
    app.use(async (ctx) => {
      await sendTagged(ctx, reply)
    })
    ;({ url, close } = await serve(app))
  })
  afterAll(() => close?.())

  it("is compressed once per encoding and sent as that copy from its second time", async () => {
    const server = { url } as TestServer
    const json = JSON.stringify(body)
    for (let n = 0; n < 4; n++) {
      expect(decoded(await getEncoded(server, "/", CHROMIUM), "zstd")).toBe(json)
    }
    expect(decoded(await getEncoded(server, "/", "br"), "br")).toBe(json)
    const kept = serialised(reply)
    expect([...kept.encoded.keys()].sort()).toEqual(["br", "zstd"])
    // The copy sent from the second time on is the kept one itself.
    const third = await getEncoded(server, "/", CHROMIUM)
    expect(third.body.equals(await (kept.encoded.get("zstd") as Promise<Buffer>))).toBe(true)
  })
})

describe("pages and streams", () => {
  const page = `<!doctype html><html><body>${"<p>Colorday</p>".repeat(300)}</body></html>`
  const text = "line art\n".repeat(500)
  let url: string
  let close: () => void

  beforeAll(async () => {
    const app = new Koa()
    app.use(compressAnswers())
    app.use((ctx) => {
      if (ctx.path === "/page") {
        ctx.type = "text/html; charset=utf-8"
        ctx.body = page
      } else {
        ctx.type = "text/plain; charset=utf-8"
        ctx.body = Readable.from([text])
      }
    })
    ;({ url, close } = await serve(app))
  })
  afterAll(() => close?.())

  it("compresses a rendered page whole and a stream as it flows, in the browser's best encoding", async () => {
    const server = { url } as TestServer
    expect(decoded(await getEncoded(server, "/page", CHROMIUM), "zstd")).toBe(page)
    expect(decoded(await getEncoded(server, "/page", "gzip"), "gzip")).toBe(page)
    expect(decoded(await getEncoded(server, "/stream", CHROMIUM), "zstd")).toBe(text)
  })
})
