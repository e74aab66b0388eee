import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { idSource } from "../../adapters/persistence/database.ts"
import { sha256Hex } from "../../domain/shared/id-source.port.ts"

// The database's IdSource digests tokens with node:crypto; sessions and links stored by another
// instance (or the memory adapters, WebCrypto) must be found by the same digest.
describe("the database's token digest", () => {
  it("is the lowercase hex SHA-256 of the token's UTF-8 bytes, as WebCrypto's", async () => {
    for (const token of ["", "abc", "Zq3-_x9", "é€😀 token with spaces"]) {
      const ours = await Effect.runPromise(idSource.digest(token))
      expect(ours).toBe(await Effect.runPromise(sha256Hex(token)))
      expect(ours).toMatch(/^[0-9a-f]{64}$/)
    }
    expect(await Effect.runPromise(idSource.digest("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    )
  })
})
