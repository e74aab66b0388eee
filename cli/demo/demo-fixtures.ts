import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect, Schema } from "effect"

/** The committed demo images, as fixtures/generate-images.ts wrote them (see fixtures/catalog.json). */
export interface DemoFixtures {
  readonly lineArt: ReadonlyArray<{
    readonly file: string
    readonly title: string
    readonly description: string
    readonly artStyle: string
    readonly bytes: Uint8Array
  }>
  /** Photos of colored pages, each a colored version of one line art page. */
  readonly entries: ReadonlyArray<{
    readonly file: string
    /** The line art file it was colored from. */
    readonly lineArt: string
    readonly bytes: Uint8Array
  }>
  /** Square pictures some members use as their avatar (fixtures/avatars). */
  readonly avatars: ReadonlyArray<{ readonly file: string; readonly bytes: Uint8Array }>
}

export const FIXTURES_DIR = fileURLToPath(new URL("../../fixtures/", import.meta.url))

const Catalog = Schema.Struct({
  lineArt: Schema.Array(
    Schema.Struct({
      file: Schema.String,
      title: Schema.String,
      description: Schema.String,
      artStyle: Schema.String,
    }),
  ),
  entries: Schema.Array(Schema.Struct({ file: Schema.String, lineArt: Schema.String })),
  avatars: Schema.Array(Schema.Struct({ file: Schema.String })),
})

const read = (path: string) => Effect.promise(() => readFile(path))

/** Reads the catalog and every image it names; a missing or malformed fixture is a defect. */
export const loadDemoFixtures = (dir: string = FIXTURES_DIR) =>
  Effect.gen(function* () {
    const text = yield* read(join(dir, "catalog.json"))
    const catalog = yield* Schema.decodeUnknownEffect(Catalog)(
      JSON.parse(text.toString("utf8")),
    ).pipe(Effect.orDie)
    const fixtures: DemoFixtures = {
      lineArt: yield* Effect.forEach(catalog.lineArt, (page) =>
        Effect.map(read(join(dir, "line-art", page.file)), (bytes) => ({ ...page, bytes })),
      ),
      entries: yield* Effect.forEach(catalog.entries, (photo) =>
        Effect.map(read(join(dir, "entries", photo.file)), (bytes) => ({ ...photo, bytes })),
      ),
      avatars: yield* Effect.forEach(catalog.avatars, (avatar) =>
        Effect.map(read(join(dir, "avatars", avatar.file)), (bytes) => ({ ...avatar, bytes })),
      ),
    }
    return fixtures
  })
