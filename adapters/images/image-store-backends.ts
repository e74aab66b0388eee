import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ListObjectsV2Command } from "@aws-sdk/client-s3"
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import sharp from "sharp"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import {
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3Server,
} from "../../tests/support/s3-server.ts"
import { type ImageObjects, localImageObjects } from "./image-objects.ts"
import { layerImageStorage } from "./image-store.ts"
import { s3ImageObjects } from "./s3-image-objects.ts"

/**
 * The image store's contract, on each place it keeps files: a local folder (the embedded
 * default) and an S3 bucket on an S3-protocol server started here (s3rver), through the AWS SDK's
 * real wire protocol.
 */

/** One test's place for files, and how to look at it from outside the store. */
export interface Opened {
  readonly objects: ImageObjects
  /** Every file there, sorted, temporary files included. */
  readonly files: () => Promise<Array<string>>
  /** Replaces a stored file's bytes behind the store's back (a file damaged at rest). */
  readonly overwrite: (key: string, text: string) => Promise<void>
  readonly close: () => Promise<void>
}

let s3: S3TestServer | undefined

/** Starts the S3 test server for the file that calls it (in its top level), and stops it after. */
export const useS3Server = () => {
  beforeAll(async () => {
    s3 = await startS3Server()
  })
  afterAll(async () => {
    await s3?.close()
  })
  return () => {
    if (!s3) throw new Error("the S3 test server did not start")
    return s3
  }
}

export const BACKENDS: ReadonlyArray<readonly [string, () => Promise<Opened>]> = [
  [
    "a local folder",
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "colorday-images-"))
      return {
        objects: localImageObjects(dir),
        files: () => filesIn(dir),
        overwrite: (key, text) => writeFile(join(dir, key), text),
        close: () => rm(dir, { recursive: true, force: true }),
      }
    },
  ],
  [
    "an S3 bucket (s3rver)",
    () => {
      if (!s3) throw new Error("the S3 test server did not start")
      const location = s3.location()
      const objects = s3ImageObjects(location, { credentials: S3_TEST_CREDENTIALS })
      return Promise.resolve({
        objects,
        files: async () => {
          const page = await objects.client.send(
            new ListObjectsV2Command({ Bucket: location.bucket, Prefix: location.prefix }),
          )
          return (page.Contents ?? [])
            .map((object) => (object.Key ?? "").slice(location.prefix.length))
            .sort()
        },
        overwrite: (key, text) =>
          objects.put(key, new TextEncoder().encode(text), "application/octet-stream"),
        close: () => Promise.resolve(objects.client.destroy()),
      })
    },
  ],
]

export const UPLOADS = join(import.meta.dirname, "../../fixtures/uploads")
export const fixture = (name: string) =>
  Effect.promise(() => readFile(join(UPLOADS, name))).pipe(Effect.map((b) => new Uint8Array(b)))

export const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 120, b: 60 } } })

/** Every file under the store's folder, temporary files included. */
export const filesIn = async (folder: string): Promise<Array<string>> => {
  const names = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  return names
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort()
}

/**
 * One test's store on the backend `open` makes (a fresh folder, or a fresh prefix in the bucket),
 * opened before each test and closed after; call it inside the backend's describe.
 */
export const storeHarness = (open: () => Promise<Opened>) => {
  let current: Opened | undefined
  beforeEach(async () => {
    current = await open()
  })
  afterEach(async () => {
    await current?.close()
  })
  const opened = () => {
    if (!current) throw new Error("the store is opened by the harness's beforeEach")
    return current
  }
  const withStore = <A, E>(body: (store: ImageStore["Service"]) => Effect.Effect<A, E>) =>
    Effect.gen(function* () {
      return yield* body(yield* ImageStore)
    }).pipe(Effect.provide(layerImageStorage(opened().objects)))
  const readBack = (key: string) =>
    withStore((store) => store.read(key)).pipe(
      Effect.map((found) => {
        if (Option.isNone(found)) throw new Error(`nothing stored under ${key}`)
        return found.value
      }),
    )
  const expectNothingStored = () =>
    Effect.promise(() => opened().files()).pipe(Effect.map((files) => expect(files).toEqual([])))
  return { opened, withStore, readBack, expectNothingStored }
}

export const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
