import { Effect } from "effect"
import sharp from "sharp"
import { type ImageFormat, UnsupportedImage } from "../../domain/submissions/image-store.port.ts"
import { checkStructure } from "./image-structure.ts"

/** Uploads are refused above this size (DESIGN.md, "Uploads"). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** A decompression bomb is a small file that decodes to a huge bitmap: refuse it before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000

export const ACCEPTED = "JPEG, PNG, WebP or AVIF"

/** What an accepted image is, judged by its bytes. */
export interface InspectedImage {
  readonly format: ImageFormat
  /** As stored in the file, before any EXIF orientation is applied. */
  readonly width: number
  readonly height: number
  /** The file extension of this format. */
  readonly extension: "jpg" | "png" | "webp" | "avif"
  readonly contentType: string
}

export const EXTENSIONS: { readonly [F in ImageFormat]: InspectedImage["extension"] } = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  avif: "avif",
}

export const CONTENT_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  pdf: "application/pdf",
} as const

type Sniffed = ImageFormat | "heic" | "pdf" | undefined

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to))

// HEIF brands of HEVC-coded images (iPhone photos); AVIF files carry "avif"/"avis".
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"])
const AVIF_BRANDS = new Set(["avif", "avis"])

/** Whether the bytes start like a PDF document. */
export const looksLikePdf = (bytes: Uint8Array) =>
  bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-"

/**
 * The format the file's first bytes claim. Only these formats ever reach the decoder, so an
 * SVG, a PDF or a TIFF renamed to .jpg is refused without libvips parsing it.
 */
const sniff = (bytes: Uint8Array): Sniffed => {
  if (looksLikePdf(bytes)) return "pdf"
  if (bytes.length < 12) return undefined
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg"
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png"
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp"
  if (ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: the major brand, then the compatible brands up to the end of the ftyp box.
    const boxSize = Math.min(
      bytes.length,
      new DataView(bytes.buffer, bytes.byteOffset).getUint32(0),
    )
    const brands = [ascii(bytes, 8, 12)]
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4))
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "avif"
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return "heic"
  }
  return undefined
}

const refuse = (reason: string) => Effect.fail(new UnsupportedImage({ reason }))

export const DAMAGED = `This image could not be read; it may be damaged. Please send a ${ACCEPTED} file.`

/**
 * Checks that the bytes are an image we accept, before anything decodes its pixels: JPEG, PNG,
 * WebP or AVIF by content, at most 10 MB and 40 megapixels, and one plain image (see
 * image-structure.ts: nothing appended, nothing embedded). Decoding the whole image is the next
 * step's check (process-image.ts).
 */
export const inspectImage = (bytes: Uint8Array): Effect.Effect<InspectedImage, UnsupportedImage> =>
  Effect.gen(function* () {
    if (bytes.length > MAX_IMAGE_BYTES) {
      return yield* refuse(
        `The image is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is 10 MB. Please send a smaller photo.`,
      )
    }
    const claimed = sniff(bytes)
    if (claimed === "heic") {
      return yield* refuse(
        "HEIC photos are not supported yet. Please send a JPEG (iPhone photos: choose JPEG, or set Camera > Formats > Most Compatible).",
      )
    }
    if (claimed === "pdf") {
      return yield* refuse(`This is a PDF document, not a picture. Please send a ${ACCEPTED} file.`)
    }
    if (claimed === undefined) {
      return yield* refuse(`This file is not an image we accept. Please send a ${ACCEPTED} file.`)
    }
    // The header only: no pixel is decoded, so no pixel limit is needed to read a bomb's size.
    const metadata = yield* Effect.tryPromise(() =>
      sharp(bytes, { limitInputPixels: false }).metadata(),
    ).pipe(Effect.orElseSucceed(() => undefined))
    // sharp names AVIF "heif" (its container) with AV1 compression.
    const decoded: Sniffed =
      metadata?.format === "heif"
        ? metadata.compression === "av1"
          ? "avif"
          : "heic"
        : (metadata?.format as Sniffed)
    if (!metadata || decoded !== claimed || !metadata.width || !metadata.height) {
      return yield* refuse(DAMAGED)
    }
    const { width, height } = metadata
    if (width * height > MAX_IMAGE_PIXELS) {
      return yield* refuse(
        `The image is ${width}×${height} pixels; the limit is 40 megapixels. Please send a smaller photo.`,
      )
    }
    const structure = checkStructure(bytes, claimed)
    if (structure === "damaged") return yield* refuse(DAMAGED)
    if (structure !== "plain") {
      return yield* refuse(
        `This file is not a plain picture: it carries other data (${
          structure === "appended" ? "after the image" : "a document or archive inside it"
        }). Please save or export it again as a plain ${ACCEPTED} file.`,
      )
    }
    const extension = EXTENSIONS[claimed]
    return {
      format: claimed,
      width,
      height,
      extension,
      contentType: CONTENT_TYPES[extension],
    }
  })
