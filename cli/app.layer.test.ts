import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, ManagedRuntime } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { PasswordHasher } from "../domain/accounts/password-hasher.port.ts"
import { makeAppLayer } from "./app.layer.ts"

describe("the composition root's password hashing", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "colorday-app-layer-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  const hashWith = async (passwordHashing?: { logN: number; r: number; p: number }) => {
    const runtime = ManagedRuntime.make(
      makeAppLayer({
        dataDir,
        databaseUrl: undefined,
        migrate: false,
        canvases: [],
        passwordHashing,
      }),
    )
    try {
      return await runtime.runPromise(
        Effect.gen(function* () {
          return yield* (yield* PasswordHasher).hash("correct horse battery")
        }),
      )
    } finally {
      await runtime.dispose()
    }
  }

  it("hashes at OWASP's scrypt parameters unless told otherwise", async () => {
    expect((await hashWith()).split("$").slice(0, 4)).toEqual(["scrypt", "17", "8", "1"])
  })

  it("hashes at the parameters its configuration gives", async () => {
    const hash = await hashWith({ logN: 4, r: 1, p: 1 })
    expect(hash.split("$").slice(0, 4)).toEqual(["scrypt", "4", "1", "1"])
  })
})
