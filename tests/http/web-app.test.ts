import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { Effect } from "effect"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  FIRST_SCREEN_ID,
  GALLERY_PICTURE_SIZES,
  GALLERY_PRELOADED,
} from "../../adapters/http/first-screen.ts"
import { siteScreenModule } from "../../adapters/http/route-chunks.ts"
import { NOT_BUILT_MESSAGE } from "../../adapters/http/web-app.ts"
import { FIRST_SCREEN_ID as CLIENT_FIRST_SCREEN_ID } from "../../apps/web/src/api/first-screen.ts"
import { GALLERY_SIZES } from "../../apps/web/src/screens/gallery/gallery-grid.ts"
import { DEFAULT_SETTINGS } from "../../domain/accounts/member-settings.ts"
import { saveMemberSettings } from "../../domain/accounts/member-settings.use-case.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { SHARE_CARD } from "../../domain/site/page-titles.ts"
import { getEncoded } from "./support/raw-get.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import { addContest, addMember, insertEntry, run, signedInMember } from "./support/world.ts"

/**
 * The built web app, served by the API's process: its hashed assets cached for a year, every page
 * a browser opens answered with index.html (not cached), rendered with Open Graph and Twitter card
 * tags — a shared entry's own, or the site's — under a CSP that lets the build run. Each suite
 * points the server at a build of its own in a temporary folder.
 */

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--colorday:meta-->
    <title>Colorday</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-def456.css">
  </head>
  <body><div id="root"></div></body>
</html>
`
const SCRIPT = 'document.getElementById("root").textContent = "Colorday"\n'

/** A build as `npm run build` leaves it, in a temporary folder (next to a file it must not serve). */
const makeBuild = () => {
  const parent = mkdtempSync(join(tmpdir(), "colorday-web-"))
  writeFileSync(join(parent, "secret.txt"), "outside\n")
  const dir = join(parent, "dist")
  mkdirSync(join(dir, "assets"), { recursive: true })
  writeFileSync(join(dir, "index.html"), INDEX)
  writeFileSync(join(dir, "assets", "index-abc123.js"), SCRIPT)
  writeFileSync(join(dir, "assets", "index-def456.css"), "body { margin: 0 }\n")
  writeFileSync(join(dir, "assets", ".hidden.js"), "secret\n")
  writeFileSync(join(dir, "robots.txt"), "User-agent: *\n")
  // A chunk with the compressed copies the build writes beside it (apps/ui/vite.app-config.ts).
  writeFileSync(join(dir, "assets", "chunk-777.js"), CHUNK)
  writeFileSync(join(dir, "assets", "chunk-777.js.br"), brotliCompressSync(CHUNK))
  writeFileSync(join(dir, "assets", "chunk-777.js.gz"), gzipSync(CHUNK))
  return dir
}

const CHUNK = `export const words = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `word ${i}`))}\n`

const removeBuild = (dir: string) => rmSync(dirname(dir), { recursive: true, force: true })

/** A GET with the path exactly as written: fetch would resolve "..", as browsers do. */
const rawGet = (server: TestServer, path: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const url = new URL(server.url)
    const request = httpRequest(
      { host: url.hostname, port: url.port, path, method: "GET", headers: HTML },
      (response) => {
        let text = ""
        response.setEncoding("utf8")
        response.on("data", (chunk: string) => (text += chunk))
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }))
      },
    )
    request.on("error", reject)
    request.end()
  })

/** Where the share card is committed (Vite copies it into the build). */
const WEB_PUBLIC = resolve(import.meta.dirname, "../../apps/web/public")

/** The gallery's tags, the spec's English exactly. */
const GALLERY = {
  title: "Gallery · Colorday",
  description:
    "Every colored page of today's contest and the ones before it: browse, open an entry and vote for your favourites.",
}

const HTML = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" }

const page = (server: TestServer, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...HTML, ...init.headers } })

/** The content of a <meta property|name="…"> tag of a page, unescaped by the DOM's rules. */
const meta = (html: string, key: string): string | undefined =>
  unescaped(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1])

/** A page's <title>, unescaped the same way. */
const titleOf = (html: string): string | undefined =>
  unescaped(/<title>([^<]*)<\/title>/.exec(html)?.[1])

const unescaped = (text: string | undefined) =>
  text
    ?.replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")

describe("a fresh server's first pages, asked for at once (SQLite)", () => {
  let server: TestServer
  let build: string

  beforeAll(async () => {
    build = makeBuild()
    server = await startTestServer({ config: { webApps: [{ prefix: "/", dir: build }] } })
  })
  afterAll(async () => {
    await server?.close()
    removeBuild(build)
  })

  // Two screens of one e2e journey opened / together; the second got the 503 "not built" while
  // the first was still reading index.html.
  it("answers every one with index.html, none with 'not built'", async () => {
    const responses = await Promise.all(
      ["/", "/", "/gallery", "/leaderboard", "/"].map((path) => page(server, path)),
    )
    const bodies = await Promise.all(responses.map((response) => response.text()))
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200])
    for (const body of bodies) expect(body).toContain("/assets/index-abc123.js")
  })
})

describe("the built web app (SQLite)", () => {
  let server: TestServer
  let build: string

  beforeAll(async () => {
    build = makeBuild()
    server = await startTestServer({ config: { webApps: [{ prefix: "/", dir: build }] } })
  })
  afterAll(async () => {
    await server?.close()
    removeBuild(build)
  })

  it.each(["/", "/gallery", "/profile", "/reset-password/abc-DEF_123", "/no/such/page"])(
    "answers the page %s with index.html, not cached",
    async (path) => {
      const response = await page(server, path)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expect(response.headers.get("cache-control")).toBe("no-cache")
      const html = await response.text()
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">')
      expect(html).not.toContain("<!--colorday:meta-->")
    },
  )

  it("answers HEAD for a page with the headers and no body", async () => {
    const response = await page(server, "/gallery", { method: "HEAD" })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(await response.text()).toBe("")
  })

  it("serves the page under a CSP that runs the build's module scripts and nothing inline", async () => {
    const response = await page(server, "/gallery")
    const csp = response.headers.get("content-security-policy") ?? ""
    const directive = (name: string) =>
      csp
        .split(";")
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `))
    expect(directive("script-src")).toBe("script-src 'self'")
    expect(directive("script-src-attr")).toBe("script-src-attr 'none'")
    expect(directive("style-src")).toBe("style-src 'self' 'unsafe-inline'")
    expect(directive("img-src")).toBe("img-src 'self' data: blob:")
    expect(directive("connect-src")).toBe("connect-src 'self'")
    expect(directive("default-src")).toBe("default-src 'self'")
    // Plain http (no TRUST_PROXY): nothing may be upgraded to an https that is not there.
    expect(csp).not.toContain("upgrade-insecure-requests")
  })

  it("serves hashed assets with a year-long immutable cache, and 304 when the browser has them", async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^(text|application)\/javascript/)
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(await response.text()).toBe(SCRIPT)
    const css = await fetch(`${server.url}/assets/index-def456.css`)
    expect(css.headers.get("content-type")).toMatch(/^text\/css/)

    const again = await fetch(`${server.url}/assets/index-abc123.js`, {
      headers: {
        "If-Modified-Since": response.headers.get("last-modified") ?? "",
        // fetch adds "no-cache" to a conditional request unless told otherwise.
        "Cache-Control": "max-age=0",
      },
    })
    expect(again.status).toBe(304)
    const head = await fetch(`${server.url}/assets/index-abc123.js`, { method: "HEAD" })
    expect(head.status).toBe(200)
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(SCRIPT)))
  })

  it("sends the build's brotli or gzip copy of a text file to a browser that takes it", async () => {
    const path = "/assets/chunk-777.js"
    const brotli = await getEncoded(server, path, "gzip, deflate, br")
    expect(brotli.headers["content-encoding"]).toBe("br")
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i)
    expect(brotli.headers["content-type"]).toMatch(/javascript/)
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length)
    expect(brotli.body.length).toBeLessThan(Buffer.byteLength(CHUNK) / 3)
    expect(brotliDecompressSync(brotli.body).toString()).toBe(CHUNK)

    const gzip = await getEncoded(server, path, "gzip")
    expect(gzip.headers["content-encoding"]).toBe("gzip")
    expect(gunzipSync(gzip.body).toString()).toBe(CHUNK)

    for (const acceptEncoding of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const plain = await getEncoded(server, path, acceptEncoding)
      expect(plain.headers["content-encoding"], acceptEncoding).toBeUndefined()
      expect(plain.body.toString(), acceptEncoding).toBe(CHUNK)
    }
    // A file the build left uncompressed is sent as it is, whatever the browser takes.
    const css = await getEncoded(server, "/assets/index-def456.css", "br")
    expect(css.headers["content-encoding"]).toBeUndefined()
    expect(css.body.toString()).toBe("body { margin: 0 }\n")
  })

  it("serves the build's other files, revalidated each time", async () => {
    const response = await fetch(`${server.url}/robots.txt`)
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("no-cache")
    expect(await response.text()).toBe("User-agent: *\n")
  })

  it.each([
    "/assets/missing-000.js",
    "/assets/.hidden.js",
    "/assets/../../secret.txt",
    "/assets/%2e%2e/%2e%2e/secret.txt",
    "/assets/..%2f..%2fsecret.txt",
    "/assets/..%5c..%5csecret.txt",
    "/../secret.txt",
    "/..%2fsecret.txt",
    "/assets/%00.js",
    "/assets/%E0%A4%A.js",
    "/missing-file.png",
  ])("answers %s with a 404, never a page or a file outside the build", async (path) => {
    const response = await rawGet(server, path)
    expect(response.status).toBe(404)
    expect(response.text).not.toContain("<!doctype html>")
    expect(response.text).not.toContain("outside")
  })

  it("leaves the API, stored images and the offline checkout to the server", async () => {
    const api = await page(server, "/api/no-such-route")
    expect(api.status).toBe(404)
    expect(await api.json()).toMatchObject({ code: "NOT_FOUND" })
    for (const path of ["/images/entry/nothing", "/images/x", "/checkout/nothing", "/api"]) {
      const response = await page(server, path)
      expect([400, 404], path).toContain(response.status)
      expect(await response.text(), path).not.toContain("<!doctype html>")
    }
  })

  it("gives a page only to what takes HTML, and only for GET and HEAD", async () => {
    const json = await page(server, "/gallery", { headers: { Accept: "application/json" } })
    expect(json.status).toBe(404)
    const post = await page(server, "/gallery", { method: "POST" })
    expect(post.status).toBe(404)
    expect(await post.text()).not.toContain("<!doctype html>")
  })
})

describe("no build yet (SQLite)", () => {
  let server: TestServer
  let empty: string

  beforeAll(async () => {
    empty = mkdtempSync(join(tmpdir(), "colorday-web-none-"))
    server = await startTestServer({ config: { webApps: [{ prefix: "/", dir: empty }] } })
  })
  afterAll(async () => {
    await server?.close()
    rmSync(empty, { recursive: true, force: true })
  })

  it("answers pages with a 503 saying how to build, while the API works", async () => {
    const response = await page(server, "/gallery")
    expect(response.status).toBe(503)
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8")
    expect(await response.text()).toBe(NOT_BUILT_MESSAGE)
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  })

  it("picks the build up once it is there, without a restart", async () => {
    mkdirSync(join(empty, "assets"), { recursive: true })
    writeFileSync(join(empty, "index.html"), INDEX)
    // index.html is looked at again at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const response = await page(server, "/gallery")
    expect(response.status).toBe(200)
    expect(await response.text()).toContain("/assets/index-abc123.js")
  })
})

describe.each(httpBackends)("share tags on %s", (backend) => {
  let server: TestServer
  let build: string

  beforeAll(async () => {
    build = makeBuild()
    server = await startTestServer({ backend, config: { webApps: [{ prefix: "/", dir: build }] } })
  })
  afterAll(async () => {
    await server?.close()
    removeBuild(build)
  })

  it("renders a shared entry's Open Graph and Twitter card tags, escaped", async () => {
    const member = await addMember(server)
    const contest = await addContest(server, "open")
    const artistName = `Zoë "<b>Bold</b>" & O'Hara`
    const entry = await insertEntry(server, member, contest, { artistName })
    const response = await page(server, `/gallery?submission=${entry.id}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).not.toContain("<b>Bold</b>")
    expect(meta(html, "og:title")).toBe(`Vote for ${artistName}'s artwork!`)
    expect(meta(html, "twitter:title")).toBe(`Vote for ${artistName}'s artwork!`)
    expect(meta(html, "og:description")).toContain(contest.title)
    expect(meta(html, "og:description")).toContain(artistName)
    // The entry's share image: a JPEG made from its display rendition, as on /entries/ID.
    const shareImage = `${server.url}/images/${entry.image.replace(/\.webp$/, ".share.jpg")}`
    expect(meta(html, "og:image")).toBe(shareImage)
    expect(meta(html, "twitter:image")).toBe(shareImage)
    expect(Number(meta(html, "og:image:width"))).toBeGreaterThan(0)
    expect(meta(html, "og:url")).toBe(`${server.url}/gallery?submission=${entry.id}`)
    expect(meta(html, "twitter:card")).toBe("summary_large_image")
    expect(meta(html, "og:site_name")).toBe("Colorday")

    // The image the tags point at is there for a crawler to fetch.
    const image = await fetch(meta(html, "og:image") ?? "")
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/jpeg")
    expect(meta(html, "og:description")).toMatch(/^You can vote for /)
  })

  it("invites no vote for an entry whose contest has ended", async () => {
    const member = await addMember(server)
    const contest = await addContest(server, "ended")
    const entry = await insertEntry(server, member, contest, { artistName: "Late Artist" })
    const html = await (await page(server, `/entries/${entry.id}`)).text()
    expect(meta(html, "og:description")).toBe(
      `Late Artist's artwork in the ${contest.title} contest on Colorday, the daily coloring contest.`,
    )
  })

  it.each([
    ["an unknown entry", () => Promise.resolve("no-such-entry")],
    ["a malformed id", () => Promise.resolve("..%2F..%2Fetc")],
    ["an empty id", () => Promise.resolve("")],
  ])("gives %s the gallery's own tags and the share card, with a 200", async (_name, id) => {
    const response = await page(server, `/gallery?submission=${await id()}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(meta(html, "og:title")).toBe(GALLERY.title)
    expect(meta(html, "og:description")).toBe(GALLERY.description)
    expect(meta(html, "twitter:card")).toBe("summary_large_image")
    expect(meta(html, "og:image")).toBe(`${server.url}${SHARE_CARD.path}`)
  })

  it("gives a hidden entry the gallery's tags", async () => {
    const member = await addMember(server)
    const contest = await addContest(server, "open")
    const entry = await insertEntry(server, member, contest, { moderation: "hidden" })
    const html = await (await page(server, `/gallery?submission=${entry.id}`)).text()
    expect(meta(html, "og:title")).toBe(GALLERY.title)
    expect(html).not.toContain(entry.image)
  })

  it("gives every other page its own tags with its own URL", async () => {
    const html = await (await page(server, "/leaderboard?period=week")).text()
    expect(meta(html, "og:site_name")).toBe("Colorday")
    expect(meta(html, "og:title")).toBe("Leaderboard · Colorday")
    expect(meta(html, "og:url")).toBe(`${server.url}/leaderboard`)
  })

  it("titles a contest's page with its contest, escaped", async () => {
    const created = await addContest(server, "ended")
    const contest = {
      ...created,
      title: `Koi <script>alert(1)</script> & "Friends"`,
      description: "Fish & lilies, <em>colored</em>.",
    }
    await run(
      server,
      Effect.flatMap(ContestRepository, (contests) => contests.save(contest)),
    )
    const html = await (await page(server, `/contests/${contest.id}`)).text()
    expect(html).not.toContain("<script>alert(1)</script>")
    expect(titleOf(html)).toBe(`${contest.title} · Colorday`)
    expect(meta(html, "description")).toBe(contest.description)
    expect(meta(html, "og:title")).toBe(`${contest.title} · Colorday`)
    expect(meta(html, "twitter:title")).toBe(`${contest.title} · Colorday`)
    expect(meta(html, "og:url")).toBe(`${server.url}/contests/${contest.id}`)
    expect(meta(html, "og:image")).toBe(`${server.url}${SHARE_CARD.path}`)
  })

  it("titles an artist's page with their username, unless their profile is private", async () => {
    const artist = await addMember(server)
    const shown = await (await page(server, `/artists/${artist.username.toUpperCase()}`)).text()
    expect(titleOf(shown)).toBe(`${artist.username} · Colorday`)
    expect(meta(shown, "og:description")).toContain(artist.username)

    await run(
      server,
      saveMemberSettings(artist.id, {
        ...DEFAULT_SETTINGS,
        privacy: { ...DEFAULT_SETTINGS.privacy, publicProfile: false },
      }),
    )
    const hidden = await (await page(server, `/artists/${artist.username}`)).text()
    expect(titleOf(hidden)).toBe("Artist · Colorday")
    expect(meta(hidden, "og:title")).not.toContain(artist.username)
    expect(meta(hidden, "og:description")).not.toContain(artist.username)
  })

  it("gives an unknown contest or artist their route's generic title", async () => {
    const contest = await (await page(server, "/contests/no-such-contest")).text()
    expect(titleOf(contest)).toBe("Contest · Colorday")
    const artist = await (await page(server, "/artists/nobody-here")).text()
    expect(titleOf(artist)).toBe("Artist · Colorday")
  })

  // Issue 22: the head tags in the page's language (Accept-Language here), English unchanged.
  it.each([
    ["es", "/gallery", "Galería · Colorday", /^Todas las páginas coloreadas del concurso de hoy/],
    ["de", "/leaderboard", "Bestenliste · Colorday", /^Die besten Künstlerinnen und Künstler/],
    ["fr", "/", "Colorday — le concours de coloriage quotidien", /^Colorday\u00a0: un concours/],
    ["es", "/no/such/page", "Página no encontrada · Colorday", /^Esta página no existe/],
  ])("in %s titles and describes %s in that language", async (language, path, title, said) => {
    const html = await (
      await page(server, path, { headers: { "Accept-Language": language } })
    ).text()
    expect(html).toContain(`<html lang="${language}"`)
    expect(titleOf(html)).toBe(title)
    expect(meta(html, "og:title")).toBe(title)
    expect(meta(html, "twitter:title")).toBe(title)
    expect(meta(html, "description")).toMatch(said)
    expect(meta(html, "og:description")).toMatch(said)
    expect(meta(html, "og:image:alt")).not.toContain("daily coloring contest")
  })

  it("words a contest, an artist and a shared entry in German or Spanish", async () => {
    const german = { headers: { "Accept-Language": "de-DE,de;q=0.9" } }
    const spanish = { headers: { "Accept-Language": "es" } }
    const created = await addContest(server, "open")
    const contest = { ...created, title: "Koi", description: "" }
    await run(
      server,
      Effect.flatMap(ContestRepository, (contests) => contests.save(contest)),
    )
    const contestPage = await (await page(server, `/contests/${contest.id}`, german)).text()
    expect(titleOf(contestPage)).toBe("Koi · Colorday")
    expect(meta(contestPage, "description")).toBe(
      "Der Wettbewerb Koi auf Colorday: seine Malvorlage, seine Beiträge und ihre Platzierungen.",
    )

    const artist = await addMember(server)
    const artistPage = await (await page(server, `/artists/${artist.username}`, spanish)).text()
    expect(meta(artistPage, "description")).toBe(
      `Las páginas coloreadas, victorias e insignias de ${artist.username} en Colorday, el concurso diario de colorear.`,
    )

    const entry = await insertEntry(server, artist, contest, { artistName: "Ana" })
    const shared = await (await page(server, `/gallery?submission=${entry.id}`, spanish)).text()
    expect(meta(shared, "og:title")).toBe("¡Vote por la obra de Ana!")
    expect(meta(shared, "og:description")).toBe(
      "Puede votar por la obra de Ana en el concurso Koi en Colorday, el concurso diario de colorear.",
    )
    expect(meta(shared, "og:image:alt")).toBe("La página coloreada por Ana")
  })
})

describe("share tags with PUBLIC_URL (SQLite)", () => {
  let server: TestServer
  let build: string

  beforeAll(async () => {
    build = makeBuild()
    server = await startTestServer({
      config: { webApps: [{ prefix: "/", dir: build }], publicUrl: "https://colorday.example" },
    })
  })
  afterAll(async () => {
    await server?.close()
    removeBuild(build)
  })

  it("builds absolute URLs on PUBLIC_URL, as mail links are", async () => {
    const member = await addMember(server)
    const contest = await addContest(server, "open")
    const entry = await insertEntry(server, member, contest)
    const html = await (await page(server, `/gallery?submission=${entry.id}`)).text()
    expect(meta(html, "og:image")).toBe(
      `https://colorday.example/images/${entry.image.replace(/\.webp$/, ".share.jpg")}`,
    )
    expect(meta(html, "og:url")).toBe(`https://colorday.example/gallery?submission=${entry.id}`)
  })
})

describe("page titles and the share card (SQLite)", () => {
  let server: TestServer
  let build: string

  beforeAll(async () => {
    build = makeBuild()
    // As Vite copies apps/web/public into the build.
    mkdirSync(join(build, "share"))
    copyFileSync(join(WEB_PUBLIC, SHARE_CARD.path), join(build, SHARE_CARD.path))
    server = await startTestServer({ config: { webApps: [{ prefix: "/", dir: build }] } })
  })
  afterAll(async () => {
    await server?.close()
    removeBuild(build)
  })

  it.each([
    ["/", "Colorday — the daily coloring contest"],
    ["/gallery", "Gallery · Colorday"],
    ["/leaderboard", "Leaderboard · Colorday"],
    ["/contests", "Past contests · Colorday"],
    ["/pricing", "Pricing · Colorday"],
    ["/rewards", "Rewards · Colorday"],
    ["/about", "About · Colorday"],
    ["/faq", "FAQ · Colorday"],
    ["/terms", "Terms of Service · Colorday"],
    ["/privacy", "Privacy Policy · Colorday"],
    ["/contact", "Contact · Colorday"],
    ["/profile", "Your profile · Colorday"],
    ["/billing-history/", "Billing history · Colorday"],
    ["/forgot-password", "Forgot password · Colorday"],
    ["/reset-password/abc-DEF_123", "Set a new password · Colorday"],
    ["/verify-email/abc", "Verify your e-mail · Colorday"],
    ["/resend-verification", "Resend verification e-mail · Colorday"],
    ["/payment-success", "Payment successful · Colorday"],
    ["/payment-cancel", "Payment cancelled · Colorday"],
    ["/no/such/page", "Page not found · Colorday"],
  ])("answers %s with its own title and description, once", async (path, title) => {
    const html = await (await page(server, path)).text()
    expect(titleOf(html)).toBe(title)
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    const description = meta(html, "description")
    expect(description).toMatch(/\S{3}/)
    expect(meta(html, "og:title")).toBe(title)
    expect(meta(html, "twitter:title")).toBe(title)
    expect(meta(html, "og:description")).toBe(description)
    expect(meta(html, "twitter:description")).toBe(description)
    expect(meta(html, "og:url")).toBe(`${server.url}${path}`)
  })

  it("gives each static page a description of its own", async () => {
    const paths = ["/", "/gallery", "/leaderboard", "/pricing", "/faq", "/terms", "/contact"]
    const descriptions = await Promise.all(
      paths.map(async (path) => meta(await (await page(server, path)).text(), "description")),
    )
    expect(new Set(descriptions).size).toBe(paths.length)
  })

  it("points generic pages at the branded 1200×630 share card, which is served and cached", async () => {
    const html = await (await page(server, "/pricing")).text()
    const image = meta(html, "og:image") ?? ""
    expect(image).toBe(`${server.url}/share/colorday-card.png`)
    expect(meta(html, "twitter:image")).toBe(image)
    expect(meta(html, "twitter:card")).toBe("summary_large_image")
    expect(meta(html, "og:image:type")).toBe("image/png")
    expect([meta(html, "og:image:width"), meta(html, "og:image:height")]).toEqual(["1200", "630"])

    const served = await fetch(image)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-type")).toBe("image/png")
    expect(served.headers.get("cache-control")).toBe("public, max-age=86400")
    const png = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([png.format, png.width, png.height]).toEqual(["png", 1200, 630])
  })
})

describe("share card URLs with PUBLIC_URL (SQLite)", () => {
  let server: TestServer
  let build: string

  beforeAll(async () => {
    build = makeBuild()
    server = await startTestServer({
      config: { webApps: [{ prefix: "/", dir: build }], publicUrl: "https://colorday.example/" },
    })
  })
  afterAll(async () => {
    await server?.close()
    removeBuild(build)
  })

  it("builds the share card's and the page's URLs on PUBLIC_URL", async () => {
    const html = await (await page(server, "/faq")).text()
    expect(meta(html, "og:image")).toBe("https://colorday.example/share/colorday-card.png")
    expect(meta(html, "og:url")).toBe("https://colorday.example/faq")
  })
})

describe.each(httpBackends)("the first screen in the page on %s", (backend) => {
  let server: TestServer
  let build: string

  beforeAll(async () => {
    build = makeBuild()
    server = await startTestServer({ backend, config: { webApps: [{ prefix: "/", dir: build }] } })
  })
  afterAll(async () => {
    await server?.close()
    removeBuild(build)
  })

  /** The JSON block adapters/http/first-screen.ts writes, parsed as the site's client reads it. */
  const answersIn = (html: string): Record<string, { status: number; body: unknown }> => {
    const block = new RegExp(
      `<script type="application/json" id="${FIRST_SCREEN_ID}">([^<]*)</script>`,
    ).exec(html)?.[1]
    if (block === undefined) throw new Error(`no first-screen block in:\n${html}`)
    return JSON.parse(block) as Record<string, { status: number; body: unknown }>
  }

  it("answers home's calls in the page as the API does: a visitor's 401 and the day's contest", async () => {
    await addContest(server, "open")
    const response = await page(server, "/")
    expect(response.headers.get("cache-control")).toBe("no-cache")
    const html = await response.text()
    const answers = answersIn(html)
    expect(Object.keys(answers).sort()).toEqual(["/api/challenges/current-active", "/api/session"])
    const session = await client(server.url).get("/api/session")
    expect(answers["/api/session"]).toEqual({ status: session.status, body: session.body })
    const current = await client(server.url).get("/api/challenges/current-active")
    const inPage = answers["/api/challenges/current-active"]
    expect(inPage?.status).toBe(current.status)
    expect({ ...(inPage?.body as object), countdown: undefined }).toEqual({
      ...(current.body as object),
      countdown: undefined,
    })
    // The client's constant names the same block.
    expect(FIRST_SCREEN_ID).toBe(CLIENT_FIRST_SCREEN_ID)
  })

  it("gives a signed-in member their own session, in a page no shared cache keeps; other pages only the session", async () => {
    const { browser } = await signedInMember(server)
    const home = await browser.get("/", HTML)
    expect(home.headers.get("cache-control")).toBe("private, no-cache")
    expect(home.headers.get("vary")).toMatch(/Cookie/)
    const session = await browser.get("/api/session")
    expect(session.status).toBe(200)
    expect(answersIn(home.text)["/api/session"]).toEqual({ status: 200, body: session.body })
    const leaderboard = answersIn((await browser.get("/leaderboard", HTML)).text)
    expect(Object.keys(leaderboard)).toEqual(["/api/session"])
  })

  it("writes the gallery's first page as the member's own API call answers it; not for a tab split at the browser's midnight", async () => {
    const contest = await addContest(server, "open")
    const entry = await insertEntry(server, await addMember(server), contest)
    const { browser } = await signedInMember(server)
    expect((await browser.post(`/api/submissions/${entry.id}/vote`)).status).toBe(200)
    const shown = answersIn((await browser.get("/gallery?sort=top", HTML)).text)
    const key = "/api/gallery?limit=24&sort=top&tab=all"
    expect(Object.keys(shown).sort()).toEqual([key, "/api/session"])
    const asked = await browser.get("/api/gallery?tab=all&sort=top&limit=24")
    expect(shown[key]).toEqual({ status: asked.status, body: asked.body })
    // The member's own page: their vote is in it.
    const items = (asked.body as { items: Array<{ id: string; hasVoted: boolean }> }).items
    expect(items.find((item) => item.id === entry.id)?.hasVoted).toBe(true)
    // A visitor's default gallery: newest first.
    const visitor = answersIn(await (await page(server, "/gallery")).text())
    expect(Object.keys(visitor).sort()).toEqual([
      "/api/gallery?limit=24&sort=newest&tab=all",
      "/api/session",
    ])
    // An order the gallery does not have is its default, as the page shows it.
    const unknown = answersIn(await (await page(server, "/gallery?sort=sideways")).text())
    expect(Object.keys(unknown)).toContain("/api/gallery?limit=24&sort=newest&tab=all")
    const today = answersIn(await (await page(server, "/gallery?tab=today")).text())
    expect(Object.keys(today)).toEqual(["/api/session"])
  })

  it("writes an entry's page as the member's own API call answers it, and an unknown or malformed id as the API's refusal", async () => {
    const contest = await addContest(server, "open")
    const entry = await insertEntry(server, await addMember(server), contest)
    const { browser } = await signedInMember(server)
    expect((await browser.post(`/api/submissions/${entry.id}/vote`)).status).toBe(200)
    const key = `/api/entries/${entry.id}`
    const shown = answersIn((await browser.get(`/entries/${entry.id}`, HTML)).text)
    expect(Object.keys(shown).sort()).toEqual([key, "/api/session"])
    const asked = await browser.get(key)
    expect(asked.status).toBe(200)
    expect(shown[key]).toEqual({ status: asked.status, body: asked.body })
    // The member's own page: their vote is in it.
    expect((asked.body as { entry: { hasVoted: boolean } }).entry.hasVoted).toBe(true)
    // Nobody's entry: the route's 404, which the page shows as its not-found state.
    const unknownKey = "/api/entries/no-such-entry"
    const unknown = answersIn(await (await page(server, "/entries/no-such-entry")).text())
    const unknownAsked = await client(server.url).get(unknownKey)
    expect(unknownAsked.status).toBe(404)
    expect(unknown[unknownKey]).toEqual({ status: 404, body: unknownAsked.body })
    // An id the route refuses (too long): the API's 400, not a failed page.
    const long = "x".repeat(500)
    const malformed = answersIn(await (await page(server, `/entries/${long}`)).text())
    const malformedAsked = await client(server.url).get(`/api/entries/${long}`)
    expect(malformedAsked.status).toBe(400)
    expect(malformed[`/api/entries/${long}`]).toEqual({ status: 400, body: malformedAsked.body })
    // Deeper paths under /entries are other pages: only the session.
    const deeper = answersIn(await (await page(server, `/entries/${entry.id}/more`)).text())
    expect(Object.keys(deeper)).toEqual(["/api/session"])
  })

  it("preloads the gallery's first row of pictures from the head, as the grid's <img> will ask for them", async () => {
    const contest = await addContest(server, "open")
    for (let n = 0; n < GALLERY_PRELOADED + 1; n += 1) {
      await insertEntry(server, await addMember(server), contest)
    }
    const html = await (await page(server, "/gallery")).text()
    const items = (
      answersIn(html)["/api/gallery?limit=24&sort=newest&tab=all"]?.body as {
        items: Array<{ thumbnailUrl: string | null; imageUrl: string | null }>
      }
    ).items
    const preloads = [...html.matchAll(/<link rel="preload" as="image" ([^>]*)\/>/g)].map(
      (found) => (name: string) =>
        new RegExp(`${name}="([^"]*)"`).exec(found[1] ?? "")?.[1]?.replaceAll("&quot;", '"'),
    )
    expect(preloads).toHaveLength(GALLERY_PRELOADED)
    preloads.forEach((attribute, index) => {
      const item = items[index]
      expect(item?.thumbnailUrl).toBeTruthy()
      expect(item?.imageUrl).toBeTruthy()
      expect(attribute("href")).toBe(item?.thumbnailUrl)
      // EntryImage's srcset: the thumbnail and the display size, by their stored widths.
      expect(attribute("imagesrcset")).toBe(`${item?.thumbnailUrl} 480w, ${item?.imageUrl} 1600w`)
      expect(attribute("imagesizes")).toBe(GALLERY_PICTURE_SIZES)
      expect(attribute("fetchpriority")).toBe("high")
    })
    // The grid's <img> uses the same sizes, so the browser fetches the preloaded rendition.
    expect(GALLERY_PICTURE_SIZES).toBe(GALLERY_SIZES)
    // A tab whose first page is not in the page preloads nothing.
    const today = await (await page(server, "/gallery?tab=today")).text()
    expect(today).not.toContain('rel="preload" as="image"')
  })

  it("keeps a title with </script> inside the block, and preloads a started contest's line art", async () => {
    // A server of its own, so the day's contest is this one.
    const own = await startTestServer({
      backend,
      config: { webApps: [{ prefix: "/", dir: build }] },
    })
    try {
      const contest = await addContest(own, "open")
      const hostile = `</script><script>alert(1)</script> & <!--`
      await run(
        own,
        Effect.gen(function* () {
          const contests = yield* ContestRepository
          const stored = yield* contests.get(contest.id)
          yield* contests.save({ ...stored, title: hostile, lineArt: "lineart/first-screen.png" })
        }),
      )
      const html = await (await page(own, "/")).text()
      expect(html).not.toContain("<script>alert(1)</script>")
      const shown = answersIn(html)["/api/challenges/current-active"]?.body as {
        id: string
        title: string
        lineArt: string
      }
      expect(shown.id).toBe(contest.id)
      expect(shown.title).toBe(hostile)
      expect(html).toContain(`<link rel="preload" as="image" href="${shown.lineArt}"`)
    } finally {
      await own.close()
    }
  })
})

describe("screen chunks preloaded from the build's manifest (SQLite)", () => {
  let server: TestServer
  let build: string

  beforeAll(async () => {
    build = makeBuild()
    mkdirSync(join(build, ".vite"))
    writeFileSync(
      join(build, ".vite", "manifest.json"),
      JSON.stringify({
        "index.html": { file: "assets/index-abc123.js", isEntry: true },
        "src/screens/home/HomePage.tsx": { file: "assets/HomePage-h1.js", imports: ["_card.js"] },
        "_card.js": { file: "assets/card-c1.js" },
        "src/screens/gallery/GalleryPage.tsx": { file: "assets/GalleryPage-g1.js" },
      }),
    )
    server = await startTestServer({
      config: { webApps: [{ prefix: "/", dir: build, screenOf: siteScreenModule }] },
    })
  })
  afterAll(async () => {
    await server?.close()
    removeBuild(build)
  })

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map(
      (match) => match[1],
    )

  it("names the page's screen chunk and its imports, and nothing for a page it does not know", async () => {
    expect(preloads(await (await page(server, "/")).text())).toEqual([
      "/assets/HomePage-h1.js",
      "/assets/card-c1.js",
    ])
    expect(preloads(await (await page(server, "/gallery")).text())).toEqual([
      "/assets/GalleryPage-g1.js",
    ])
    expect(preloads(await (await page(server, "/no/such/page")).text())).toEqual([])
    // The manifest itself is the build's, not the public's.
    expect((await fetch(`${server.url}/.vite/manifest.json`)).status).toBe(404)
  })
})
