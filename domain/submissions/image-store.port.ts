import { Context, Data, type Effect, type Option } from "effect"

export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "webp", "avif"] as const
export type ImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number]

/** An entry photo, a contest's line-art page, or a member's avatar (a 256 px square). */
export type ImageKind = "entry" | "line-art" | "avatar"

/** A file that is not an image we accept, judged by its bytes, never by its name. */
export class UnsupportedImage extends Data.TaggedError("UnsupportedImage")<{
  /** Why, in a sentence the person can act on. */
  readonly reason: string
}> {
  readonly code = "UNSUPPORTED_IMAGE"
  override get message() {
    return this.reason
  }
}

/**
 * The files one stored image is kept as, by their keys. An entry photo: the display size (at
 * most 1600 px, WebP; what the site shows), a thumbnail (at most 480 px, WebP) and the original
 * as a normalised JPEG (auto-oriented, no metadata; kept for prints and future sizes, not served).
 * A line-art page: the page as PNG (display and original alike), a thumbnail and, when one was
 * sent with it, the print PDF.
 */
export interface Renditions {
  readonly display: string
  readonly thumbnail: string
  readonly original: string
  /** Line art only: where its print PDF is (or would be, when none was sent: `read` says). */
  readonly printPdf: string | null
}

/** A stored picture's size in pixels, upright. */
export interface ImageSize {
  readonly width: number
  readonly height: number
}

/** An entry photo's share image: a JPEG (crawlers that ignore WebP read it), its key and size. */
export interface ShareImage extends ImageSize {
  readonly key: string
}

export interface StoredImage {
  /**
   * Our own name for it (an id), never the client's file name: the display rendition, which is
   * what an entry or a contest stores and the site shows.
   */
  readonly key: string
  /** The format, width and height of the display rendition (upright). */
  readonly format: ImageFormat
  readonly width: number
  readonly height: number
  readonly renditions: Renditions
}

/** Where entry photos and line art live: a local folder by default, object storage at scale. */
export class ImageStore extends Context.Service<
  ImageStore,
  {
    /**
     * Checks the bytes are an accepted image and stores its renditions; nothing is stored when
     * refused. For line art, `printPdf` is a PDF of the same page kept for printing (a PDF is
     * never the only form of a page: the site shows, and hands out, the picture).
     */
    readonly store: (
      bytes: Uint8Array,
      kind: ImageKind,
      options?: { readonly printPdf?: Uint8Array | undefined },
    ) => Effect.Effect<StoredImage, UnsupportedImage>
    readonly read: (
      key: string,
    ) => Effect.Effect<Option.Option<{ readonly bytes: Uint8Array; readonly contentType: string }>>
    /** The keys of every rendition of the image `key` names (any of its renditions' keys). */
    readonly renditionsOf: (key: string) => Option.Option<Renditions>
    /**
     * Where a browser fetches the file `key` when the files are served from elsewhere (a CDN in
     * front of object storage); none when this server serves them itself.
     */
    readonly publicUrlOf: (key: string) => Option.Option<string>
    /** Deletes every rendition of the image `key` names; nothing happens for an unknown key. */
    readonly remove: (key: string) => Effect.Effect<void>
    /** The size of the stored file `key` (any rendition's key); none when there is no such file. */
    readonly size: (key: string) => Effect.Effect<Option.Option<ImageSize>>
    /**
     * The share image of the entry photo `key` names: made from its display rendition the first
     * time it is asked for, then kept with the photo's other files. None when there is no photo.
     */
    readonly shareImage: (key: string) => Effect.Effect<Option.Option<ShareImage>>
  }
>()("colorday/ImageStore") {}
