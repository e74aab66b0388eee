import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto"
import { Effect, Layer } from "effect"
import { PasswordHasher } from "../../domain/accounts/password-hasher.port.ts"

/**
 * Passwords hashed with scrypt, a 16-byte random salt and a 32-byte key, at the parameters the
 * composition root gives (production: OWASP's recommended N=2^17, r=8, p=1). The stored string
 * names its parameters, `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`, so a hash verifies with
 * the parameters it was made with: hashes made today still verify after the parameters are raised.
 */
export interface ScryptParameters {
  /** log2 of the CPU/memory cost N. */
  readonly logN: number
  /** The block size. */
  readonly r: number
  /** The parallelisation. */
  readonly p: number
}

/** OWASP's recommended scrypt parameters: what production hashes with. */
export const OWASP_SCRYPT_PARAMETERS: ScryptParameters = { logN: 17, r: 8, p: 1 }
const SALT_BYTES = 16
const KEY_BYTES = 32
/** Guards against a stored hash naming parameters that would exhaust memory or CPU. */
const MAX_LOG_N = 20

type Parameters = ScryptParameters

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

/** Verifies at the parameters the stored hash names. */
const verify = (password: string, stored: string) =>
  Effect.gen(function* () {
    const parsed = parse(stored)
    if (!parsed) return false
    const key = yield* derive(password, parsed.salt, parsed.key.length, parsed.parameters)
    return timingSafeEqual(key, parsed.key)
  })

/** A hasher making new hashes at `parameters` (verifying each hash at the parameters it names). */
export const makeScryptPasswordHasher = (parameters: ScryptParameters) => {
  const { logN, r, p } = parameters
  if (![logN, r, p].every(Number.isInteger) || logN < 1 || logN > MAX_LOG_N || r < 1 || p < 1) {
    throw new Error(`scrypt parameters out of range: logN=${logN}, r=${r}, p=${p}`)
  }
  return PasswordHasher.of({
    hash: (password) =>
      Effect.gen(function* () {
        const salt = randomBytes(SALT_BYTES)
        const key = yield* derive(password, salt, KEY_BYTES, parameters)
        return `scrypt$${logN}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`
      }),
    verify,
  })
}

/** The production hasher: OWASP's parameters. */
export const scryptPasswordHasher = makeScryptPasswordHasher(OWASP_SCRYPT_PARAMETERS)

/** The hasher at `parameters` as a layer (the composition root's, from its configuration). */
export const layerScryptPasswordHasherWith = (parameters: ScryptParameters) =>
  Layer.succeed(PasswordHasher, makeScryptPasswordHasher(parameters))

export const layerScryptPasswordHasher = Layer.succeed(PasswordHasher, scryptPasswordHasher)
