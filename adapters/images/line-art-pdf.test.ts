import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { PDFRawStream } from "pdf-lib"
import { decodePDFRawStream, PageSizes, PDFArray, PDFDict, PDFDocument, PDFName } from "pdf-lib"
import sharp from "sharp"
import {
  checkPrintPdf,
  placement,
  PRINT_MARGIN,
  printPdfOfPdf,
  printPdfOfPicture,
} from "./line-art-pdf.ts"

const FIXTURES = join(import.meta.dirname, "../../fixtures")

/** The image XObjects a PDF's first page draws, with their dictionaries. */
const imagesOn = async (pdf: Uint8Array) => {
  const document = await PDFDocument.load(pdf)
  const page = document.getPage(0)
  const resources = page.node.Resources()
  const xObjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict)
  return {
    document,
    page,
    images: (xObjects?.entries() ?? []).map(([, ref]) => document.context.lookup(ref)),
  }
}

/** The first page's content stream, decoded. */
const contentOf = async (pdf: Uint8Array) => {
  const document = await PDFDocument.load(pdf)
  const contents = document.getPage(0).node.Contents()
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => document.context.lookup(ref))
      : [contents]
  return streams
    .map((stream) =>
      Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString("latin1"),
    )
    .join("\n")
}

const pdfWith = async (build: (document: PDFDocument) => void | Promise<void>) => {
  const document = await PDFDocument.create()
  await build(document)
  return document.save()
}

describe("placement", () => {
  it("fits the art inside half-inch margins, centred, the paper turned to the art", () => {
    const [a4Width, a4Height] = PageSizes.A4
    const tall = placement({ width: 1000, height: 2000 }, "a4")
    expect([tall.pageWidth, tall.pageHeight]).toEqual([a4Width, a4Height])
    expect(tall.height).toBeCloseTo(a4Height - 2 * PRINT_MARGIN)
    expect(tall.y).toBeCloseTo(PRINT_MARGIN)
    expect(tall.x).toBeCloseTo((a4Width - tall.width) / 2)

    const wide = placement({ width: 3000, height: 2000 }, "letter")
    expect([wide.pageWidth, wide.pageHeight]).toEqual([792, 612])
    expect(wide.width).toBeCloseTo(792 - 2 * PRINT_MARGIN)
    expect(wide.x).toBeCloseTo(PRINT_MARGIN)
    expect(wide.y + wide.height / 2).toBeCloseTo(306)
  })
})

describe("print PDFs", () => {
  it("puts a grey PNG page on A4 and Letter as one grey image, centred", async () => {
    const png = await readFile(join(FIXTURES, "line-art/koi-pond.png"))
    const { width, height } = await sharp(png).metadata()
    for (const [paper, size] of [
      ["a4", PageSizes.A4],
      ["letter", PageSizes.Letter],
    ] as const) {
      const pdf = await printPdfOfPicture(png, paper, "Koi Pond")
      const { document, page, images } = await imagesOn(pdf)
      expect(document.getPageCount()).toBe(1)
      expect(document.getTitle()).toBe("Koi Pond")
      const [pageWidth, pageHeight] = size
      expect(page.getWidth()).toBeCloseTo(pageWidth)
      expect(page.getHeight()).toBeCloseTo(pageHeight)
      expect(images).toHaveLength(1)
      const image = images[0] as PDFRawStream
      expect(image.dict.get(PDFName.of("Width"))?.toString()).toBe(String(width))
      expect(image.dict.get(PDFName.of("Height"))?.toString()).toBe(String(height))
      expect(image.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of("DeviceGray"))
      // The drawing operator places it as `placement` says: `w 0 0 h x y cm`.
      const where = placement({ width: width, height: height }, paper)
      const matrix = /([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm/.exec(await contentOf(pdf))
      expect(matrix?.slice(1).map(Number)).toEqual([
        expect.closeTo(where.width, 2),
        expect.closeTo(where.height, 2),
        expect.closeTo(where.x, 2),
        expect.closeTo(where.y, 2),
      ])
    }
  })

  it("keeps colour in a colour page", async () => {
    const png = await sharp({
      create: { width: 300, height: 400, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer()
    const { images } = await imagesOn(await printPdfOfPicture(png, "letter", "Red"))
    expect((images[0] as PDFRawStream).dict.get(PDFName.of("ColorSpace"))).toBe(
      PDFName.of("DeviceRGB"),
    )
  })

  it("draws an admin's PDF page on either paper, as a form", async () => {
    const source = await readFile(join(FIXTURES, "uploads/line-art.pdf"))
    const pdf = await printPdfOfPdf(source, "letter", "Flower")
    const document = await PDFDocument.load(pdf)
    expect(document.getPageCount()).toBe(1)
    expect(document.getPage(0).getSize()).toEqual({ width: 612, height: 792 })
    const { images } = await imagesOn(pdf)
    expect(images).toHaveLength(1)
    expect((images[0] as PDFRawStream).dict.get(PDFName.of("Subtype"))).toBe(PDFName.of("Form"))
  })
})

describe("checkPrintPdf", () => {
  it.effect("keeps one page, dropping scripts, actions, annotations and the old catalogue", () =>
    Effect.gen(function* () {
      const risky = yield* Effect.promise(() =>
        pdfWith((document) => {
          const page = document.addPage(PageSizes.A4)
          page.drawText("line art")
          const context = document.context
          const script = context.obj({ S: "JavaScript", JS: "app.alert('hi')" })
          document.catalog.set(PDFName.of("OpenAction"), script)
          page.node.set(PDFName.of("AA"), context.obj({ O: script }))
          page.node.set(
            PDFName.of("Annots"),
            context.obj([
              context.obj({
                Type: "Annot",
                Subtype: "Link",
                Rect: [0, 0, 100, 100],
                A: script,
              }),
            ]),
          )
        }),
      )
      const kept = yield* checkPrintPdf(risky)
      expect([kept.width, kept.height]).toEqual(PageSizes.A4)
      const text = Buffer.from(kept.bytes).toString("latin1")
      expect(text).not.toContain("JavaScript")
      expect(text).not.toContain("OpenAction")
      expect(text).not.toContain("/Annots")
      expect(text).not.toContain("/AA")
      const document = yield* Effect.promise(() => PDFDocument.load(kept.bytes))
      expect(document.getPageCount()).toBe(1)
    }),
  )

  const refusal = (bytes: Uint8Array) =>
    Effect.flip(checkPrintPdf(bytes)).pipe(Effect.map((e) => e.message))

  it.effect("refuses what is not a one-page, readable, unencrypted PDF of a sane size", () =>
    Effect.gen(function* () {
      const png = yield* Effect.promise(() => readFile(join(FIXTURES, "line-art/koi-pond.png")))
      expect(yield* refusal(png)).toContain("must be a PDF")
      const twoPages = yield* Effect.promise(() =>
        pdfWith((document) => {
          document.addPage(PageSizes.A4)
          document.addPage(PageSizes.A4)
        }),
      )
      expect(yield* refusal(twoPages)).toContain("2 pages")
      const stamp = yield* Effect.promise(() =>
        pdfWith((document) => void document.addPage([72, 72])),
      )
      expect(yield* refusal(stamp)).toContain("from 2 to 24 inches")
      const billboard = yield* Effect.promise(() =>
        pdfWith((document) => void document.addPage([5000, 3000])),
      )
      expect(yield* refusal(billboard)).toContain("from 2 to 24 inches")
      const encrypted = yield* Effect.promise(() =>
        pdfWith((document) => {
          document.addPage(PageSizes.A4)
          document.context.trailerInfo.Encrypt = document.context.obj({ Filter: "Standard" })
        }),
      )
      expect(yield* refusal(encrypted)).toContain("encrypted")
      const damaged = new TextEncoder().encode("%PDF-1.7\n this is not a PDF at all")
      expect(yield* refusal(damaged)).toContain("could not be read")
      const large = new Uint8Array(10 * 1024 * 1024 + 1)
      large.set(new TextEncoder().encode("%PDF-1.7"))
      expect(yield* refusal(large)).toContain("10 MB")
    }),
  )
})
