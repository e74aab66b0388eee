import { Context, Data, type Effect, type Option } from "effect"

export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "webp", "avif"] as const
export type ImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number]

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

export interface StoredImage {
  /** Our own name for it (an id), never the client's file name. */
  readonly key: string
  readonly format: ImageFormat
  readonly width: number
  readonly height: number
}

/** Where entry photos and line art live: a local folder by default, object storage at scale. */
export class ImageStore extends Context.Service<
  ImageStore,
  {
    /** Checks the bytes are an accepted image and stores them; nothing is stored when refused. */
    readonly store: (
      bytes: Uint8Array,
      kind: "entry" | "line-art",
    ) => Effect.Effect<StoredImage, UnsupportedImage>
    readonly read: (
      key: string,
    ) => Effect.Effect<Option.Option<{ readonly bytes: Uint8Array; readonly contentType: string }>>
  }
>()("colorday/ImageStore") {}
