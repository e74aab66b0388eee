import { randomUUID } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3"
import S3rver from "s3rver"
import type { S3Location } from "../../adapters/images/image-storage.layer.ts"

/** s3rver's fixed credentials: the SDK signs every request, and s3rver checks the signature. */
export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`. */
  readonly endpoint: string
  readonly bucket: string
  /** A place of its own in the bucket (a fresh key prefix), for one test or one server. */
  readonly location: () => S3Location
  /** IMAGE_STORE_URL for a `colorday serve` process (with the credentials in its environment). */
  readonly imageStoreUrl: (location: S3Location) => string
  readonly close: () => Promise<void>
}

/**
 * An S3-protocol server for tests (s3rver, over HTTP on 127.0.0.1 at a free port, its files in a
 * temporary folder), with one bucket. The AWS SDK talks its real wire protocol to it: signed
 * requests, XML answers, listings with continuation tokens.
 */
export const startS3Server = async (): Promise<S3TestServer> => {
  const directory = await mkdtemp(join(tmpdir(), "colorday-s3-"))
  const bucket = "colorday-images"
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  })
  const address = await server.run()
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    endpoint,
    bucket,
    location: () => ({
      bucket,
      prefix: `${randomUUID()}/`,
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
    }),
    imageStoreUrl: (location) =>
      `s3://${location.bucket}/${location.prefix.replace(/\/$/, "")}?endpoint=${encodeURIComponent(endpoint)}&region=${location.region}`,
    close: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/** Every key under a location's prefix (without it), all pages, as a test looks at the bucket. */
export const keysIn = async (location: S3Location): Promise<Array<string>> => {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint ?? "",
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
  })
  try {
    const keys: Array<string> = []
    let token: string | undefined
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: location.bucket,
          Prefix: location.prefix,
          ContinuationToken: token,
        }),
      )
      keys.push(...(page.Contents ?? []).map((o) => (o.Key ?? "").slice(location.prefix.length)))
      token = page.NextContinuationToken
    } while (token)
    return keys
  } finally {
    client.destroy()
  }
}
