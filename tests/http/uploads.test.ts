import { readdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import { Effect } from "effect"
import ExifReader from "exifreader"
import { PageSizes, PDFDocument } from "pdf-lib"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DownloadTable } from "../../adapters/persistence/tables.ts"
import { Database } from "../../adapters/persistence/database.ts"
import { ContestAnalytics } from "../../domain/contests/contest-analytics.port.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  addMember,
  type Browser,
  roomyRateLimits,
  run,
  signedInMember,
} from "./support/world.ts"

/**
 * Uploads over HTTP: multipart entry photos on POST /api/submissions (the JSON shape is
 * entries.test.ts's), line art set by an admin and downloaded by anyone as PNG or print PDF.
 * Every refused upload leaves nothing in DATA_DIR/images.
 */

const FIXTURES = join(import.meta.dirname, "../../fixtures")
const fixture = (path: string) => readFile(join(FIXTURES, path))

type Part = string | { readonly name: string; readonly bytes: Uint8Array; readonly type?: string }

interface Answer {
  readonly status: number
  readonly headers: Headers
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON off the wire, asserted on below
  readonly body: any
  readonly bytes: Buffer
}

/** A multipart POST as a browser's FormData sends it, with the browser's session cookie. */
const postForm = async (
  server: TestServer,
  browser: Browser | null,
  path: string,
  parts: Readonly<Record<string, Part>>,
): Promise<Answer> => {
  const form = new FormData()
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === "string") form.append(name, value)
    else {
      const blob = new Blob([new Uint8Array(value.bytes)], {
        type: value.type ?? "application/octet-stream",
      })
      form.append(name, blob, value.name)
    }
  }
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: form,
    headers: browser?.cookie ? { Cookie: browser.cookie } : {},
  })
  return answerOf(response)
}

const answerOf = async (response: Response): Promise<Answer> => {
  const bytes = Buffer.from(await response.arrayBuffer())
  let body: unknown = undefined
  if (response.headers.get("content-type")?.includes("json")) body = JSON.parse(bytes.toString())
  return { status: response.status, headers: response.headers, body, bytes }
}

const download = async (server: TestServer, browser: Browser | null, path: string) =>
  answerOf(
    await fetch(`${server.url}${path}`, {
      headers: browser?.cookie ? { Cookie: browser.cookie } : {},
    }),
  )

/** Every file under DATA_DIR/images, temporary files included. */
const storedFiles = async (server: TestServer): Promise<ReadonlyArray<string>> => {
  const root = join(server.dataDir, "images")
  const found = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort()
}

/** Runs `body` and returns the files it added to DATA_DIR/images. */
const filesAddedBy = async (server: TestServer, body: () => Promise<void>) => {
  const before = new Set(await storedFiles(server))
  await body()
  return (await storedFiles(server)).filter((file) => !before.has(file))
}

const photo = (name: string, bytes: Uint8Array, type = "image/jpeg") => ({ name, bytes, type })

const entriesOf = (server: TestServer, contest: Contest) =>
  run(
    server,
    Effect.gen(function* () {
      return yield* (yield* EntryRepository).ofContest(contest.id)
    }),
  )

const creditsLeft = async (browser: Browser) =>
  (
    (await browser.get("/api/subscription")).body as {
      subscription: { remaining_submissions: number }
    }
  ).subscription.remaining_submissions

describe.each(httpBackends)("uploads on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  describe("POST /api/submissions as multipart", () => {
    it("stores a sideways GPS-tagged photo upright and without metadata, and enters it", async () => {
      const { member, browser } = await signedInMember(server)
      const contest = await addContest(server)
      const bytes = await fixture("uploads/gps-rotated.jpg")
      let response: Answer | undefined
      const added = await filesAddedBy(server, async () => {
        response = await postForm(server, browser, "/api/submissions", {
          image: photo("IMG_0042.jpg", bytes),
          challenge_id: contest.id,
          age_group: "senior",
          contest_type: "digital",
        })
      })
      expect(response?.status, JSON.stringify(response?.body)).toBe(201)
      const submission = response?.body.submission
      expect(submission).toMatchObject({
        user_id: member.id,
        challenge_id: contest.id,
        age_group: "senior",
        contest_type: "digital",
        status: "submitted",
      })
      expect(response?.body.subscription).toMatchObject({ remaining_submissions: 1 })

      // Three files under names of ours; the client's name is nowhere.
      const key: string = submission.file_path
      const id = /^entry\/([0-9a-f-]{36})\.webp$/.exec(key)?.[1]
      expect(id, key).toBeDefined()
      expect(submission.imageUrl).toBe(`/images/${key}`)
      expect(added).toEqual(
        [`entry/${id}.webp`, `entry/${id}.thumb.webp`, `entry/${id}.original.jpg`].sort(),
      )
      expect(added.join(" ")).not.toContain("IMG_0042")

      // Served: upright (stored 640×480 turned a quarter: 480×640), no EXIF, GPS, XMP or ICC.
      for (const [path, size] of [
        [`/images/entry/${id}.webp`, [480, 640]],
        [`/images/entry/${id}.thumb.webp`, [360, 480]],
      ] as const) {
        const served = await download(server, null, path)
        expect(served.status, path).toBe(200)
        expect(served.headers.get("content-type")).toBe("image/webp")
        expect(served.headers.get("cache-control")).toContain("immutable")
        const metadata = await sharp(served.bytes).metadata()
        expect([metadata.width, metadata.height], path).toEqual(size)
        expect([metadata.exif, metadata.xmp, metadata.icc, metadata.orientation]).toEqual([
          undefined,
          undefined,
          undefined,
          undefined,
        ])
        const tags = ExifReader.load(served.bytes, { expanded: true })
        expect(
          Object.keys(tags).filter((group) => group !== "file"),
          path,
        ).toEqual([])
        // The photographer's red band is on top.
        const { data, info } = await sharp(served.bytes)
          .extract({ left: 0, top: 0, width: 10, height: 10 })
          .raw()
          .toBuffer({ resolveWithObject: true })
        expect(data[0], path).toBeGreaterThan(180)
        expect(data[1], path).toBeLessThan(80)
        expect(info.channels).toBe(3)
      }
      // The original is kept, stripped too, and not served.
      const original = await readFile(join(server.dataDir, "images", "entry", `${id}.original.jpg`))
      expect(Object.keys(ExifReader.load(original, { expanded: true }))).toEqual(["file"])
      expect((await download(server, null, `/images/entry/${id}.original.jpg`)).status).toBe(400)

      const entries = await entriesOf(server, contest)
      expect(entries.map((entry) => entry.image)).toEqual([key])
    })

    it("takes the photo as `file` (the spec's upload field) and a user_id that is yours", async () => {
      const { member, browser } = await signedInMember(server)
      const contest = await addContest(server)
      const response = await postForm(server, browser, "/api/submissions", {
        file: photo("art.png", await fixture("line-art/koi-pond.png"), "image/png"),
        challenge_id: contest.id,
        user_id: member.id,
        file_path: "../../etc/passwd",
      })
      expect(response.status, JSON.stringify(response.body)).toBe(201)
      expect(response.body.submission.file_path).toMatch(/^entry\/[0-9a-f-]{36}\.webp$/)
    })

    it("refuses a 12 MB file with 413, a bomb, a PDF named .jpg and polyglots with 415, keeping nothing", async () => {
      const { browser } = await signedInMember(server)
      const contest = await addContest(server)
      const cases = [
        ["uploads/too-large.jpg", 413, "PAYLOAD_TOO_LARGE", "10 MB"],
        ["uploads/bomb.png", 415, "UNSUPPORTED_IMAGE", "40 megapixels"],
        ["uploads/document.jpg", 415, "UNSUPPORTED_IMAGE", "JPEG, PNG, WebP or AVIF"],
        ["uploads/polyglot-zip.jpg", 415, "UNSUPPORTED_IMAGE", "JPEG, PNG, WebP or AVIF"],
        ["uploads/polyglot-html.png", 415, "UNSUPPORTED_IMAGE", "JPEG, PNG, WebP or AVIF"],
        ["uploads/fake-header.jpg", 415, "UNSUPPORTED_IMAGE", "JPEG, PNG, WebP or AVIF"],
      ] as const
      for (const [file, status, code, says] of cases) {
        const bytes = await fixture(file)
        let response: Answer | undefined
        const added = await filesAddedBy(server, async () => {
          response = await postForm(server, browser, "/api/submissions", {
            image: photo("photo.jpg", bytes),
            challenge_id: contest.id,
          })
        })
        expect(response?.status, file).toBe(status)
        expect(response?.body, file).toEqual({ code, message: expect.stringContaining(says) })
        expect(added, file).toEqual([])
      }
      expect(await entriesOf(server, contest)).toEqual([])
      expect(await creditsLeft(browser)).toBe(2)
    })

    it("deletes the stored photo when the entry is refused: no credit (402), contest closed (403)", async () => {
      const { member, browser } = await signedInMember(server)
      const open = await addContest(server)
      await addEntry(server, member, open)
      await addEntry(server, member, open)
      const bytes = await fixture("entries/koi-pond-1.jpg")
      const noCredit = await filesAddedBy(server, async () => {
        const response = await postForm(server, browser, "/api/submissions", {
          image: photo("koi.jpg", bytes),
          challenge_id: open.id,
        })
        expect(response.status).toBe(402)
        expect(response.body).toEqual({
          code: "OUT_OF_SUBMISSIONS",
          message: "You've run out of submissions, upgrade for more",
        })
      })
      expect(noCredit).toEqual([])

      const fresh = await signedInMember(server)
      const ended = await addContest(server, "ended")
      const closed = await filesAddedBy(server, async () => {
        const response = await postForm(server, fresh.browser, "/api/submissions", {
          image: photo("koi.jpg", bytes),
          challenge_id: ended.id,
        })
        expect(response.status).toBe(403)
        expect(response.body).toMatchObject({ code: "CONTEST_CLOSED" })
      })
      expect(closed).toEqual([])
      expect(await creditsLeft(fresh.browser)).toBe(2)
    })

    it("refuses bad fields (400), an unknown contest (404), another member's id (403), keeping nothing", async () => {
      const { browser } = await signedInMember(server)
      const other = await addMember(server)
      const contest = await addContest(server)
      const bytes = await fixture("entries/koi-pond-1.jpg")
      const cases: ReadonlyArray<readonly [Readonly<Record<string, Part>>, number]> = [
        [{ image: photo("a.jpg", bytes) }, 400],
        [{ image: photo("a.jpg", bytes), challenge_id: contest.id, age_group: "toddler" }, 400],
        [{ challenge_id: contest.id }, 400],
        [{ picture: photo("a.jpg", bytes), challenge_id: contest.id }, 400],
        [
          { image: photo("a.jpg", bytes), file: photo("b.jpg", bytes), challenge_id: contest.id },
          400,
        ],
        [{ image: photo("a.jpg", bytes), "challenge_id[x]": contest.id }, 400],
        [{ image: photo("a.jpg", bytes), challenge_id: "no-such-contest" }, 404],
        [{ image: photo("a.jpg", bytes), challenge_id: contest.id, user_id: other.id }, 403],
      ]
      for (const [parts, status] of cases) {
        const added = await filesAddedBy(server, async () => {
          const response = await postForm(server, browser, "/api/submissions", parts)
          expect(response.status, Object.keys(parts).join(",")).toBe(status)
          expect(response.body).toMatchObject({
            code: expect.any(String),
            message: expect.any(String),
          })
        })
        expect(added, Object.keys(parts).join(",")).toEqual([])
      }
      expect(await entriesOf(server, contest)).toEqual([])
    })

    it("answers a visitor 401 without reading the upload, and a broken multipart body 400", async () => {
      const contest = await addContest(server)
      const visitor = await postForm(server, null, "/api/submissions", {
        image: photo("a.jpg", await fixture("entries/koi-pond-1.jpg")),
        challenge_id: contest.id,
      })
      expect(visitor.status).toBe(401)
      const { browser } = await signedInMember(server)
      const broken = await fetch(`${server.url}/api/submissions`, {
        method: "POST",
        headers: {
          Cookie: browser.cookie ?? "",
          "Content-Type": "multipart/form-data; boundary=nothere",
        },
        body: '--elsewhere\r\nContent-Disposition: form-data; name="x"\r\n\r\n1',
      })
      expect(broken.status).toBe(400)
      expect(await broken.json()).toMatchObject({ code: "BAD_REQUEST" })
    })
  })

  describe("line art", () => {
    let admin: { browser: Browser }
    beforeAll(async () => {
      admin = await signedInMember(server, { admin: true })
    })

    const setLineArt = (
      contest: Contest,
      parts: Readonly<Record<string, Part>>,
      as = admin.browser,
    ) => postForm(server, as, `/api/admin/contests/${contest.id}/line-art`, parts)

    const contestNow = (contest: Contest) =>
      run(
        server,
        Effect.gen(function* () {
          return yield* (yield* ContestRepository).get(contest.id)
        }),
      )

    it("an admin sets a PNG page; anyone downloads it as PNG and as a print PDF on A4 or Letter", async () => {
      const contest = await addContest(server)
      const page = await fixture("line-art/night-owl.png")
      const set = await setLineArt(contest, { image: photo("owl.png", page, "image/png") })
      expect(set.status, JSON.stringify(set.body)).toBe(200)
      const key = (await contestNow(contest)).lineArt
      expect(key).toMatch(/^line-art\/[0-9a-f-]{36}\.png$/)
      expect(set.body).toMatchObject({
        challenge: { id: contest.id, lineArt: `/images/${key}`, image_url: `/images/${key}` },
        lineArt: {
          png: `/api/challenges/${contest.id}/line-art.png`,
          pdf: {
            a4: `/api/challenges/${contest.id}/line-art.pdf?paper=a4`,
            letter: `/api/challenges/${contest.id}/line-art.pdf?paper=letter`,
          },
          printPdfSent: false,
        },
      })

      const png = await download(server, null, `/api/challenges/${contest.id}/line-art.png`)
      expect(png.status).toBe(200)
      expect(png.headers.get("content-type")).toBe("image/png")
      expect(png.headers.get("content-disposition")).toMatch(
        /^attachment; filename="colorday-contest-[a-z0-9-]+\.png"$/,
      )
      const [source, served] = await Promise.all([
        sharp(page).metadata(),
        sharp(png.bytes).metadata(),
      ])
      expect([served.format, served.width, served.height]).toEqual([
        "png",
        source.width,
        source.height,
      ])

      for (const [query, size, name] of [
        ["?paper=a4", PageSizes.A4, "a4"],
        ["?paper=letter", PageSizes.Letter, "letter"],
        ["", PageSizes.Letter, "letter"],
      ] as const) {
        const pdf = await download(
          server,
          null,
          `/api/challenges/${contest.id}/line-art.pdf${query}`,
        )
        expect(pdf.status, query).toBe(200)
        expect(pdf.headers.get("content-type")).toBe("application/pdf")
        expect(pdf.headers.get("content-disposition")).toMatch(
          new RegExp(`^attachment; filename="colorday-contest-[a-z0-9-]+-${name}\\.pdf"$`),
        )
        const document = await PDFDocument.load(pdf.bytes)
        expect(document.getPageCount()).toBe(1)
        const { width, height } = document.getPage(0).getSize()
        expect([width, height]).toEqual([expect.closeTo(size[0], 1), expect.closeTo(size[1], 1)])
      }
      const bad = await download(
        server,
        null,
        `/api/challenges/${contest.id}/line-art.pdf?paper=a3`,
      )
      expect(bad.status).toBe(400)
    })

    it("records a signed-in member's download, and counts each visitor's once a day", async () => {
      const contest = await addContest(server)
      await setLineArt(contest, {
        image: photo("p.png", await fixture("line-art/seashells.png"), "image/png"),
      })
      const { member, browser } = await signedInMember(server)
      expect(
        (await download(server, browser, `/api/challenges/${contest.id}/line-art.png`)).status,
      ).toBe(200)
      expect(
        (await download(server, browser, `/api/challenges/${contest.id}/line-art.pdf?paper=a4`))
          .status,
      ).toBe(200)
      expect(
        (await download(server, null, `/api/challenges/${contest.id}/line-art.png`)).status,
      ).toBe(200)
      const { rows, counts } = await run(
        server,
        Effect.gen(function* () {
          const database = yield* Database
          const rows = yield* database.run((manager) =>
            manager.getRepository(DownloadTable).findBy({ contestId: contest.id }),
          )
          const counts = yield* (yield* ContestAnalytics).counts(contest.id)
          return { rows, counts }
        }),
      )
      // The PNG and the PDF are one visitor's download today; the visitor by address is another.
      expect(rows.map((row) => row.memberId)).toEqual([member.id])
      expect(counts.downloads).toBe(2)
    })

    it("keeps an admin's print PDF with the page, and prints from it", async () => {
      const contest = await addContest(server)
      const set = await setLineArt(contest, {
        image: photo("page.png", await fixture("line-art/rose-window.png"), "image/png"),
        pdf: photo("page.pdf", await fixture("uploads/line-art.pdf"), "application/pdf"),
      })
      expect(set.status, JSON.stringify(set.body)).toBe(200)
      expect(set.body.lineArt.printPdfSent).toBe(true)
      const pdf = await download(
        server,
        null,
        `/api/challenges/${contest.id}/line-art.pdf?paper=a4`,
      )
      expect(pdf.status).toBe(200)
      // The admin's vector page is drawn as a form, not as a picture of the PNG.
      const text = pdf.bytes.toString("latin1")
      expect(text).toMatch(/\/Subtype \/Form/)
      expect(text).not.toMatch(/\/Subtype \/Image/)

      // A PDF alone replaces the print version and keeps the page.
      const before = await contestNow(contest)
      const again = await setLineArt(contest, {
        pdf: photo("page.pdf", await fixture("uploads/line-art.pdf"), "application/pdf"),
      })
      expect(again.status, JSON.stringify(again.body)).toBe(200)
      const after = await contestNow(contest)
      expect(after.lineArt).not.toBe(before.lineArt)
      const [oldPage, newPage] = await Promise.all(
        [before.lineArt, after.lineArt].map((key) =>
          readFile(join(server.dataDir, "images", key ?? "")),
        ),
      )
      expect(newPage?.equals(oldPage as Buffer)).toBe(true)
    })

    it("refuses what it cannot use, keeping nothing, and only admins may set it", async () => {
      const contest = await addContest(server)
      const page = photo("p.png", await fixture("line-art/tea-time.png"), "image/png")
      const pdf = photo("p.pdf", await fixture("uploads/line-art.pdf"), "application/pdf")
      const cases: ReadonlyArray<readonly [Readonly<Record<string, Part>>, number, string]> = [
        [{ pdf }, 400, "a PDF cannot be shown"],
        [{ image: { ...pdf, name: "p.png" } }, 415, "send the page as a PNG"],
        [{ image: page, pdf: page }, 415, "must be a PDF"],
        [{ image: photo("b.png", await fixture("uploads/bomb.png")) }, 415, "40 megapixels"],
        [
          { image: photo("z.jpg", await fixture("uploads/polyglot-zip.jpg")) },
          415,
          "not a plain picture",
        ],
        [{ title: "no file" }, 400, "image"],
      ]
      for (const [parts, status, says] of cases) {
        const added = await filesAddedBy(server, async () => {
          const response = await setLineArt(contest, parts)
          expect(response.status, says).toBe(status)
          expect(response.body.message, says).toContain(says)
        })
        expect(added, says).toEqual([])
      }
      expect((await contestNow(contest)).lineArt).toBeNull()

      const json = await admin.browser.post(`/api/admin/contests/${contest.id}/line-art`, {
        image: "iVBORw0KGgo=",
      })
      expect(json.status).toBe(400)
      const { browser: member } = await signedInMember(server)
      expect((await setLineArt(contest, { image: page }, member)).status).toBe(403)
      expect(
        (
          await postForm(server, null, `/api/admin/contests/${contest.id}/line-art`, {
            image: page,
          })
        ).status,
      ).toBe(401)
      expect(
        (await setLineArt({ ...contest, id: "no-such-contest" }, { image: page })).status,
      ).toBe(404)
    })

    it("answers 404 for a contest without line art, or none at all", async () => {
      const contest = await addContest(server)
      for (const path of [
        `/api/challenges/${contest.id}/line-art.png`,
        `/api/challenges/${contest.id}/line-art.pdf?paper=a4`,
        "/api/challenges/no-such-contest/line-art.png",
      ]) {
        const response = await download(server, null, path)
        expect(response.status, path).toBe(404)
        expect(response.body).toMatchObject({ code: "NOT_FOUND" })
      }
      // Visitors are counted only for line art that exists.
      const counts = await run(
        server,
        Effect.gen(function* () {
          return yield* (yield* ContestAnalytics).counts(contest.id)
        }),
      )
      expect(counts.downloads).toBe(0)
    })
  })
})
