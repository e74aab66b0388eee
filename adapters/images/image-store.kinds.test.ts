import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { PDFDocument } from "pdf-lib"
import sharp from "sharp"
import { S3_TEST_CREDENTIALS } from "../../tests/support/s3-server.ts"
import {
  BACKENDS,
  fixture,
  picture,
  storeHarness,
  useS3Server,
  UUID,
} from "./image-store-backends.ts"
import { makeImageFiles } from "./image-store.ts"
import { s3ImageObjects } from "./s3-image-objects.ts"

/**
 * The image store's contract on each place it keeps files (image-store-backends.ts): line art,
 * keys, avatars and share images, the orphan sweep's listing; and an S3 store's bucket check.
 */
const s3Server = useS3Server()

describe.each(BACKENDS)("the image store on %s", (_name, open) => {
  const { opened, withStore, readBack, expectNothingStored } = storeHarness(open)

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
        expect(yield* Effect.promise(() => opened().files())).toEqual([
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
        const files = yield* Effect.promise(() => opened().files())
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
        yield* Effect.promise(() => opened().overwrite(photo.key, "not a picture any more"))
        expect(Option.isNone(yield* withStore((store) => store.shareImage(photo.key)))).toBe(true)
        const png = yield* Effect.promise(() => picture(400, 300).png().toBuffer())
        const page = yield* withStore((store) => store.store(png, "line-art"))
        expect(Option.isNone(yield* withStore((store) => store.shareImage(page.key)))).toBe(true)
        yield* Effect.promise(() => opened().files()).pipe(
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
        const files = makeImageFiles(opened().objects)
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
      const location = { ...s3Server().location(), bucket }
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
