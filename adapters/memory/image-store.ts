import { Effect, Layer, Option } from "effect"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import { parseKey, renditionKeys, renditionsOfKey } from "../images/image-keys.ts"
import { Memory } from "./memory.layers.ts"

/**
 * Images in the memory store, for unit tests of use cases that keep or delete them: the local
 * store's keys (image-keys.ts), every rendition the bytes as sent. It checks no content — the
 * local store's own tests do that on real files.
 */
export const layerMemoryImageStore = Layer.effect(
  ImageStore,
  Effect.gen(function* () {
    const store = yield* Memory
    return ImageStore.of({
      store: (bytes, kind) =>
        Effect.sync(() => {
          const renditions = renditionKeys(kind, crypto.randomUUID())
          const contentType = kind === "entry" ? "image/webp" : "image/png"
          for (const key of [renditions.display, renditions.thumbnail, renditions.original]) {
            store.images.set(key, { bytes, contentType })
          }
          return {
            key: renditions.display,
            format: kind === "entry" ? "webp" : "png",
            width: 0,
            height: 0,
            renditions: { ...renditions, printPdf: null },
          }
        }),
      read: (key) => Effect.sync(() => Option.fromNullishOr(store.images.get(key))),
      renditionsOf: (key) => Option.fromNullishOr(renditionsOfKey(key)),
      remove: (key) =>
        Effect.sync(() => {
          const parsed = parseKey(key)
          if (!parsed) return
          for (const stored of [...store.images.keys()]) {
            if (parseKey(stored)?.id === parsed.id) store.images.delete(stored)
          }
        }),
    })
  }),
)
