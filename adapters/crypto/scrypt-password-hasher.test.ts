import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { PasswordHasher } from "../../domain/accounts/password-hasher.port.ts"
import { layerScryptPasswordHasher } from "./scrypt-password-hasher.ts"

describe("scrypt password hasher", () => {
  it.layer(layerScryptPasswordHasher, { timeout: 30_000 })((it) => {
    it.effect("stores a self-describing hash at OWASP's parameters, not the password", () =>
      Effect.gen(function* () {
        const hasher = yield* PasswordHasher
        const hash = yield* hasher.hash("correct horse battery")
        expect(hash).not.toContain("correct horse battery")
        const [scheme, logN, r, p, salt, key] = hash.split("$")
        expect([scheme, logN, r, p]).toEqual(["scrypt", "17", "8", "1"])
        expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16)
        expect(Buffer.from(key ?? "", "base64")).toHaveLength(32)
      }),
    )

    it.effect("verifies the right password and refuses a wrong one", () =>
      Effect.gen(function* () {
        const hasher = yield* PasswordHasher
        const hash = yield* hasher.hash("correct horse battery")
        expect(yield* hasher.verify("correct horse battery", hash)).toBe(true)
        expect(yield* hasher.verify("correct horse batterY", hash)).toBe(false)
        expect(yield* hasher.verify("", hash)).toBe(false)
      }),
    )

    it.effect("salts every hash, so the same password hashes differently", () =>
      Effect.gen(function* () {
        const hasher = yield* PasswordHasher
        const [first, second] = yield* Effect.all(
          [hasher.hash("same password"), hasher.hash("same password")],
          { concurrency: 2 },
        )
        expect(first).not.toBe(second)
        expect(yield* hasher.verify("same password", second ?? "")).toBe(true)
      }),
    )

    it.effect("verifies a hash made with other parameters, and refuses a malformed one", () =>
      Effect.gen(function* () {
        const hasher = yield* PasswordHasher
        // scrypt("password", "NaCl", N=1024, r=8, p=16, 64 bytes): RFC 7914's test vector.
        const rfc7914 =
          "scrypt$10$8$16$TmFDbA==$/bq+HJ00cgB4VucZDQHp/nxq18vII3gw53N2Y0s3MWIurzDZ" +
          "LiKjiG/xCSedmDDaxyevuUqD7m2DYMvfoswGQA=="
        expect(yield* hasher.verify("password", rfc7914)).toBe(true)
        expect(yield* hasher.verify("password", "not-a-hash")).toBe(false)
        expect(yield* hasher.verify("password", "scrypt$40$8$1$AAAA$AAAA")).toBe(false)
      }),
    )
  })
})
