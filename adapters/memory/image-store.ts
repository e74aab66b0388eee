import { Effect, Layer, Option } from "effect"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import { parseKey, renditionKeys, renditionsOfKey, shareKeyOf } from "../images/image-keys.ts"
import { Memory } from "./memory.layers.ts"

/**
 * Images in the memory store, for unit tests of use cases that keep or delete them: the local
 * store's keys (image-keys.ts), every rendition the bytes as sent. It checks no content and
 * decodes nothing (sizes are unknown: none) — the local store's own tests do that on real files.
 */
export const layerMemoryImageStore = Layer.effect(
  ImageStore,
  Effect.gen(function* () {
    const store = yield* Memory
    return ImageStore.of({
      store: (bytes, kind) =>
        Effect.sync(() => {
          const renditions = renditionKeys(kind, crypto.randomUUID())
          const contentType = kind === "line-art" ? "image/png" : "image/webp"
          for (const key of [renditions.display, renditions.thumbnail, renditions.original]) {
            store.images.set(key, { bytes, contentType })
          }
          return {
            key: renditions.display,
            format: kind === "line-art" ? "png" : "webp",
            width: 0,
            height: 0,
            renditions: { ...renditions, printPdf: null },
          }
        }),
      read: (key) => Effect.sync(() => Option.fromNullishOr(store.images.get(key))),
      renditionsOf: (key) => Option.fromNullishOr(renditionsOfKey(key)),
      publicUrlOf: () => Option.none(),
      remove: (key) =>
        Effect.sync(() => {
          const parsed = parseKey(key)
          if (!parsed) return
          for (const stored of [...store.images.keys()]) {
            if (parseKey(stored)?.id === parsed.id) store.images.delete(stored)
          }
        }),
      size: () => Effect.succeed(Option.none()),
      shareImage: (key) =>
        Effect.sync(() => {
          const shareKey = shareKeyOf(key)
          const display = renditionsOfKey(key)?.display
          const source = display === undefined ? undefined : store.images.get(display)
          if (shareKey === undefined || source === undefined) return Option.none()
          store.images.set(shareKey, { bytes: source.bytes, contentType: "image/jpeg" })
          return Option.some({ key: shareKey, width: 0, height: 0 })
        }),
    })
  }),
)
