import type { ImageKind, Renditions } from "../../domain/submissions/image-store.port.ts"

/**
 * The keys of the local image store's files, as pure functions (the HTTP presenters map an
 * entry's image to its thumbnail's URL with them, without the store). The files of one image are
 * named `<kind>/<uuid><suffix>` (the uuid is ours):
 * - an entry photo: `<uuid>.webp` (display, the key), `<uuid>.thumb.webp`, `<uuid>.original.jpg`,
 *   and `<uuid>.share.jpg` (its share image, made the first time it is asked for);
 * - a line-art page: `<uuid>.png` (the key), `<uuid>.thumb.webp`, `<uuid>.print.pdf` (if sent);
 * - an avatar: `<uuid>.webp` (a 256 px square; its own display, thumbnail and original).
 * Keys of the first version of the store (`<uuid>.jpg|png|webp|avif`, the upload as sent) are
 * still read; such an image is its own display, thumbnail and original.
 */
export const SUFFIXES = [
  ".share.jpg",
  ".thumb.webp",
  ".original.jpg",
  ".print.pdf",
  ".jpg",
  ".png",
  ".webp",
  ".avif",
] as const
export type Suffix = (typeof SUFFIXES)[number]

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
/** The only keys we mint. Anything else is refused on read (no `..`, no other folder). */
const KEY_PATTERN = new RegExp(
  `^(entry|line-art|avatar)/(${UUID})(${SUFFIXES.map((s) => s.replaceAll(".", "\\.")).join("|")})$`,
)

const DISPLAY_SUFFIX: { readonly [K in ImageKind]: Suffix } = {
  entry: ".webp",
  "line-art": ".png",
  avatar: ".webp",
}

/** A key's parts, or undefined when it is not a key we mint. */
export const parseKey = (key: string) => {
  const match = KEY_PATTERN.exec(key)
  return match
    ? { kind: match[1] as ImageKind, id: match[2] as string, suffix: match[3] as Suffix }
    : undefined
}

/** The keys of every rendition of the image `id` of `kind`. */
export const renditionKeys = (kind: ImageKind, id: string): Renditions => {
  const key = (suffix: Suffix) => `${kind}/${id}${suffix}`
  switch (kind) {
    case "entry":
      return {
        display: key(".webp"),
        thumbnail: key(".thumb.webp"),
        original: key(".original.jpg"),
        printPdf: null,
      }
    case "line-art":
      return {
        display: key(".png"),
        thumbnail: key(".thumb.webp"),
        original: key(".png"),
        printPdf: key(".print.pdf"),
      }
    case "avatar":
      return {
        display: key(".webp"),
        thumbnail: key(".webp"),
        original: key(".webp"),
        printPdf: null,
      }
  }
}

/** The renditions of the image any of whose keys is `key`; undefined for a key we never mint. */
export const renditionsOfKey = (key: string): Renditions | undefined => {
  const parsed = parseKey(key)
  if (!parsed) return undefined
  const current = renditionKeys(parsed.kind, parsed.id)
  const legacy =
    parsed.suffix !== DISPLAY_SUFFIX[parsed.kind] &&
    (parsed.suffix === ".jpg" ||
      parsed.suffix === ".png" ||
      parsed.suffix === ".webp" ||
      parsed.suffix === ".avif")
  return legacy
    ? { display: key, thumbnail: key, original: key, printPdf: current.printPdf }
    : current
}

/** The key of an entry photo's share image (a JPEG), from any of its keys; undefined otherwise. */
export const shareKeyOf = (key: string): string | undefined => {
  const parsed = parseKey(key)
  return parsed?.kind === "entry" ? `entry/${parsed.id}.share.jpg` : undefined
}

/** The thumbnail's key of an image (480 px at most); the key itself when it is not one of ours. */
export const thumbnailKeyOf = (key: string): string => renditionsOfKey(key)?.thumbnail ?? key
