import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { PasswordHasher } from "../../domain/accounts/password-hasher.port.ts"
import {
  layerScryptPasswordHasher,
  layerScryptPasswordHasherWith,
  makeScryptPasswordHasher,
  OWASP_SCRYPT_PARAMETERS,
} from "./scrypt-password-hasher.ts"

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

describe("scrypt password hasher at configured parameters", () => {
  it("production's parameters are OWASP's (N=2^17, r=8, p=1)", () => {
    expect(OWASP_SCRYPT_PARAMETERS).toEqual({ logN: 17, r: 8, p: 1 })
  })

  it.layer(layerScryptPasswordHasherWith({ logN: 4, r: 1, p: 1 }))((it) => {
    it.effect("hashes at the parameters it was given, and verifies hashes made at others", () =>
      Effect.gen(function* () {
        const cheap = yield* PasswordHasher
        const hash = yield* cheap.hash("correct horse battery")
        expect(hash.split("$").slice(0, 4)).toEqual(["scrypt", "4", "1", "1"])
        expect(yield* cheap.verify("correct horse battery", hash)).toBe(true)
        expect(yield* cheap.verify("correct horse batterY", hash)).toBe(false)
        // A hash made at other parameters (RFC 7914's vector: N=1024, r=8, p=16) still verifies.
        const rfc7914 =
          "scrypt$10$8$16$TmFDbA==$/bq+HJ00cgB4VucZDQHp/nxq18vII3gw53N2Y0s3MWIurzDZ" +
          "LiKjiG/xCSedmDDaxyevuUqD7m2DYMvfoswGQA=="
        expect(yield* cheap.verify("password", rfc7914)).toBe(true)
      }),
    )
  })

  it("refuses parameters out of range", () => {
    expect(() => makeScryptPasswordHasher({ logN: 0, r: 8, p: 1 })).toThrow(/out of range/)
    expect(() => makeScryptPasswordHasher({ logN: 21, r: 8, p: 1 })).toThrow(/out of range/)
    expect(() => makeScryptPasswordHasher({ logN: 10, r: 0, p: 1 })).toThrow(/out of range/)
    expect(() => makeScryptPasswordHasher({ logN: 10, r: 8, p: 1.5 })).toThrow(/out of range/)
  })
})
