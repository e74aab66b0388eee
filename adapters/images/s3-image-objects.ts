import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3"
import type { ImageObjects } from "./image-objects.ts"
import type { S3Location } from "./image-storage.layer.ts"
import { parseKey } from "./image-keys.ts"

const isMissing = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  ((error as { name?: unknown }).name === "NoSuchKey" ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)

/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000

/**
 * Files as objects in an S3 bucket (the SDK's real wire protocol, so any S3-compatible store).
 * One PutObject is atomic (a reader sees the whole object or none) and nothing temporary is ever
 * written, so there is nothing unfinished to sweep. Objects are written `immutable`: a key never
 * names other bytes, so a CDN in front (IMAGE_PUBLIC_URL) may keep them for a year.
 */
export const s3ImageObjects = (
  location: S3Location,
  clientConfig: Partial<S3ClientConfig> = {},
): ImageObjects & { readonly client: S3Client; readonly check: () => Promise<void> } => {
  const client = new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint === undefined ? {} : { endpoint: location.endpoint }),
    ...clientConfig,
  })
  const objectKey = (key: string) => `${location.prefix}${key}`
  const description = `s3 ${location.bucket}/${location.prefix}${location.endpoint ? ` at ${location.endpoint}` : ""}`
  return {
    client,
    /** Whether the bucket is there and these credentials reach it; rejects saying why not. */
    check: async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket: location.bucket }))
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode
        const reason =
          status === 404
            ? "no such bucket"
            : status === 403
              ? "access denied (check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY)"
              : error instanceof Error
                ? error.message
                : String(error)
        throw new Error(
          `IMAGE_STORE_URL: the images' bucket (${description}) cannot be used: ${reason}`,
          { cause: error },
        )
      }
    },
    description,
    put: async (key, bytes, contentType) => {
      if (!parseKey(key)) throw new Error(`not an image key: ${key}`)
      await client.send(
        new PutObjectCommand({
          Bucket: location.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      )
    },
    get: async (key) => {
      // Only keys of our shape ever reach the bucket.
      if (!parseKey(key)) return undefined
      try {
        const found = await client.send(
          new GetObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }),
        )
        return found.Body ? await found.Body.transformToByteArray() : new Uint8Array()
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    remove: async (keys) => {
      const ours = keys.filter((key) => parseKey(key) !== undefined)
      for (let start = 0; start < ours.length; start += DELETE_BATCH) {
        const batch = ours.slice(start, start + DELETE_BATCH)
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: location.bucket,
            Delete: { Objects: batch.map((key) => ({ Key: objectKey(key) })), Quiet: true },
          }),
        )
        const failed = (answer.Errors ?? []).filter((error) => error.Code !== "NoSuchKey")
        if (failed.length > 0) {
          const first = failed[0]
          throw new Error(
            `S3 refused to delete ${failed.length} object(s), e.g. ${first?.Key ?? "?"}: ${first?.Code ?? ""} ${first?.Message ?? ""}`,
          )
        }
      }
    },
    list: async (kind) => {
      const files: Array<{ key: string; writtenAt: number }> = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: location.bucket,
            Prefix: objectKey(`${kind}/`),
            ...(token === undefined ? {} : { ContinuationToken: token }),
          }),
        )
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(location.prefix.length)
          if (key === undefined || !parseKey(key)) continue
          files.push({ key, writtenAt: object.LastModified?.getTime() ?? 0 })
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token !== undefined)
      return files
    },
    removeUnfinishedBefore: () => Promise.resolve(0),
  }
}
