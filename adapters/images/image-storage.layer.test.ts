import { describe, expect, it } from "vitest"
import { imageStorageFromEnv, parseS3Url } from "./image-storage.layer.ts"

describe("IMAGE_STORE_URL", () => {
  it("names a bucket, a key prefix, an S3-compatible endpoint and a region", () => {
    expect(
      parseS3Url("s3://colorday-images/site-a/?endpoint=http://127.0.0.1:9000&region=eu-west-1"),
    ).toEqual({
      bucket: "colorday-images",
      prefix: "site-a/",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-1",
      forcePathStyle: true,
    })
  })

  it("is AWS itself without an endpoint: virtual-hosted buckets, AWS_REGION, no prefix", () => {
    expect(parseS3Url("s3://photos", { AWS_REGION: "us-west-2" })).toEqual({
      bucket: "photos",
      prefix: "",
      endpoint: undefined,
      region: "us-west-2",
      forcePathStyle: false,
    })
    expect(parseS3Url("s3://photos?forcePathStyle=true", {}).forcePathStyle).toBe(true)
  })

  it("refuses what it cannot use, saying what is wrong", () => {
    expect(() => parseS3Url("not a url")).toThrow("IMAGE_STORE_URL: not a URL: not a url")
    expect(() => parseS3Url("gs://bucket")).toThrow("only s3://bucket?endpoint=…&region=… is known")
    expect(() => parseS3Url("s3://bucket?endpoint=127.0.0.1:9000")).toThrow(
      "endpoint must be an http(s) address, not 127.0.0.1:9000",
    )
  })

  it("keeps images under DATA_DIR/images when unset, in the bucket when set", () => {
    expect(imageStorageFromEnv("data", {})).toEqual({ kind: "local", dir: "data/images" })
    expect(imageStorageFromEnv("data", { IMAGE_STORE_URL: "s3://photos" })).toMatchObject({
      kind: "s3",
      location: { bucket: "photos" },
    })
  })

  it("takes IMAGE_PUBLIC_URL only with a bucket, and only as an http(s) address", () => {
    expect(
      imageStorageFromEnv("data", {
        IMAGE_STORE_URL: "s3://photos",
        IMAGE_PUBLIC_URL: "https://cdn.example.com/photos",
      }),
    ).toMatchObject({ kind: "s3", publicUrl: "https://cdn.example.com/photos" })
    expect(() =>
      imageStorageFromEnv("data", { IMAGE_PUBLIC_URL: "https://cdn.example.com" }),
    ).toThrow("IMAGE_PUBLIC_URL goes with IMAGE_STORE_URL")
    expect(() =>
      imageStorageFromEnv("data", { IMAGE_STORE_URL: "s3://photos", IMAGE_PUBLIC_URL: "cdn" }),
    ).toThrow("IMAGE_PUBLIC_URL: not an http(s) address: cdn")
  })
})
