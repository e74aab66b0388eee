import { randomBytes } from "node:crypto"
import { Effect, Layer, Option } from "effect"
import { generate, generateSecret, generateURI, verify } from "otplib"
import { TOTP_ISSUER } from "../../domain/accounts/two-factor.entity.ts"
import { Authenticator } from "../../domain/accounts/two-factor.port.ts"

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, six digits, 30 s steps. */
const PERIOD_SECONDS = 30

/** TOTP through otplib (its functional API, Noble's HMAC and scure's Base32). */
export const totpAuthenticator = Authenticator.of({
  newSecret: Effect.sync(() => generateSecret({ length: 20 })),
  uri: (secret, account) =>
    generateURI({ issuer: TOTP_ISSUER, label: account, secret, period: PERIOD_SECONDS }),
  stepOf: (secret, code, at) =>
    Effect.promise(() =>
      verify({
        secret,
        token: code,
        period: PERIOD_SECONDS,
        epoch: Math.floor(at / 1000),
        // One step either side, for a phone's clock a little off and a code typed at a step's end.
        epochTolerance: PERIOD_SECONDS,
      }),
    ).pipe(
      // otplib's union also covers HOTP's answer, which has no time step.
      Effect.map((result) =>
        result.valid && "timeStep" in result ? Option.some(result.timeStep) : Option.none(),
      ),
    ),
  codeAt: (secret, at) =>
    Effect.promise(() =>
      generate({ secret, period: PERIOD_SECONDS, epoch: Math.floor(at / 1000) }),
    ),
  randomBytes: (count) => Effect.sync(() => new Uint8Array(randomBytes(count))),
})

export const layerTotpAuthenticator = Layer.succeed(Authenticator, totpAuthenticator)
