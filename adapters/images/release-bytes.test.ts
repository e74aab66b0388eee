import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { releaseBytes } from "./release-bytes.ts"

describe("releaseBytes", () => {
  it("empties a buffer that is the whole of its memory, as a file read back is", async () => {
    const upload = await readFile(
      join(import.meta.dirname, "../../fixtures/entries/koi-pond-1.jpg"),
    )
    expect(upload.byteLength).toBeGreaterThan(0)
    releaseBytes(upload)
    expect(upload.byteLength).toBe(0)
    expect(upload.buffer.byteLength).toBe(0)
    // A second release of the same bytes is no error.
    releaseBytes(upload)
  })

  it("leaves alone a view over part of a buffer, whose other bytes belong to someone else", () => {
    const whole = new Uint8Array(64).fill(7)
    const part = whole.subarray(8, 16)
    const pooled = Buffer.from("a small string lives in Node's shared pool")
    releaseBytes(part, pooled)
    expect(part.byteLength).toBe(8)
    expect(whole.byteLength).toBe(64)
    expect(whole[0]).toBe(7)
    expect(pooled.toString()).toBe("a small string lives in Node's shared pool")
  })

  it("leaves shared memory alone", () => {
    const shared = new Uint8Array(new SharedArrayBuffer(16))
    releaseBytes(shared)
    expect(shared.byteLength).toBe(16)
  })
})
