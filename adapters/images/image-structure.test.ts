import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import sharp from "sharp"
import { checkStructure } from "./image-structure.ts"

const UPLOADS = join(import.meta.dirname, "../../fixtures/uploads")

const picture = (width = 64, height = 48) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 160, b: 90 },
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })

const text = (value: string) => Buffer.from(value, "latin1")

/** An ISO-BMFF box. */
const box = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8)
  header.writeUInt32BE(8 + payload.length)
  header.write(type, 4, "latin1")
  return Buffer.concat([header, payload])
}

/** A minimal MP4 as a motion photo appends it: ftyp, then the video data. */
const mp4 = Buffer.concat([
  box("ftyp", text("isom\0\0\0\0isomiso2mp41")),
  box("mdat", Buffer.alloc(200, 0x5a)),
])

let jpeg: Buffer
let progressive: Buffer
let png: Buffer
let webp: Buffer
let avif: Buffer
beforeAll(async () => {
  jpeg = await picture().jpeg().toBuffer()
  progressive = await picture(200, 150).jpeg({ progressive: true }).toBuffer()
  png = await picture().png().toBuffer()
  webp = await picture().webp().toBuffer()
  avif = await picture().avif().toBuffer()
})

/** A Samsung trailer: data blocks, then the SEFH directory naming them, its length and SEFT. */
const samsung = (blocks: ReadonlyArray<Buffer>, shift = 0) => {
  const data = Buffer.concat(blocks)
  const directory = Buffer.alloc(12 + blocks.length * 12)
  directory.write("SEFH", 0, "latin1")
  directory.writeUInt32LE(107, 4)
  directory.writeUInt32LE(blocks.length, 8)
  let start = 0
  blocks.forEach((block, index) => {
    const entry = 12 + index * 12
    directory.writeUInt16LE(0x0a30 + index, entry + 2)
    directory.writeUInt32LE(data.length - start - shift, entry + 4)
    directory.writeUInt32LE(block.length, entry + 8)
    start += block.length
  })
  const tail = Buffer.alloc(8)
  tail.writeUInt32LE(directory.length)
  tail.write("SEFT", 4, "latin1")
  return Buffer.concat([data, directory, tail])
}

/** Inserts a JPEG comment segment right after the start of image. */
const withComment = (image: Buffer, comment: string) => {
  const body = text(comment)
  const segment = Buffer.alloc(4)
  segment.set([0xff, 0xfe])
  segment.writeUInt16BE(body.length + 2, 2)
  return Buffer.concat([image.subarray(0, 2), segment, body, image.subarray(2)])
}

describe("checkStructure", () => {
  it("finds each format's own end: sharp's JPEG (baseline and progressive), PNG, WebP, AVIF", () => {
    expect(checkStructure(jpeg, "jpeg")).toBe("plain")
    expect(checkStructure(progressive, "jpeg")).toBe("plain")
    expect(checkStructure(png, "png")).toBe("plain")
    expect(checkStructure(webp, "webp")).toBe("plain")
    expect(checkStructure(avif, "avif")).toBe("plain")
  })

  it("accepts what cameras put after a JPEG: more JPEG images, a motion photo's MP4, padding", () => {
    expect(checkStructure(Buffer.concat([jpeg, progressive]), "jpeg")).toBe("plain")
    expect(checkStructure(Buffer.concat([jpeg, mp4]), "jpeg")).toBe("plain")
    expect(checkStructure(Buffer.concat([jpeg, Buffer.alloc(512)]), "jpeg")).toBe("plain")
    expect(checkStructure(Buffer.concat([jpeg, jpeg, Buffer.alloc(16, 0xff)]), "jpeg")).toBe(
      "plain",
    )
    const motion = Buffer.concat([text("MotionPhoto_Data"), mp4])
    expect(
      checkStructure(Buffer.concat([jpeg, samsung([motion, text("Image_UTC_Data0")])]), "jpeg"),
    ).toBe("plain")
  })

  it("refuses anything else after the image", () => {
    const page = text("<p>hello</p>")
    expect(checkStructure(Buffer.concat([jpeg, page]), "jpeg")).toBe("appended")
    expect(checkStructure(Buffer.concat([jpeg, mp4, page]), "jpeg")).toBe("appended")
    expect(checkStructure(Buffer.concat([jpeg, jpeg.subarray(0, 100)]), "jpeg")).toBe("appended")
    // A Samsung directory that does not account for what follows the picture.
    const trailer = samsung([text("MotionPhoto_Data")], 4)
    expect(checkStructure(Buffer.concat([jpeg, page, trailer]), "jpeg")).toBe("appended")
    expect(checkStructure(Buffer.concat([png, text("x")]), "png")).toBe("appended")
    expect(checkStructure(Buffer.concat([webp, text("PK\x03\x04 tail")]), "webp")).toBe("appended")
    expect(checkStructure(Buffer.concat([avif, text("\0\0\0\x02??")]), "avif")).toBe("appended")
  })

  it("refuses the fixtures' polyglots", async () => {
    const file = (name: string) => readFile(join(UPLOADS, name))
    expect(checkStructure(await file("polyglot-zip.jpg"), "jpeg")).toBe("appended")
    expect(checkStructure(await file("polyglot-html.png"), "png")).toBe("embedded")
    expect(checkStructure(await file("fake-header.jpg"), "jpeg")).toBe("damaged")
  })

  it("refuses a web page, a script, PHP or a PDF header in the metadata", () => {
    for (const payload of [
      "<script>alert(1)</script>",
      "<HTML>\n<body>",
      "<!DOCTYPE html>",
      "<?php system($_GET['c']); ?>",
      "<iframe src=x>",
      "<svg onload=alert(1)>",
      "%PDF-1.7",
    ]) {
      expect(checkStructure(withComment(jpeg, payload), "jpeg"), payload).toBe("embedded")
    }
    // Ordinary comments and XMP are fine.
    expect(
      checkStructure(withComment(jpeg, "Taken with love <3 on a <b>sunny</b> day"), "jpeg"),
    ).toBe("plain")
    expect(
      checkStructure(
        withComment(jpeg, '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>'),
        "jpeg",
      ),
      "xmp",
    ).toBe("plain")
  })

  it("refuses a file a ZIP reader would open, even when the archive hides inside the image", () => {
    // An empty ZIP's end-of-directory record in a comment right before EOI, its own comment
    // length covering the EOI: the file is a plain JPEG in structure and a valid ZIP.
    const eocd = Buffer.alloc(22)
    eocd.writeUInt32LE(0x06054b50)
    eocd.writeUInt16LE(2, 20)
    const segment = Buffer.alloc(4)
    segment.set([0xff, 0xfe])
    segment.writeUInt16BE(eocd.length + 2, 2)
    const body = jpeg.subarray(0, jpeg.length - 2)
    const hidden = Buffer.concat([body, segment, eocd, Buffer.from([0xff, 0xd9])])
    expect(checkStructure(hidden, "jpeg")).toBe("embedded")
    // The same record ending a motion photo's video data, which ends the file.
    const record = Buffer.alloc(22)
    record.writeUInt32LE(0x06054b50)
    const inVideo = Buffer.concat([jpeg, box("ftyp", text("isom")), box("mdat", record)])
    expect(checkStructure(inVideo, "jpeg")).toBe("embedded")
  })

  it("calls a file cut short or with broken lengths damaged", () => {
    expect(checkStructure(jpeg.subarray(0, jpeg.length - 2), "jpeg")).toBe("damaged")
    expect(checkStructure(jpeg.subarray(0, 40), "jpeg")).toBe("damaged")
    expect(checkStructure(png.subarray(0, png.length - 12), "png")).toBe("damaged")
    expect(checkStructure(webp.subarray(0, webp.length - 10), "webp")).toBe("damaged")
    expect(checkStructure(avif.subarray(0, avif.length - 10), "avif")).toBe("damaged")
  })
})
