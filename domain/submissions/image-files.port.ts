import { Context, type Effect } from "effect"
import type { Instant } from "../shared/ids.ts"
import type { ImageKind } from "./image-store.port.ts"

/**
 * The stored image files as files, for the orphan sweep: what a crash can leave behind is
 * renditions no row points to (an entry photo stored, the process killed before its entry was
 * saved) and half-written temporary files.
 */
export class ImageFiles extends Context.Service<
  ImageFiles,
  {
    /**
     * The images of `kind` none of whose files was written at or after `before`, each as the
     * keys of its files (any one of them is the key a row may hold, e.g. a first-version key).
     */
    readonly imagesBefore: (
      kind: ImageKind,
      before: Instant,
    ) => Effect.Effect<ReadonlyArray<ReadonlyArray<string>>>
    /** Deletes temporary files last written before `before`; answers how many. */
    readonly removeTemporaryBefore: (before: Instant) => Effect.Effect<number>
  }
>()("colorday/ImageFiles") {}
