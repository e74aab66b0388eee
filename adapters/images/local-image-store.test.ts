import { mkdtemp, readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { crc32, deflateSync } from "node:zlib"
import { afterEach, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import sharp from "sharp"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import { layerLocalImageStore } from "./local-image-store.ts"

let dir = ""
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "colorday-images-"))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 120, b: 60 } } })

/** Every file under the store's folder, temporary files included. */
const filesIn = async (folder: string): Promise<Array<string>> => {
  const names = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  return names
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
}

const withStore = <A, E>(body: (store: ImageStore["Service"]) => Effect.Effect<A, E>) =>
  Effect.gen(function* () {
    return yield* body(yield* ImageStore)
  }).pipe(Effect.provide(layerLocalImageStore(dir)))

describe("local image store", () => {
  it.effect("stores a PNG and a JPEG as sent, under keys of our own, and reads them back", () =>
    Effect.gen(function* () {
      const png = yield* Effect.promise(() => picture(40, 30).png().toBuffer())
      const jpeg = yield* Effect.promise(() => picture(64, 48).jpeg({ quality: 80 }).toBuffer())
      const [storedPng, storedJpeg] = yield* withStore((store) =>
        Effect.all([store.store(png, "line-art"), store.store(jpeg, "entry")]),
      )
      expect(storedPng).toMatchObject({ format: "png", width: 40, height: 30 })
      expect(storedPng.key).toMatch(/^line-art\/[0-9a-f-]{36}\.png$/)
      expect(storedJpeg).toMatchObject({ format: "jpeg", width: 64, height: 48 })
      expect(storedJpeg.key).toMatch(/^entry\/[0-9a-f-]{36}\.jpg$/)
      expect((yield* Effect.promise(() => filesIn(dir))).sort()).toEqual(
        [storedJpeg.key, storedPng.key].sort(),
      )

      const read = yield* withStore((store) => store.read(storedJpeg.key))
      expect(Option.isSome(read)).toBe(true)
      if (Option.isSome(read)) {
        expect(read.value.contentType).toBe("image/jpeg")
        expect(Buffer.from(read.value.bytes).equals(jpeg)).toBe(true)
      }
    }),
  )

  it.effect("accepts WebP and AVIF by content", () =>
    Effect.gen(function* () {
      const webp = yield* Effect.promise(() => picture(20, 20).webp().toBuffer())
      const avif = yield* Effect.promise(() => picture(20, 20).avif().toBuffer())
      const stored = yield* withStore((store) =>
        Effect.all([store.store(webp, "entry"), store.store(avif, "entry")]),
      )
      expect(stored.map((image) => image.format)).toEqual(["webp", "avif"])
      expect(stored[1]?.key).toMatch(/\.avif$/)
    }),
  )

  it.effect("refuses a text file, naming what is accepted, and writes nothing", () =>
    Effect.gen(function* () {
      const text = new TextEncoder().encode("this is not a photo of a colored page, honest")
      const error = yield* Effect.flip(withStore((store) => store.store(text, "entry")))
      expect(error._tag).toBe("UnsupportedImage")
      expect(error.message).toContain("JPEG, PNG, WebP or AVIF")
      expect(yield* Effect.promise(() => filesIn(dir))).toEqual([])
    }),
  )

  it.effect("refuses an SVG and a GIF even though the decoder could read them", () =>
    Effect.gen(function* () {
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      )
      const gif = yield* Effect.promise(() => picture(10, 10).gif().toBuffer())
      for (const bytes of [svg, gif]) {
        const error = yield* Effect.flip(withStore((store) => store.store(bytes, "entry")))
        expect(error.message).toContain("JPEG, PNG, WebP or AVIF")
      }
      expect(yield* Effect.promise(() => filesIn(dir))).toEqual([])
    }),
  )

  it.effect("asks for JPEG when sent an iPhone HEIC photo", () =>
    Effect.gen(function* () {
      // The start of a HEIC file: an ftyp box with the "heic" brand.
      const heic = new Uint8Array(64)
      heic.set([0, 0, 0, 24], 0)
      heic.set(new TextEncoder().encode("ftypheic\0\0\0\0mif1heic"), 4)
      const error = yield* Effect.flip(withStore((store) => store.store(heic, "entry")))
      expect(error._tag).toBe("UnsupportedImage")
      expect(error.message).toContain("JPEG")
      expect(error.message).toContain("iPhone photos: choose JPEG")
      expect(yield* Effect.promise(() => filesIn(dir))).toEqual([])
    }),
  )

  it.effect("refuses more than 10 MB before looking at the content", () =>
    Effect.gen(function* () {
      const header = yield* Effect.promise(() => picture(8, 8).jpeg().toBuffer())
      const huge = new Uint8Array(10 * 1024 * 1024 + 1)
      huge.set(header)
      const error = yield* Effect.flip(withStore((store) => store.store(huge, "entry")))
      expect(error.message).toContain("10 MB")
      expect(yield* Effect.promise(() => filesIn(dir))).toEqual([])
    }),
  )

  it.effect("refuses a decompression bomb: a small file of more than 40 megapixels", () =>
    Effect.gen(function* () {
      // A PNG whose header claims 8000×6000 pixels: a few dozen bytes that would decode to 48 MP.
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
      const error = yield* Effect.flip(withStore((store) => store.store(bomb, "entry")))
      expect(error.message).toContain("40 megapixels")
      expect(yield* Effect.promise(() => filesIn(dir))).toEqual([])
    }),
  )

  it.effect("refuses a damaged file that only starts like a JPEG", () =>
    Effect.gen(function* () {
      const jpeg = yield* Effect.promise(() => picture(64, 48).jpeg().toBuffer())
      const damaged = jpeg.subarray(0, 40)
      const error = yield* Effect.flip(withStore((store) => store.store(damaged, "entry")))
      expect(error._tag).toBe("UnsupportedImage")
      expect(yield* Effect.promise(() => filesIn(dir))).toEqual([])
    }),
  )

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
        `entry/${id.replace(".png", ".svg")}`,
      ]) {
        expect(Option.isNone(yield* withStore((store) => store.read(key)))).toBe(true)
      }
      // A well-formed key nobody stored.
      const missing = "entry/00000000-0000-4000-8000-000000000000.png"
      expect(Option.isNone(yield* withStore((store) => store.read(missing)))).toBe(true)
    }),
  )
})
