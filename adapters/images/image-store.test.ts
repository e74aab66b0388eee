import { crc32, deflateSync } from "node:zlib"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import ExifReader from "exifreader"
import sharp from "sharp"
import {
  BACKENDS,
  fixture,
  picture,
  storeHarness,
  useS3Server,
  UUID,
} from "./image-store-backends.ts"

/**
 * The image store's contract on each place it keeps files (image-store-backends.ts: a folder and
 * an s3rver bucket): entry photos, and refusals that leave nothing behind.
 */
useS3Server()

describe.each(BACKENDS)("the image store on %s", (_name, open) => {
  const { opened, withStore, readBack, expectNothingStored } = storeHarness(open)

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
        expect(yield* Effect.promise(() => opened().files())).toEqual(
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

    it.effect("leaves the caller the bytes it was given: it frees only what it made", () =>
      Effect.gen(function* () {
        const jpeg = yield* Effect.promise(() =>
          picture(1200, 900).jpeg({ quality: 80 }).toBuffer(),
        )
        const sent = Buffer.from(jpeg)
        const stored = yield* withStore((store) => store.store(jpeg, "entry"))
        expect(jpeg.equals(sent)).toBe(true)
        // The renditions were written before they were freed.
        const display = yield* readBack(stored.key)
        const metadata = yield* Effect.promise(() => sharp(display.bytes).metadata())
        expect([metadata.width, metadata.height]).toEqual([1200, 900])
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
        expect(yield* Effect.promise(() => opened().files())).toEqual(
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
})
