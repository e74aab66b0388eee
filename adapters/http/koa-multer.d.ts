/**
 * The part of @koa/multer (multer 2 wrapped for Koa) that uploads.ts uses; the package ships no
 * types. Parsed files land on `ctx.request.files` (by field name), text fields on
 * `ctx.request.body`.
 */
declare module "@koa/multer" {
  import type { Middleware } from "koa"

  export interface File {
    readonly fieldname: string
    /** The client's file name: untrusted, never used for storage. */
    readonly originalname: string
    readonly mimetype: string
    readonly size: number
    /** With memory storage: the whole file. */
    readonly buffer: Buffer
  }

  export interface Limits {
    readonly fieldNameSize?: number
    readonly fieldSize?: number
    readonly fields?: number
    readonly fileSize?: number
    readonly files?: number
    readonly parts?: number
    readonly headerPairs?: number
    readonly fieldNestingDepth?: number
  }

  export interface StorageEngine {
    readonly _handleFile: unknown
    readonly _removeFile: unknown
  }

  export interface Instance {
    fields(fields: ReadonlyArray<{ readonly name: string; readonly maxCount?: number }>): Middleware
  }

  interface Multer {
    (options?: { readonly storage?: StorageEngine; readonly limits?: Limits }): Instance
    memoryStorage(): StorageEngine
  }

  const multer: Multer
  export default multer
}
