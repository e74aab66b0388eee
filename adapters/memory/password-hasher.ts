import { Effect, Layer } from "effect"
import { PasswordHasher } from "../../domain/accounts/password-hasher.port.ts"

const PREFIX = "insecure-test-hash$"

/**
 * A fast, reversible stand-in for the password hasher, for unit tests only: it does not hash at
 * all. Production uses layerScryptPasswordHasher (adapters/crypto).
 */
export const layerMemoryPasswordHasher = Layer.succeed(
  PasswordHasher,
  PasswordHasher.of({
    hash: (password) => Effect.sync(() => `${PREFIX}${[...password].reverse().join("")}`),
    verify: (password, hash) =>
      Effect.sync(() => hash === `${PREFIX}${[...password].reverse().join("")}`),
  }),
)
