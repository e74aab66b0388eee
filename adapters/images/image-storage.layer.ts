import { join } from "node:path"
import { Effect, Layer } from "effect"
import { localImageObjects } from "./image-objects.ts"
import { layerImageStorage } from "./image-store.ts"

/**
 * Where the images live, from the environment: IMAGE_STORE_URL=s3://… puts them in an S3 bucket
 * (any S3-compatible store), else they are files under DATA_DIR/images (the embedded default).
 */
export type ImageStorageConfig =
  | { readonly kind: "local"; readonly dir: string }
  | {
      readonly kind: "s3"
      readonly location: S3Location
      /** IMAGE_PUBLIC_URL: a public base (a CDN) browsers are sent to for the files. */
      readonly publicUrl?: string | undefined
      /** Explicit keys (tests); by default the AWS SDK's usual chain finds them. */
      readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string }
    }

export const imageStorageFromEnv = (
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): ImageStorageConfig => {
  const publicUrl = env.IMAGE_PUBLIC_URL?.trim() || undefined
  if (!env.IMAGE_STORE_URL) {
    // A CDN in front of this server would ask it for /images/… and be sent back to itself.
    if (publicUrl !== undefined) {
      throw new Error(
        "IMAGE_PUBLIC_URL goes with IMAGE_STORE_URL: it is the public address of the bucket's files; without a bucket, this server serves them at /images",
      )
    }
    return { kind: "local", dir: join(dataDir, "images") }
  }
  if (publicUrl !== undefined && !/^https?:\/\/[^/]/.test(publicUrl)) {
    throw new Error(`IMAGE_PUBLIC_URL: not an http(s) address: ${publicUrl}`)
  }
  return { kind: "s3", location: parseS3Url(env.IMAGE_STORE_URL, env), publicUrl }
}

/** Where in object storage: IMAGE_STORE_URL=s3://bucket[/prefix]?endpoint=…&region=…. */
export interface S3Location {
  readonly bucket: string
  /** Prepended to every key ("" or ending in "/"): several sites can share a bucket. */
  readonly prefix: string
  /** An S3-compatible server's address (MinIO, R2, s3rver…); AWS's own when absent. */
  readonly endpoint: string | undefined
  readonly region: string
  /** Bucket in the path (`endpoint/bucket/key`), as most S3-compatible servers want. */
  readonly forcePathStyle: boolean
}

/**
 * Reads IMAGE_STORE_URL. `s3://colorday-images/site-a?endpoint=http://127.0.0.1:9000&region=eu-west-1`:
 * bucket `colorday-images`, keys under `site-a/`; `forcePathStyle` defaults to true with an
 * endpoint (S3-compatible servers) and false without (AWS). Credentials are not in the URL: the
 * AWS SDK's usual chain finds them (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, a role).
 */
export const parseS3Url = (url: string, env: NodeJS.ProcessEnv = process.env): S3Location => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error(`IMAGE_STORE_URL: not a URL: ${url}`)
  }
  if (parsed.protocol !== "s3:") {
    throw new Error(`IMAGE_STORE_URL: only s3://bucket?endpoint=…&region=… is known, not ${url}`)
  }
  const bucket = parsed.hostname
  if (bucket === "") throw new Error(`IMAGE_STORE_URL: no bucket in ${url}`)
  const path = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, "")
  const endpoint = parsed.searchParams.get("endpoint") ?? undefined
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) {
    throw new Error(`IMAGE_STORE_URL: endpoint must be an http(s) address, not ${endpoint}`)
  }
  const pathStyle = parsed.searchParams.get("forcePathStyle")
  return {
    bucket,
    prefix: path === "" ? "" : `${path}/`,
    endpoint,
    region: parsed.searchParams.get("region") ?? env.AWS_REGION ?? "us-east-1",
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === "true",
  }
}

/**
 * The ImageStore and ImageFiles ports where the configuration says. The AWS SDK is loaded only
 * for a bucket (it adds a noticeable start-up cost to every CLI command otherwise); the bucket is
 * checked when the layer is built, so a server with a wrong bucket or credentials does not start
 * (saying which), and the client's sockets are closed with the layer.
 */
export const layerImageStorageFor = (config: ImageStorageConfig) =>
  config.kind === "local"
    ? layerImageStorage(localImageObjects(config.dir))
    : Layer.unwrap(
        Effect.gen(function* () {
          const { s3ImageObjects } = yield* Effect.promise(() => import("./s3-image-objects.ts"))
          const objects = yield* Effect.acquireRelease(
            Effect.sync(() =>
              s3ImageObjects(
                config.location,
                config.credentials ? { credentials: config.credentials } : {},
              ),
            ),
            (opened) => Effect.sync(() => opened.client.destroy()),
          )
          yield* Effect.promise(() => objects.check())
          return layerImageStorage(objects, { publicUrl: config.publicUrl })
        }),
      )
