import { availableParallelism } from "node:os"
import { Effect } from "effect"
import sharp, { type Sharp } from "sharp"
import { type ImageFormat, UnsupportedImage } from "../../domain/submissions/image-store.port.ts"
import { DAMAGED, MAX_IMAGE_PIXELS } from "./inspect-image.ts"
import { releaseBytes } from "./release-bytes.ts"

/**
 * libvips threads per image operation: half the cores, at least one, so image work leaves the
 * event loop (and the rest of the API) a core. Its operation cache is off: every upload is new
 * pixels, so cached results would only hold memory.
 */
export const IMAGE_THREADS = Math.max(1, Math.floor(availableParallelism() / 2))
sharp.concurrency(IMAGE_THREADS)
sharp.cache(false)

/** Longest side of each rendition, in pixels. */
export const RENDITION_SIZES = {
  /** The normalised original: a 12 MP phone photo (4032 × 3024) keeps its size. */
  original: 4096,
  /** What the gallery and the entry page show. */
  display: 1600,
  /** Gallery grids, leaderboards, profile cards. */
  thumbnail: 480,
} as const

export interface Rendition {
  readonly bytes: Buffer
  readonly format: ImageFormat
  readonly width: number
  readonly height: number
}

export interface EntryRenditions {
  readonly original: Rendition
  readonly display: Rendition
  readonly thumbnail: Rendition
}

export interface LineArtRenditions {
  /** The page as PNG: what is shown, downloaded and printed. */
  readonly page: Rendition
  readonly thumbnail: Rendition
}

/**
 * Every rendition starts here: the whole file is decoded (any decoder error refuses it), at most
 * 40 megapixels, turned upright by its EXIF orientation. sharp writes no metadata unless asked,
 * so EXIF (GPS included), XMP, IPTC and comments are dropped; an embedded ICC profile is applied
 * and the pixels converted to sRGB, the colour space browsers assume of an untagged image, so no
 * profile is needed in the output either.
 *
 * libvips reads the file top to bottom (sequentialRead) and, when the size asked for is half the
 * file's or less, shrinks while it decodes (a JPEG at ½, ¼ or ⅛ of its size): a pipeline from
 * here to an encoder streams, and never holds the full-size picture unless a rotation needs it.
 */
const upright = (bytes: Uint8Array): Sharp =>
  sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true })
    .autoOrient()
    .toColourspace("srgb")

const within = (pipeline: Sharp, side: number) =>
  pipeline.resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })

const render = (pipeline: Sharp, format: ImageFormat): Effect.Effect<Rendition, UnsupportedImage> =>
  Effect.tryPromise({
    try: () => pipeline.toBuffer({ resolveWithObject: true }),
    catch: () => new UnsupportedImage({ reason: DAMAGED }),
  }).pipe(
    Effect.map(({ data, info }) => ({
      bytes: data,
      format,
      width: info.width,
      height: info.height,
    })),
  )

/**
 * An entry photo's renditions, one after another, each streamed from a file to its encoder, so a
 * photo's peak memory is that of its largest step rather than of all of them at once and no step
 * holds the full-size picture as pixels (issue 20):
 * 1. the original JPEG, from the upload: the whole file decoded (which checks it), scaled to
 *    4096 px a side on the way. Optimised Huffman tables would hold every coefficient of the
 *    picture (about 100 MB at 4096 px) for a file 3 % smaller, so they stay off;
 * 2. the display WebP, from the upload again, shrunk as it loads (a 12–40 MP JPEG decodes at ½
 *    or ¼ of its size) to 1600 px;
 * 3. the thumbnail, from the display WebP (480 px of a 1600 px picture: its loss is invisible),
 *    which costs a fraction of a third decode of the upload.
 * Before, the upload was decoded once to raw pixels at 4096 px (43 MB for a 27 MP photo) and the
 * three encoders worked on them at once: about twice the memory, for the same time on two
 * cores. A transparent PNG or WebP is put on white for the JPEG original; the WebP sizes keep
 * the transparency.
 */
/**
 * libwebp's effort (0–6) for an entry's WebP sizes. On the 51 fixture photos, 2 encodes in 9.7 s
 * what 4 did in 21.0 s, for files 3.9 % larger, and halves a photo's peak memory above idle
 * (+22 MB against +43): what a member waits for and a burst of uploads holds at once counts more
 * than those few kilobytes of a picture sent once and then cached (issue 20).
 */
const WEBP_EFFORT = 2

export const renderEntryPhoto = (
  bytes: Uint8Array,
): Effect.Effect<EntryRenditions, UnsupportedImage> =>
  Effect.gen(function* () {
    const original = yield* render(
      within(upright(bytes), RENDITION_SIZES.original)
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 90, chromaSubsampling: "4:2:0", optimiseCoding: false }),
      "jpeg",
    )
    const display = yield* render(
      within(upright(bytes), RENDITION_SIZES.display).webp({ quality: 82, effort: WEBP_EFFORT }),
      "webp",
    )
    const thumbnail = yield* render(
      within(upright(display.bytes), RENDITION_SIZES.thumbnail).webp({
        quality: 75,
        effort: WEBP_EFFORT,
      }),
      "webp",
    )
    return { original, display, thumbnail }
  })

/** An avatar's side, in pixels. */
export const AVATAR_SIZE = 256

/**
 * A member's avatar: the upload turned upright, cropped to the centred square and scaled to
 * 256 px (a smaller picture is scaled up, so every avatar is the same size), WebP, no metadata.
 */
export const renderAvatar = (bytes: Uint8Array): Effect.Effect<Rendition, UnsupportedImage> =>
  render(
    upright(bytes)
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover", position: "centre" })
      .webp({ quality: 82, effort: 4 }),
    "webp",
  )

/** Longest side of an entry's share image: what link previews show large, at 1200 px wide. */
export const SHARE_SIZE = 1200

/**
 * An entry's share image, from its display rendition (already upright, sRGB, without
 * metadata): a JPEG, which every link-preview crawler reads, on white where it was transparent.
 */
export const renderShareImage = (display: Uint8Array): Effect.Effect<Rendition, UnsupportedImage> =>
  render(
    within(upright(display), SHARE_SIZE)
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85, chromaSubsampling: "4:2:0" }),
    "jpeg",
  )

/** Whether every pixel of 8-bit RGB data is a grey (red, green and blue equal). */
export const allGrey = (data: Buffer) => {
  for (let at = 0; at < data.length; at += 3) {
    if (data[at] !== data[at + 1] || data[at] !== data[at + 2]) return false
  }
  return true
}

/**
 * A line-art page's renditions: the page as PNG at its own size (lossless: lines stay crisp in
 * print), transparency put on white paper, one channel when it is all greys (as line art usually
 * is, whatever the file it came in), and a thumbnail, one after the other.
 */
export const renderLineArt = (
  bytes: Uint8Array,
): Effect.Effect<LineArtRenditions, UnsupportedImage> =>
  Effect.gen(function* () {
    const { data, info } = yield* Effect.tryPromise({
      try: () =>
        upright(bytes)
          .flatten({ background: "#ffffff" })
          .raw({ depth: "uchar" })
          .toBuffer({ resolveWithObject: true }),
      catch: () => new UnsupportedImage({ reason: DAMAGED }),
    })
    const pixels = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    const grey = info.channels === 3 && allGrey(data)
    const made = yield* Effect.all(
      {
        page: render(
          pixels()
            .toColourspace(grey ? "b-w" : "srgb")
            .png(),
          "png",
        ),
        thumbnail: render(
          within(pixels(), RENDITION_SIZES.thumbnail).webp({ quality: 80, effort: 4 }),
          "webp",
        ),
      },
      { concurrency: 1 },
    )
    // The page's pixels (26 MB for A4 at 300 DPI) are freed now, not at the next full collection.
    releaseBytes(data)
    return made
  })
