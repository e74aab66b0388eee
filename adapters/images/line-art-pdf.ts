import { deflateSync } from "node:zlib"
import { Effect } from "effect"
import sharp from "sharp"
import { UnsupportedImage } from "../../domain/submissions/image-store.port.ts"
import { looksLikePdf, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "./inspect-image.ts"
import { allGrey } from "./process-image.ts"

/**
 * Print-ready PDFs of a line-art page, made with pdf-lib: the page centred on A4 or Letter with
 * margins, the paper turned to the art's orientation. The page is the contest's PNG or, when an
 * admin sent one with it, their own PDF (vector art prints crisper than any picture of it).
 *
 * Why a PDF is never the only form of a page: nothing installed can draw a PDF into pixels
 * (sharp's prebuilt libvips has no PDF loader; pdf-lib writes PDFs, it does not render them), and
 * the site shows the page as a picture and hands it out as a PNG. So an uploaded PDF is kept next
 * to a PNG of the same page, as its print version.
 */

/**
 * pdf-lib, loaded on the first PDF made or checked: the server's routes name the papers from this
 * module at start, and pdf-lib held about 20 MB of an idle server's memory.
 */
const pdfLib = () => import("pdf-lib")

export const PAPERS = ["a4", "letter"] as const
export type Paper = (typeof PAPERS)[number]

/** Paper sizes in PDF points (1/72 in), portrait: pdf-lib's PageSizes.A4 and PageSizes.Letter. */
export const PAPER_SIZES: { readonly [P in Paper]: readonly [number, number] } = {
  a4: [595.28, 841.89],
  letter: [612, 792],
}

/** Half an inch on every side: inside what any home printer can print. */
export const PRINT_MARGIN = 36

/** A PDF page we accept as a print version: from 2 in to 24 in on each side. */
const MIN_PAGE_POINTS = 144
const MAX_PAGE_POINTS = 1728

export interface Placement {
  readonly pageWidth: number
  readonly pageHeight: number
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** Where art of this shape goes on the paper: as large as fits inside the margins, centred. */
export const placement = (
  art: { readonly width: number; readonly height: number },
  paper: Paper,
): Placement => {
  const [short, long] = PAPER_SIZES[paper]
  const landscape = art.width > art.height
  const pageWidth = landscape ? long : short
  const pageHeight = landscape ? short : long
  const scale = Math.min(
    (pageWidth - 2 * PRINT_MARGIN) / art.width,
    (pageHeight - 2 * PRINT_MARGIN) / art.height,
  )
  const width = art.width * scale
  const height = art.height * scale
  return {
    pageWidth,
    pageHeight,
    x: (pageWidth - width) / 2,
    y: (pageHeight - height) / 2,
    width,
    height,
  }
}

/** One channel of three: the grey levels of RGB data that is all greys. */
const firstOfThree = (rgb: Buffer) => {
  const grey = Buffer.allocUnsafe(rgb.length / 3)
  for (let at = 0, to = 0; at < rgb.length; at += 3, to++) grey[to] = rgb[at] as number
  return grey
}

const newDocument = async (title: string) => {
  const { PDFDocument } = await pdfLib()
  const document = await PDFDocument.create()
  document.setTitle(title)
  document.setCreator("Colorday")
  document.setProducer("Colorday")
  return document
}

/**
 * The PNG page on paper. The pixels go in as one image, deflated by Node's zlib (pdf-lib's own
 * PNG embedding decodes and re-deflates in JavaScript, several times slower on a 300 DPI page);
 * grey pages stay one channel.
 */
export const printPdfOfPicture = async (
  picture: Uint8Array,
  paper: Paper,
  title: string,
): Promise<Uint8Array> => {
  const { data: rgb, info } = await sharp(picture, { limitInputPixels: MAX_IMAGE_PIXELS })
    .autoOrient()
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true })
  const grey = allGrey(rgb)
  const data = grey ? firstOfThree(rgb) : rgb
  const document = await newDocument(title)
  const where = placement(info, paper)
  const page = document.addPage([where.pageWidth, where.pageHeight])
  const image = document.context.register(
    document.context.stream(deflateSync(data), {
      Type: "XObject",
      Subtype: "Image",
      Width: info.width,
      Height: info.height,
      ColorSpace: grey ? "DeviceGray" : "DeviceRGB",
      BitsPerComponent: 8,
      Filter: "FlateDecode",
    }),
  )
  const name = page.node.newXObject("Image", image)
  const { concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } =
    await pdfLib()
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(where.width, 0, 0, where.height, where.x, where.y),
    drawObject(name),
    popGraphicsState(),
  )
  return document.save()
}

/** An admin's one-page PDF (as checkPrintPdf kept it) on paper: its page drawn as a form. */
export const printPdfOfPdf = async (
  pdf: Uint8Array,
  paper: Paper,
  title: string,
): Promise<Uint8Array> => {
  const document = await newDocument(title)
  const [art] = await document.embedPdf(pdf, [0])
  if (!art) throw new Error("the print PDF has no page")
  const where = placement(art, paper)
  const page = document.addPage([where.pageWidth, where.pageHeight])
  page.drawPage(art, { x: where.x, y: where.y, width: where.width, height: where.height })
  return document.save()
}

const refuse = (reason: string) => Effect.fail(new UnsupportedImage({ reason }))

/**
 * Checks a PDF sent as a page's print version and returns what we keep of it: a new document
 * holding a copy of its one page, without the page's annotations, links, form fields, actions or
 * metadata, and without anything of the old document's catalogue (open actions, JavaScript,
 * attachments, forms). The checks: at most 10 MB, a PDF by its first bytes, readable and not
 * encrypted, one page of 2 to 24 inches a side.
 */
export const checkPrintPdf = (
  bytes: Uint8Array,
): Effect.Effect<
  { readonly bytes: Uint8Array; readonly width: number; readonly height: number },
  UnsupportedImage
> =>
  Effect.gen(function* () {
    if (bytes.length > MAX_IMAGE_BYTES) {
      return yield* refuse(
        `The PDF is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is 10 MB.`,
      )
    }
    if (!looksLikePdf(bytes)) {
      return yield* refuse("The print version must be a PDF document (it starts with %PDF-).")
    }
    const unreadable = new UnsupportedImage({
      reason: "The PDF could not be read; it may be damaged. Please export it again.",
    })
    // pdf-lib parses leniently and may fail later, on first use: every use is guarded.
    const { source, pages, width, height } = yield* Effect.tryPromise({
      try: async () => {
        const { PDFDocument } = await pdfLib()
        const source = await PDFDocument.load(bytes, { updateMetadata: false })
        const pages = source.getPageCount()
        const size = pages > 0 ? source.getPage(0).getSize() : { width: 0, height: 0 }
        return { source, pages, ...size }
      },
      catch: (error) =>
        // pdf-lib's EncryptedPDFError (not `instanceof`-able: it is compiled to ES5).
        error instanceof Error && /is encrypted/.test(error.message)
          ? new UnsupportedImage({
              reason: "The PDF is encrypted or password-protected. Please send an unprotected PDF.",
            })
          : unreadable,
    })
    if (pages !== 1) {
      return yield* refuse(`The PDF has ${pages} pages; a line-art page is one page.`)
    }
    const sane = (side: number) => side >= MIN_PAGE_POINTS && side <= MAX_PAGE_POINTS
    if (!sane(width) || !sane(height)) {
      return yield* refuse(
        `The PDF's page is ${(width / 72).toFixed(1)} × ${(height / 72).toFixed(1)} in; a page from 2 to 24 inches a side is expected.`,
      )
    }
    return yield* Effect.tryPromise({
      try: async () => {
        const { PDFName } = await pdfLib()
        const kept = await newDocument("Colorday line art")
        const [page] = await kept.copyPages(source, [0])
        if (!page) throw new Error("no page copied")
        for (const key of ["Annots", "AA", "Metadata", "PieceInfo", "Thumb"]) {
          page.node.delete(PDFName.of(key))
        }
        kept.addPage(page)
        return { bytes: await kept.save(), width, height }
      },
      catch: () => unreadable,
    })
  })
