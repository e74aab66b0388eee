import { Clock, Effect, Option } from "effect"
import { EntryRepository } from "../submissions/entry.port.ts"
import { ImageFiles } from "../submissions/image-files.port.ts"
import { ImageStore } from "../submissions/image-store.port.ts"

/**
 * How long a file may go unclaimed before the sweep takes it: far longer than an upload takes
 * from storing its photo to saving its entry, so no upload in progress loses its files.
 */
export const DEFAULT_ORPHAN_GRACE_MS = 60 * 60_000

/**
 * Deletes what a crash leaves among the stored images: temporary files of writes that never
 * finished, and entry photos no entry points to, each last written over `graceMs` ago (a photo
 * stored for an entry still being saved is younger). Line art and avatars are not swept.
 *
 * Unlike the scheduler's jobs it takes no lease: each instance sweeps the folder it writes to,
 * deleting twice is harmless, and a lease left by a killed process would skip the very sweep
 * that its restart is for.
 */
export const sweepOrphanImages = Effect.fn("sweepOrphanImages")(function* (
  graceMs: number = DEFAULT_ORPHAN_GRACE_MS,
) {
  const now = yield* Clock.currentTimeMillis
  const report = { temporaryFiles: 0, orphanImages: 0 }
  const files = yield* ImageFiles
  const store = yield* ImageStore
  const entries = yield* EntryRepository
  const before = now - graceMs
  report.temporaryFiles = yield* files.removeTemporaryBefore(before)
  for (const keys of yield* files.imagesBefore("entry", before)) {
    // An entry holds its image's display key (a first-version key is its own display).
    const displays = new Set(
      keys.map((key) =>
        Option.match(store.renditionsOf(key), {
          onNone: () => key,
          onSome: (renditions) => renditions.display,
        }),
      ),
    )
    let claimed = false
    for (const display of displays) {
      if (yield* entries.hasImage(display)) {
        claimed = true
        break
      }
    }
    const [key] = keys
    if (claimed || key === undefined) continue
    yield* store.remove(key)
    report.orphanImages += 1
  }
  return report
})
