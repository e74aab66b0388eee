import type { ImageFormat } from "../../domain/submissions/image-store.port.ts"

/**
 * Is this file one plain image and nothing else? A polyglot is a file that is valid as two
 * things at once: a JPEG that is also a ZIP (an archive appended after the picture), a PNG whose
 * text chunk is a web page, a GIFAR. We never serve what was uploaded (every stored file is our
 * own re-encoding), so a payload could not reach anyone through us; we still refuse such files,
 * because a photo of a colored page has no business carrying one. The rule:
 *
 * 1. The format's own structure must account for every byte: the file ends where the image ends
 *    (JPEG: its EOI marker, found by walking the segments and the entropy-coded data; PNG: its
 *    IEND chunk; WebP: the RIFF length; AVIF: its top-level boxes). The only things allowed after
 *    a JPEG are what cameras put there: more JPEG images (MPF: depth maps, gain maps), an MP4
 *    video (Google motion photos), a Samsung trailer (a directory at the very end whose entries
 *    start right after the picture) and padding.
 * 2. Nothing in the file's metadata (every part that is not compressed pixel data) looks like a
 *    web page, a script, PHP or a PDF header, and no ZIP directory ends the file.
 * 3. The whole image decodes without an error (checked when the renditions are made).
 */

export type StructureVerdict = "plain" | "damaged" | "appended" | "embedded"

type Range = readonly [start: number, end: number]

interface Walked {
  /** The offset just past the image's last byte. */
  readonly end: number
  /** The parts that are not compressed pixel data, to look for embedded documents in. */
  readonly metadata: ReadonlyArray<Range>
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)))

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0)
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2)
const u32le = (b: Uint8Array, at: number) =>
  (b[at] ?? 0) +
  (b[at + 1] ?? 0) * 0x100 +
  (b[at + 2] ?? 0) * 0x10000 +
  (b[at + 3] ?? 0) * 0x1000000

/** A JPEG from `start`: its marker segments, then each scan's entropy-coded data, up to EOI. */
const walkJpeg = (b: Uint8Array, start: number): Walked | undefined => {
  if (b[start] !== 0xff || b[start + 1] !== 0xd8) return undefined
  const metadata: Array<Range> = []
  let at = start + 2
  while (at < b.length) {
    if (b[at] !== 0xff) return undefined
    while (b[at] === 0xff) at++ // fill bytes
    const marker = b[at++]
    if (marker === undefined) return undefined
    if (marker === 0xd9) return { end: at, metadata }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue
    const length = u16be(b, at)
    if (length < 2 || at + length > b.length) return undefined
    metadata.push([at - 2, at + length])
    at += length
    if (marker !== 0xda) continue
    // Start of scan: entropy-coded data runs to the next marker. In it, 0xFF is followed by a
    // stuffed 0x00 or is a restart marker; anything else is the next real marker.
    for (;;) {
      const ff = b.indexOf(0xff, at)
      if (ff < 0 || ff + 1 >= b.length) return undefined
      const next = b[ff + 1] as number
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        at = ff + 2
        continue
      }
      if (next === 0xff) {
        at = ff + 1
        continue
      }
      at = ff
      break
    }
  }
  return undefined
}

/**
 * ISO-BMFF boxes from `start` (AVIF; an MP4 after a JPEG), as far as they go: the end is where
 * the last well-formed box ends. No well-formed box at all, or a box cut short, is no such file.
 */
const walkBoxes = (b: Uint8Array, start: number): Walked | undefined => {
  const metadata: Array<Range> = []
  let at = start
  while (at + 8 <= b.length) {
    let size = u32be(b, at)
    let header = 8
    if (size === 1) {
      if (at + 16 > b.length) break
      size = u32be(b, at + 8) * 0x100000000 + u32be(b, at + 12)
      header = 16
    } else if (size === 0) {
      size = b.length - at
    }
    const type = ascii(b, at + 4, at + 8)
    if (size < header || !/^[\x20-\x7e]{4}$/.test(type)) break
    // A box that claims more than there is: the file was cut short.
    if (at + size > b.length) return undefined
    if (type !== "mdat") metadata.push([at, at + size])
    at += size
  }
  return at > start ? { end: at, metadata } : undefined
}

const PNG_PIXEL_CHUNKS = new Set(["IDAT", "fdAT"])

/** A PNG: its chunks, up to and including IEND. */
const walkPng = (b: Uint8Array): Walked | undefined => {
  const metadata: Array<Range> = [[0, 8]]
  let at = 8
  while (at + 12 <= b.length) {
    const length = u32be(b, at)
    const type = ascii(b, at + 4, at + 8)
    const end = at + 12 + length
    if (length > 0x7fffffff || end > b.length) return undefined
    if (!PNG_PIXEL_CHUNKS.has(type)) metadata.push([at, end])
    at = end
    if (type === "IEND") return { end: at, metadata }
  }
  return undefined
}

const WEBP_PIXEL_CHUNKS = new Set(["VP8 ", "VP8L", "ALPH", "ANMF"])

/** A WebP: the RIFF container, whose header gives its length, and its chunks. */
const walkWebp = (b: Uint8Array): Walked | undefined => {
  const riffEnd = 8 + u32le(b, 4)
  if (riffEnd > b.length) return undefined
  const metadata: Array<Range> = [[0, 12]]
  let at = 12
  while (at + 8 <= riffEnd) {
    const size = u32le(b, at + 4)
    const end = at + 8 + size + (size % 2)
    if (end > riffEnd + 1) return undefined
    if (!WEBP_PIXEL_CHUNKS.has(ascii(b, at, at + 4))) metadata.push([at, Math.min(end, riffEnd)])
    at = end
  }
  // A writer may or may not count the last chunk's padding byte in the RIFF length.
  return { end: Math.max(riffEnd, Math.min(at, b.length)), metadata }
}

/**
 * Where a Samsung camera trailer starts, if the file ends with one whose directory accounts for
 * everything from `from` on (Galaxy phones append it to JPEGs, motion photos and edits among
 * them): a directory "SEFH", its entries, its length and "SEFT" as the file's last bytes, every
 * entry's data lying between `from` and the directory.
 */
const samsungTrailer = (b: Uint8Array, from: number): Walked | undefined => {
  const end = b.length
  if (end - from < 16 || ascii(b, end - 4, end) !== "SEFT") return undefined
  const directory = end - 8 - u32le(b, end - 8)
  if (directory < from || ascii(b, directory, directory + 4) !== "SEFH") return undefined
  const count = u32le(b, directory + 8)
  if (count === 0 || count > 100 || directory + 12 + count * 12 > end - 8) return undefined
  let first = directory
  for (let entry = 0; entry < count; entry++) {
    const at = directory + 12 + entry * 12
    const start = directory - u32le(b, at + 4)
    const length = u32le(b, at + 8)
    if (start < from || start + length > directory) return undefined
    first = Math.min(first, start)
  }
  // The data blocks start where the picture ends: nothing unaccounted for before them.
  if (first !== from) return undefined
  return { end, metadata: [[directory, end]] }
}

/**
 * What may follow a JPEG: more JPEG images, an MP4, a Samsung trailer, zero or 0xFF padding.
 */
const walkJpegTrailer = (b: Uint8Array, start: number): Walked | undefined => {
  const metadata: Array<Range> = []
  let at = start
  while (at < b.length) {
    const samsung = samsungTrailer(b, at)
    if (samsung) {
      metadata.push(...samsung.metadata)
      at = samsung.end
    } else if (b[at] === 0xff && b[at + 1] === 0xd8) {
      const image = walkJpeg(b, at)
      if (!image) return undefined
      metadata.push(...image.metadata)
      at = image.end
    } else if (ascii(b, at + 4, at + 8) === "ftyp") {
      const video = walkBoxes(b, at)
      if (!video) return undefined
      metadata.push(...video.metadata)
      at = video.end
    } else if (b.subarray(at).every((byte) => byte === 0x00 || byte === 0xff)) {
      at = b.length
    } else {
      return undefined
    }
  }
  return { end: at, metadata }
}

/** Web pages, scripts, PHP, a PDF header: what a browser, a server or a reader would act on. */
const EMBEDDED_DOCUMENT = /<script|<html[\s>]|<!doctype\s+html|<\?php|<iframe|<svg[\s>]|%PDF-/i

/** A ZIP reader looks for its end-of-directory record in the file's last 64 KiB. */
const endsWithZipDirectory = (b: Uint8Array): boolean => {
  const from = Math.max(0, b.length - 22 - 0xffff)
  for (let at = b.length - 22; at >= from; at--) {
    if (b[at] === 0x50 && b[at + 1] === 0x4b && b[at + 2] === 0x05 && b[at + 3] === 0x06) {
      const commentLength = (b[at + 20] ?? 0) + (b[at + 21] ?? 0) * 0x100
      if (at + 22 + commentLength === b.length) return true
    }
  }
  return false
}

/** Judges a file that starts like `format` against the rule above (1 and 2). */
export const checkStructure = (bytes: Uint8Array, format: ImageFormat): StructureVerdict => {
  const walked =
    format === "jpeg"
      ? walkJpeg(bytes, 0)
      : format === "png"
        ? walkPng(bytes)
        : format === "webp"
          ? walkWebp(bytes)
          : walkBoxes(bytes, 0)
  if (!walked) return "damaged"
  const metadata = [...walked.metadata]
  if (walked.end < bytes.length) {
    const trailer = format === "jpeg" ? walkJpegTrailer(bytes, walked.end) : undefined
    if (!trailer) return "appended"
    metadata.push(...trailer.metadata)
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (const [start, end] of metadata) {
    if (EMBEDDED_DOCUMENT.test(buffer.toString("latin1", start, end))) return "embedded"
  }
  return endsWithZipDirectory(bytes) ? "embedded" : "plain"
}
