/** The part of s3rver 3 (no types of its own) that tests/support/s3-server.ts uses. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net"

  interface S3rverOptions {
    readonly address?: string
    readonly port?: number
    readonly silent?: boolean
    readonly directory?: string
    readonly resetOnClose?: boolean
    readonly allowMismatchedSignatures?: boolean
    readonly vhostBuckets?: boolean
    readonly configureBuckets?: ReadonlyArray<{ readonly name: string; readonly configs?: [] }>
  }

  export default class S3rver {
    constructor(options?: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
