import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto"
import { Effect, Layer } from "effect"
import { PasswordHasher } from "../../domain/accounts/password-hasher.port.ts"

/**
 * Passwords hashed with scrypt at OWASP's recommended parameters (N=2^17, r=8, p=1), a 16-byte
 * random salt and a 32-byte key. The stored string names its parameters,
 * `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`, so hashes made today still verify after the
 * parameters are raised.
 */
export const SCRYPT_LOG_N = 17
export const SCRYPT_R = 8
export const SCRYPT_P = 1
const SALT_BYTES = 16
const KEY_BYTES = 32
/** Guards against a stored hash naming parameters that would exhaust memory or CPU. */
const MAX_LOG_N = 20

interface Parameters {
  readonly logN: number
  readonly r: number
  readonly p: number
}

// scrypt needs 128 * N * r * p bytes; Node refuses anything above `maxmem` (32 MiB by default).
const options = ({ logN, r, p }: Parameters): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  maxmem: 128 * 2 ** logN * r * p + 32 * 1024 * 1024,
})

const derive = (password: string, salt: Buffer, keyBytes: number, parameters: Parameters) =>
  Effect.tryPromise({
    try: () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFC"), salt, keyBytes, options(parameters), (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
    catch: (cause) => cause,
  }).pipe(Effect.orDie)

const parse = (stored: string) => {
  const match =
    /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored)
  if (!match) return undefined
  const parameters = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) }
  const salt = Buffer.from(match[4] ?? "", "base64")
  const key = Buffer.from(match[5] ?? "", "base64")
  const sane =
    parameters.logN >= 1 &&
    parameters.logN <= MAX_LOG_N &&
    parameters.r >= 1 &&
    parameters.p >= 1 &&
    salt.length > 0 &&
    key.length > 0
  return sane ? { parameters, salt, key } : undefined
}

export const scryptPasswordHasher = PasswordHasher.of({
  hash: (password) =>
    Effect.gen(function* () {
      const parameters = { logN: SCRYPT_LOG_N, r: SCRYPT_R, p: SCRYPT_P }
      const salt = randomBytes(SALT_BYTES)
      const key = yield* derive(password, salt, KEY_BYTES, parameters)
      return `scrypt$${SCRYPT_LOG_N}$${SCRYPT_R}$${SCRYPT_P}$${salt.toString("base64")}$${key.toString("base64")}`
    }),
  verify: (password, stored) =>
    Effect.gen(function* () {
      const parsed = parse(stored)
      if (!parsed) return false
      const key = yield* derive(password, parsed.salt, parsed.key.length, parsed.parameters)
      return timingSafeEqual(key, parsed.key)
    }),
})

export const layerScryptPasswordHasher = Layer.succeed(PasswordHasher, scryptPasswordHasher)
