import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { crc32, deflateSync } from "node:zlib"
import { ListObjectsV2Command } from "@aws-sdk/client-s3"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import ExifReader from "exifreader"
import { PDFDocument } from "pdf-lib"
import sharp from "sharp"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import {
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3Server,
} from "../../tests/support/s3-server.ts"
import { type ImageObjects, localImageObjects } from "./image-objects.ts"
import { layerImageStorage, makeImageFiles } from "./image-store.ts"
import { s3ImageObjects } from "./s3-image-objects.ts"

/**
 * The image store's contract, on each place it keeps files: a local folder (the embedded
 * default) and an S3 bucket on an S3-protocol server started here (s3rver), through the AWS SDK's
 * real wire protocol.
 */

/** One test's place for files, and how to look at it from outside the store. */
interface Opened {
  readonly objects: ImageObjects
  /** Every file there, sorted, temporary files included. */
  readonly files: () => Promise<Array<string>>
  /** Replaces a stored file's bytes behind the store's back (a file damaged at rest). */
  readonly overwrite: (key: string, text: string) => Promise<void>
  readonly close: () => Promise<void>
}

let s3: S3TestServer | undefined
beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3?.close()
})

const BACKENDS: ReadonlyArray<readonly [string, () => Promise<Opened>]> = [
  [
    "a local folder",
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "colorday-images-"))
      return {
        objects: localImageObjects(dir),
        files: () => filesIn(dir),
        overwrite: (key, text) => writeFile(join(dir, key), text),
        close: () => rm(dir, { recursive: true, force: true }),
      }
    },
  ],
  [
    "an S3 bucket (s3rver)",
    () => {
      if (!s3) throw new Error("the S3 test server did not start")
      const location = s3.location()
      const objects = s3ImageObjects(location, { credentials: S3_TEST_CREDENTIALS })
      return Promise.resolve({
        objects,
        files: async () => {
          const page = await objects.client.send(
            new ListObjectsV2Command({ Bucket: location.bucket, Prefix: location.prefix }),
          )
          return (page.Contents ?? [])
            .map((object) => (object.Key ?? "").slice(location.prefix.length))
            .sort()
        },
        overwrite: (key, text) =>
          objects.put(key, new TextEncoder().encode(text), "application/octet-stream"),
        close: () => Promise.resolve(objects.client.destroy()),
      })
    },
  ],
]

const UPLOADS = join(import.meta.dirname, "../../fixtures/uploads")
const fixture = (name: string) =>
  Effect.promise(() => readFile(join(UPLOADS, name))).pipe(Effect.map((b) => new Uint8Array(b)))

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 120, b: 60 } } })

/** Every file under the store's folder, temporary files included. */
const filesIn = async (folder: string): Promise<Array<string>> => {
  const names = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  return names
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort()
}

describe.each(BACKENDS)("the image store on %s", (_name, open) => {
  let current: Opened
  beforeEach(async () => {
    current = await open()
  })
  afterEach(async () => {
    await current.close()
  })

  const withStore = <A, E>(body: (store: ImageStore["Service"]) => Effect.Effect<A, E>) =>
    Effect.gen(function* () {
      return yield* body(yield* ImageStore)
    }).pipe(Effect.provide(layerImageStorage(current.objects)))

  const readBack = (key: string) =>
    withStore((store) => store.read(key)).pipe(
      Effect.map((found) => {
        if (Option.isNone(found)) throw new Error(`nothing stored under ${key}`)
        return found.value
      }),
    )

  const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

  const expectNothingStored = () =>
    Effect.promise(() => current.files()).pipe(Effect.map((files) => expect(files).toEqual([])))

  describe("entry photos", () => {
    it.effect("stores three renditions under keys of our own and reads them back", () =>
      Effect.gen(function* () {
        const jpeg = yield* Effect.promise(() =>
          picture(2400, 1800).jpeg({ quality: 80 }).toBuffer(),
        )
        const stored = yield* withStore((store) => store.store(jpeg, "entry"))
        expect(stored.key).toMatch(new RegExp(`^entry/${UUID}\\.webp$`))
        const id = stored.key.slice("entry/".length, -".webp".length)
        expect(stored).toEqual({
          key: `entry/${id}.webp`,
          format: "webp",
          width: 1600,
          height: 1200,
          renditions: {
            display: `entry/${id}.webp`,
            thumbnail: `entry/${id}.thumb.webp`,
            original: `entry/${id}.original.jpg`,
            printPdf: null,
          },
        })
        expect(yield* Effect.promise(() => current.files())).toEqual(
          [`entry/${id}.original.jpg`, `entry/${id}.thumb.webp`, `entry/${id}.webp`].sort(),
        )
        const sizes = {
          [stored.renditions.display]: ["webp", "image/webp", 1600, 1200],
          [stored.renditions.thumbnail]: ["webp", "image/webp", 480, 360],
          [stored.renditions.original]: ["jpeg", "image/jpeg", 2400, 1800],
        } as const
        for (const [key, [format, contentType, width, height]] of Object.entries(sizes)) {
          const file = yield* readBack(key)
          expect(file.contentType).toBe(contentType)
          const metadata = yield* Effect.promise(() => sharp(file.bytes).metadata())
          expect([metadata.format, metadata.width, metadata.height]).toEqual([
            format,
            width,
            height,
          ])
        }
        expect(
          Option.getOrThrow(
            yield* withStore((store) =>
              Effect.succeed(store.renditionsOf(stored.renditions.thumbnail)),
            ),
          ),
        ).toEqual(stored.renditions)
      }),
    )

    it.effect("never enlarges: a small photo keeps its size in every rendition", () =>
      Effect.gen(function* () {
        const png = yield* Effect.promise(() => picture(300, 200).png().toBuffer())
        const stored = yield* withStore((store) => store.store(png, "entry"))
        expect([stored.width, stored.height]).toEqual([300, 200])
        const thumbnail = yield* readBack(stored.renditions.thumbnail)
        const metadata = yield* Effect.promise(() => sharp(thumbnail.bytes).metadata())
        expect([metadata.width, metadata.height]).toEqual([300, 200])
      }),
    )

    it.effect("turns a sideways camera photo upright and strips its EXIF, GPS, XMP and ICC", () =>
      Effect.gen(function* () {
        const photo = yield* fixture("gps-rotated.jpg")
        // The fixture really carries what must go.
        const before = ExifReader.load(Buffer.from(photo), { expanded: true })
        expect(before.gps?.Latitude).toBeCloseTo(48.857, 2)
        expect(before.exif?.Orientation?.value).toBe(6)
        expect(before.xmp).toBeDefined()
        expect(before.icc).toBeDefined()

        const stored = yield* withStore((store) => store.store(photo, "entry"))
        // Stored 640×480 and turned a quarter: upright it is 480×640.
        expect([stored.width, stored.height]).toEqual([480, 640])
        const expected = {
          [stored.renditions.display]: [480, 640],
          [stored.renditions.thumbnail]: [360, 480],
          [stored.renditions.original]: [480, 640],
        }
        for (const [key, [width, height]] of Object.entries(expected)) {
          const { bytes } = yield* readBack(key)
          const metadata = yield* Effect.promise(() => sharp(bytes).metadata())
          expect([metadata.width, metadata.height], key).toEqual([width, height])
          expect(metadata.orientation, key).toBeUndefined()
          expect(metadata.exif, key).toBeUndefined()
          expect(metadata.xmp, key).toBeUndefined()
          expect(metadata.icc, key).toBeUndefined()
          expect(metadata.iptc, key).toBeUndefined()
          const tags = ExifReader.load(Buffer.from(bytes), { expanded: true })
          expect(
            Object.keys(tags).filter((group) => group !== "file"),
            key,
          ).toEqual([])
          expect(Buffer.from(bytes).includes("Colorday Test Camera"), key).toBe(false)
          expect(Buffer.from(bytes).includes("GPS"), key).toBe(false)

          // Upright: the red band the photographer saw on top is on top.
          const { data, info } = yield* Effect.promise(() =>
            sharp(bytes).raw().toBuffer({ resolveWithObject: true }),
          )
          const at = (x: number, y: number) => {
            const offset = (Math.floor(y) * info.width + Math.floor(x)) * info.channels
            return [data[offset], data[offset + 1], data[offset + 2]] as const
          }
          const [r, g, b] = at(info.width / 2, info.height * 0.03)
          expect(r, key).toBeGreaterThan(180)
          expect(g, key).toBeLessThan(80)
          expect(b, key).toBeLessThan(80)
          const [, bottomG] = at(info.width / 2, info.height * 0.97)
          expect(bottomG, key).toBeGreaterThan(40)
        }
      }),
    )

    it.effect(
      "accepts WebP and AVIF by content, and puts a transparent PNG on white in the JPEG",
      () =>
        Effect.gen(function* () {
          const webp = yield* Effect.promise(() => picture(20, 20).webp().toBuffer())
          const avif = yield* Effect.promise(() => picture(20, 20).avif().toBuffer())
          const clear = yield* Effect.promise(() =>
            sharp({
              create: {
                width: 8,
                height: 8,
                channels: 4,
                background: { r: 0, g: 0, b: 0, alpha: 0 },
              },
            })
              .png()
              .toBuffer(),
          )
          const stored = yield* withStore((store) =>
            Effect.all([
              store.store(webp, "entry"),
              store.store(avif, "entry"),
              store.store(clear, "entry"),
            ]),
          )
          expect(stored.map((image) => image.format)).toEqual(["webp", "webp", "webp"])
          const original = yield* readBack(stored[2].renditions.original)
          const { data } = yield* Effect.promise(() =>
            sharp(original.bytes).raw().toBuffer({ resolveWithObject: true }),
          )
          expect(Math.min(...data)).toBeGreaterThan(240)
        }),
    )

    it.effect("removes every rendition of an image, given any of its keys", () =>
      Effect.gen(function* () {
        const jpeg = yield* Effect.promise(() => picture(64, 48).jpeg().toBuffer())
        const [kept, removed] = yield* withStore((store) =>
          Effect.all([store.store(jpeg, "entry"), store.store(jpeg, "entry")]),
        )
        yield* withStore((store) => store.remove(removed.renditions.thumbnail))
        // Unknown and malformed keys are nothing to remove.
        yield* withStore((store) => store.remove("entry/../../etc/passwd"))
        yield* withStore((store) => store.remove(`entry/${crypto.randomUUID()}.webp`))
        expect(yield* Effect.promise(() => current.files())).toEqual(
          Object.values(kept.renditions)
            .filter((key) => key !== null)
            .sort(),
        )
      }),
    )
  })

  describe("refusals leave nothing behind", () => {
    const refused = (bytes: Uint8Array, kind: "entry" | "line-art" = "entry") =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(withStore((store) => store.store(bytes, kind)))
        expect(error._tag).toBe("UnsupportedImage")
        yield* expectNothingStored()
        return error.message
      })

    it.effect("a text file, naming what is accepted", () =>
      Effect.gen(function* () {
        const text = new TextEncoder().encode("this is not a photo of a colored page, honest")
        expect(yield* refused(text)).toContain("JPEG, PNG, WebP or AVIF")
      }),
    )

    it.effect("an SVG and a GIF, even though the decoder could read them", () =>
      Effect.gen(function* () {
        const svg = new TextEncoder().encode(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        )
        const gif = yield* Effect.promise(() => picture(10, 10).gif().toBuffer())
        expect(yield* refused(svg)).toContain("JPEG, PNG, WebP or AVIF")
        expect(yield* refused(gif)).toContain("JPEG, PNG, WebP or AVIF")
      }),
    )

    it.effect("an iPhone HEIC photo, asking for JPEG", () =>
      Effect.gen(function* () {
        // The start of a HEIC file: an ftyp box with the "heic" brand.
        const heic = new Uint8Array(64)
        heic.set([0, 0, 0, 24], 0)
        heic.set(new TextEncoder().encode("ftypheic\0\0\0\0mif1heic"), 4)
        const message = yield* refused(heic)
        expect(message).toContain("JPEG")
        expect(message).toContain("iPhone photos: choose JPEG")
      }),
    )

    it.effect("more than 10 MB (fixtures/uploads/too-large.jpg, a valid 12 MB JPEG)", () =>
      Effect.gen(function* () {
        const large = yield* fixture("too-large.jpg")
        expect(large.length).toBe(12 * 1024 * 1024)
        expect(yield* refused(large)).toContain("the limit is 10 MB")
      }),
    )

    it.effect("a decompression bomb: fixtures/uploads/bomb.png, 900 megapixels in 150 KB", () =>
      Effect.gen(function* () {
        const bomb = yield* fixture("bomb.png")
        const message = yield* refused(bomb)
        expect(message).toContain("30000×30000")
        expect(message).toContain("40 megapixels")
      }),
    )

    it.effect("a bomb whose header claims more than 40 megapixels, with almost no data", () =>
      Effect.gen(function* () {
        const chunk = (type: string, data: Buffer) => {
          const body = Buffer.concat([Buffer.from(type, "ascii"), data])
          const length = Buffer.alloc(4)
          length.writeUInt32BE(data.length)
          const crc = Buffer.alloc(4)
          crc.writeUInt32BE(crc32(body))
          return Buffer.concat([length, body, crc])
        }
        const header = Buffer.alloc(13)
        header.writeUInt32BE(8000, 0)
        header.writeUInt32BE(6000, 4)
        header.set([8, 0, 0, 0, 0], 8)
        const bomb = Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          chunk("IHDR", header),
          chunk("IDAT", deflateSync(Buffer.alloc(6001))),
          chunk("IEND", Buffer.alloc(0)),
        ])
        expect(yield* refused(bomb)).toContain("40 megapixels")
      }),
    )

    it.effect("a PDF named .jpg (fixtures/uploads/document.jpg)", () =>
      Effect.gen(function* () {
        const message = yield* refused(yield* fixture("document.jpg"))
        expect(message).toContain("PDF")
        expect(message).toContain("JPEG, PNG, WebP or AVIF")
      }),
    )

    it.effect(
      "polyglots: a JPEG that is also a ZIP, a PNG carrying a web page, a fake JPEG header",
      () =>
        Effect.gen(function* () {
          expect(yield* refused(yield* fixture("polyglot-zip.jpg"))).toContain(
            "not a plain picture",
          )
          expect(yield* refused(yield* fixture("polyglot-html.png"))).toContain(
            "not a plain picture",
          )
          expect(yield* refused(yield* fixture("fake-header.jpg"))).toContain("could not be read")
        }),
    )

    it.effect("a damaged file that only starts like a JPEG", () =>
      Effect.gen(function* () {
        const jpeg = yield* Effect.promise(() => picture(64, 48).jpeg().toBuffer())
        expect(yield* refused(jpeg.subarray(0, 40))).toContain("could not be read")
        // Complete in structure, with a Huffman table that is garbage.
        const corrupt = Buffer.from(jpeg)
        const table = corrupt.indexOf(Buffer.from([0xff, 0xc4]))
        corrupt.fill(0x00, table + 5, table + 2 + corrupt.readUInt16BE(table + 2))
        expect(yield* refused(corrupt)).toContain("could not be read")
      }),
    )
  })

  describe("line art", () => {
    it.effect("stores a grey page as a one-channel PNG with a thumbnail", () =>
      Effect.gen(function* () {
        const page = yield* Effect.promise(() =>
          readFile(join(import.meta.dirname, "../../fixtures/line-art/night-owl.png")),
        )
        const stored = yield* withStore((store) => store.store(page, "line-art"))
        expect(stored.key).toMatch(new RegExp(`^line-art/${UUID}\\.png$`))
        const id = stored.key.slice("line-art/".length, -".png".length)
        expect(stored.renditions).toEqual({
          display: stored.key,
          original: stored.key,
          thumbnail: `line-art/${id}.thumb.webp`,
          printPdf: null,
        })
        expect(yield* Effect.promise(() => current.files())).toEqual([
          `line-art/${id}.png`,
          `line-art/${id}.thumb.webp`,
        ])
        const png = yield* readBack(stored.key)
        expect(png.contentType).toBe("image/png")
        const metadata = yield* Effect.promise(() => sharp(png.bytes).metadata())
        expect([metadata.format, metadata.channels, metadata.width]).toEqual([
          "png",
          1,
          stored.width,
        ])
      }),
    )

    it.effect("keeps a print PDF with it, rewritten without scripts, and reads it back", () =>
      Effect.gen(function* () {
        const page = yield* Effect.promise(() => picture(600, 800).png().toBuffer())
        const pdf = yield* fixture("line-art.pdf")
        const stored = yield* withStore((store) => store.store(page, "line-art", { printPdf: pdf }))
        expect(stored.renditions.printPdf).toBe(stored.key.replace(/\.png$/, ".print.pdf"))
        const kept = yield* readBack(stored.renditions.printPdf!)
        expect(kept.contentType).toBe("application/pdf")
        const document = yield* Effect.promise(() => PDFDocument.load(kept.bytes))
        expect(document.getPageCount()).toBe(1)
        expect(document.getPage(0).getSize().width).toBeCloseTo(595.28, 1)
      }),
    )

    it.effect("refuses a PDF as the page itself, and a bad print PDF, storing nothing", () =>
      Effect.gen(function* () {
        const pdf = yield* fixture("line-art.pdf")
        const asPage = yield* Effect.flip(withStore((store) => store.store(pdf, "line-art")))
        expect(asPage.message).toContain("send the page as a PNG")
        const page = yield* Effect.promise(() => picture(600, 800).png().toBuffer())
        const notPdf = yield* Effect.flip(
          withStore((store) => store.store(page, "line-art", { printPdf: page })),
        )
        expect(notPdf.message).toContain("must be a PDF")
        yield* expectNothingStored()
      }),
    )
  })

  describe("keys", () => {
    it.effect("reads nothing for a key that is not of our shape, path traversal included", () =>
      Effect.gen(function* () {
        const png = yield* Effect.promise(() => picture(10, 10).png().toBuffer())
        const stored = yield* withStore((store) => store.store(png, "entry"))
        const id = stored.key.slice("entry/".length)
        for (const key of [
          "../../etc/passwd",
          `entry/../entry/${id}`,
          `entry/${id}/..`,
          `/entry/${id}`,
          `entry\\${id}`,
          `other/${id}`,
          "entry/not-a-uuid.png",
          `entry/${id.replace(".webp", ".svg")}`,
          `entry/${id.replace(".webp", ".thumb.jpg")}`,
        ]) {
          expect(Option.isNone(yield* withStore((store) => store.read(key))), key).toBe(true)
          expect(
            Option.isNone(yield* withStore((store) => Effect.succeed(store.renditionsOf(key)))),
            key,
          ).toBe(true)
        }
        // A well-formed key nobody stored.
        const missing = "entry/00000000-0000-4000-8000-000000000000.png"
        expect(Option.isNone(yield* withStore((store) => store.read(missing)))).toBe(true)
      }),
    )

    it.effect("a key of the first version (the upload as sent) is its own every rendition", () =>
      Effect.gen(function* () {
        const legacy = "entry/00000000-0000-4000-8000-000000000000.jpg"
        const renditions = yield* withStore((store) => Effect.succeed(store.renditionsOf(legacy)))
        expect(Option.getOrThrow(renditions)).toMatchObject({
          display: legacy,
          thumbnail: legacy,
          original: legacy,
        })
      }),
    )
  })

  describe("avatars and share images", () => {
    it.effect("stores an avatar as one 256 px WebP square, whatever the upload's shape", () =>
      Effect.gen(function* () {
        for (const [width, height] of [
          [1200, 500],
          [300, 900],
          [100, 100],
        ] as const) {
          const jpeg = yield* Effect.promise(() => picture(width, height).jpeg().toBuffer())
          const stored = yield* withStore((store) => store.store(jpeg, "avatar"))
          expect(stored.key).toMatch(new RegExp(`^avatar/${UUID}\\.webp$`))
          expect([stored.format, stored.width, stored.height]).toEqual(["webp", 256, 256])
          const served = yield* readBack(stored.key)
          expect(served.contentType).toBe("image/webp")
          const metadata = yield* Effect.promise(() => sharp(served.bytes).metadata())
          expect([metadata.width, metadata.height, metadata.exif]).toEqual([256, 256, undefined])
        }
        const files = yield* Effect.promise(() => current.files())
        expect(files.every((file) => new RegExp(`^avatar/${UUID}\\.webp$`).test(file))).toBe(true)
        expect(files).toHaveLength(3)
      }),
    )

    it.effect("refuses an avatar that is not a picture, storing nothing", () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(
          withStore((store) => store.store(new TextEncoder().encode("hello"), "avatar")),
        )
        expect(error._tag).toBe("UnsupportedImage")
        yield* expectNothingStored()
      }),
    )

    it.effect("makes an entry's JPEG share image once, keeps it, and knows its size", () =>
      Effect.gen(function* () {
        const jpeg = yield* Effect.promise(() => picture(2400, 1800).jpeg().toBuffer())
        const stored = yield* withStore((store) => store.store(jpeg, "entry"))
        const id = stored.key.slice("entry/".length, -".webp".length)
        const share = yield* withStore((store) => store.shareImage(stored.key))
        expect(Option.getOrUndefined(share)).toEqual({
          key: `entry/${id}.share.jpg`,
          width: 1200,
          height: 900,
        })
        const served = yield* readBack(`entry/${id}.share.jpg`)
        expect(served.contentType).toBe("image/jpeg")
        const metadata = yield* Effect.promise(() => sharp(served.bytes).metadata())
        expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 900])
        // Asked again (from any key of the photo, by another store on the same folder): the same file.
        const again = yield* withStore((store) => store.shareImage(`entry/${id}.thumb.webp`))
        expect(Option.getOrUndefined(again)?.key).toBe(`entry/${id}.share.jpg`)
        expect((yield* readBack(`entry/${id}.share.jpg`)).bytes).toEqual(served.bytes)
        // Sizes of any rendition, read from the files.
        const sizes = yield* withStore((store) =>
          Effect.all([store.size(stored.key), store.size(`entry/${id}.thumb.webp`)]),
        )
        expect(sizes.map(Option.getOrUndefined)).toEqual([
          { width: 1600, height: 1200 },
          { width: 480, height: 360 },
        ])
        // Removing the photo removes its share image too.
        yield* withStore((store) => store.remove(stored.key))
        yield* expectNothingStored()
      }),
    )

    it.effect("has no share image or size for a photo that is not there, or for line art", () =>
      Effect.gen(function* () {
        const missing = `entry/${crypto.randomUUID()}.webp`
        expect(Option.isNone(yield* withStore((store) => store.shareImage(missing)))).toBe(true)
        expect(Option.isNone(yield* withStore((store) => store.size(missing)))).toBe(true)
        expect(Option.isNone(yield* withStore((store) => store.size("../etc/passwd")))).toBe(true)
        // A display file that does not decode (damaged on disk): no share image, no error.
        const jpeg = yield* Effect.promise(() => picture(400, 300).jpeg().toBuffer())
        const photo = yield* withStore((store) => store.store(jpeg, "entry"))
        yield* Effect.promise(() => current.overwrite(photo.key, "not a picture any more"))
        expect(Option.isNone(yield* withStore((store) => store.shareImage(photo.key)))).toBe(true)
        const png = yield* Effect.promise(() => picture(400, 300).png().toBuffer())
        const page = yield* withStore((store) => store.store(png, "line-art"))
        expect(Option.isNone(yield* withStore((store) => store.shareImage(page.key)))).toBe(true)
        yield* Effect.promise(() => current.files()).pipe(
          Effect.map((files) => expect(files.some((file) => file.includes("share"))).toBe(false)),
        )
      }),
    )
  })

  describe("files for the orphan sweep", () => {
    it.effect("lists each image's files once written, grouped, and only those written before", () =>
      Effect.gen(function* () {
        const jpeg = yield* Effect.promise(() => picture(64, 48).jpeg().toBuffer())
        const png = yield* Effect.promise(() => picture(40, 40).png().toBuffer())
        const startedAt = Date.now()
        const [photo, page] = yield* withStore((store) =>
          Effect.all([store.store(jpeg, "entry"), store.store(png, "line-art")]),
        )
        const files = makeImageFiles(current.objects)
        // Nothing was written before the test started (S3's clock has whole seconds).
        expect(yield* files.imagesBefore("entry", startedAt - 1_000)).toEqual([])
        const later = Date.now() + 60_000
        const entries = yield* files.imagesBefore("entry", later)
        expect(entries.map((keys) => [...keys].sort())).toEqual([
          Object.values(photo.renditions)
            .filter((key) => key !== null)
            .sort(),
        ])
        expect(yield* files.imagesBefore("line-art", later)).toEqual([
          expect.arrayContaining([page.renditions.display, page.renditions.thumbnail]),
        ])
        expect(yield* files.imagesBefore("avatar", later)).toEqual([])
        // Nothing unfinished is left by whole writes.
        expect(yield* files.removeTemporaryBefore(later)).toBe(0)
      }),
    )
  })
})

describe("an S3 image store's start", () => {
  const build = (bucket: string, credentials = S3_TEST_CREDENTIALS) =>
    Effect.gen(function* () {
      if (!s3) throw new Error("the S3 test server did not start")
      const location = { ...s3.location(), bucket }
      const objects = s3ImageObjects(location, { credentials })
      const checked = yield* Effect.exit(Effect.promise(() => objects.check()))
      objects.client.destroy()
      return checked
    })

  it.effect("checks the bucket, so a server with a wrong one does not start, saying why", () =>
    Effect.gen(function* () {
      expect((yield* build("colorday-images"))._tag).toBe("Success")
      const missing = yield* build("no-such-bucket")
      expect(missing._tag).toBe("Failure")
      expect(String(missing)).toContain("IMAGE_STORE_URL: the images' bucket (s3 no-such-bucket/")
      expect(String(missing)).toContain("cannot be used: no such bucket")
    }),
  )
})
