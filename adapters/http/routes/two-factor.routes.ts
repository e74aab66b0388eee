import { Effect, Schema } from "effect"
import QRCode from "qrcode"
import { ValidationFailed } from "../../../domain/shared/errors.ts"
import {
  completeTwoFactorSignIn,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorEnrolment,
  twoFactorStatus,
} from "../../../domain/accounts/two-factor.use-case.ts"
import { SignedInBody } from "../account.schema.ts"
import { forbidden, HttpRefusal } from "../http-errors.ts"
import { type Caller, ok, type Reply, route } from "../route.ts"
import { IdParams } from "../schemas.ts"
import {
  RecoveryCodesBody,
  TwoFactorEnrolmentBody,
  TwoFactorStatusBody,
} from "../two-factor.schema.ts"
import { sessionOpened } from "./accounts.routes.ts"
import { EmailText, Line, PasswordText, signedIn, Text } from "./shared.ts"

/**
 * Two-factor sign-in (issue 24): enrolment and turning it off from the profile's Settings tab,
 * and sign-in's second step. Only the member's own account; the session is the identity.
 */

/** A code field: six digits or a recovery code, with the spaces and dashes people type. */
const CodeText = Line(32)

/** The signed-in member, when `id` is theirs; another member's id is 403 (admins included). */
const ownAccount = (caller: Caller, id: string) =>
  Effect.flatMap(signedIn(caller), (member) =>
    id === member.id
      ? Effect.succeed(member)
      : Effect.die(forbidden("You may only change your own two-factor sign-in")),
  )

/** A wrong code is a form error at the code field. */
const wrongCode = () =>
  Effect.fail(
    new ValidationFailed({
      issues: [
        {
          field: "code",
          title: "Incorrect code",
          message: "That code is not right. Check your authenticator app and try again.",
        },
      ],
    }),
  )

const conflict = (error: { readonly code: string; readonly message: string }) =>
  Effect.die(new HttpRefusal(409, error.code, error.message))

export const twoFactorRoutes = [
  route({
    method: "POST",
    path: "/api/users/login/two-factor",
    tag: "accounts",
    summary:
      "Sign-in's second step, for an account with two-factor sign-in on: the challenge sign-in answered, the same e-mail, and a code from the authenticator app (or a recovery code, used up). {user, subscription} and a new session cookie",
    access: "public",
    okBody: SignedInBody,
    // Wrong codes are guesses: limited per account like the password, apart from its count.
    rateLimit: "two-factor",
    body: Schema.Struct({ email: EmailText, challenge: Text(512), code: CodeText }),
    responses: {
      400: "The code is wrong or used already (field code)",
      401: "TWO_FACTOR_CHALLENGE_EXPIRED: the challenge is unknown, older than 5 minutes, took 5 wrong codes, or is for another e-mail; sign in with the password again",
      429: "Too many codes tried (RATE_LIMITED, with Retry-After)",
    },
    handler: ({ body, caller, raw }) =>
      Effect.gen(function* () {
        const opened = yield* completeTwoFactorSignIn(body).pipe(
          Effect.catchTags({
            InvalidTwoFactorCode: wrongCode,
            TwoFactorChallengeExpired: (expired) =>
              Effect.die(new HttpRefusal(401, expired.code, expired.message)),
          }),
        )
        return yield* sessionOpened(caller, opened, raw)
      }),
  }),
  route({
    method: "GET",
    path: "/api/users/:id/two-factor",
    tag: "accounts",
    summary:
      "Whether your two-factor sign-in is on, and how many recovery codes you have left. Only your own",
    access: "member",
    okBody: TwoFactorStatusBody,
    params: IdParams,
    responses: { 403: "Another member's account" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const member = yield* ownAccount(caller, params.id)
        return ok(yield* twoFactorStatus(member.id))
      }),
  }),
  route({
    method: "POST",
    path: "/api/users/:id/two-factor",
    tag: "accounts",
    summary:
      "Starts turning two-factor sign-in on: a new secret (answered this once, as text, as its otpauth:// address and as a QR code in SVG) that is off until confirmed with a first code. Starting again replaces a waiting one. Only your own",
    access: "member",
    okBody: TwoFactorEnrolmentBody,
    params: IdParams,
    responses: {
      403: "Another member's account",
      409: "TWO_FACTOR_ALREADY_ON: turn it off first",
    },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const member = yield* ownAccount(caller, params.id)
        const { secret, uri } = yield* startTwoFactorEnrolment(member.id).pipe(
          Effect.catchTag("TwoFactorAlreadyOn", conflict),
        )
        const qrCodeSvg = yield* Effect.promise(() =>
          QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
        )
        const reply: Reply = {
          ...ok({ secret, otpauthUrl: uri, qrCodeSvg }),
          headers: { "Cache-Control": "no-store" },
        }
        return reply
      }),
  }),
  route({
    method: "POST",
    path: "/api/users/:id/two-factor/confirm",
    tag: "accounts",
    summary:
      "Turns two-factor sign-in on with a first code from the app: answers ten single-use recovery codes, this once. Only your own",
    access: "member",
    okBody: RecoveryCodesBody,
    rateLimit: "two-factor",
    params: IdParams,
    body: Schema.Struct({ code: CodeText }),
    responses: {
      400: "The code is wrong (field code)",
      403: "Another member's account",
      409: "TWO_FACTOR_ALREADY_ON, or TWO_FACTOR_NOT_ON: no enrolment is waiting (start again)",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* ownAccount(caller, params.id)
        const { recoveryCodes } = yield* confirmTwoFactorEnrolment(member.id, body.code).pipe(
          Effect.catchTags({
            InvalidTwoFactorCode: wrongCode,
            TwoFactorAlreadyOn: conflict,
            TwoFactorNotOn: conflict,
          }),
        )
        const reply: Reply = {
          ...ok({ recoveryCodes }),
          headers: { "Cache-Control": "no-store" },
        }
        return reply
      }),
  }),
  route({
    method: "DELETE",
    path: "/api/users/:id/two-factor",
    tag: "accounts",
    summary:
      "Turns two-factor sign-in off, given your password and a current code (or a recovery code): the secret and the recovery codes are deleted. 204. Only your own",
    access: "member",
    rateLimit: "two-factor",
    params: IdParams,
    body: Schema.Struct({ password: PasswordText, code: CodeText }),
    responses: {
      204: "Off",
      400: "The password (field password) or the code (field code) is wrong",
      403: "Another member's account",
      409: "TWO_FACTOR_NOT_ON",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* ownAccount(caller, params.id)
        yield* disableTwoFactor(member.id, body).pipe(
          Effect.catchTags({
            InvalidCredentials: (wrong) =>
              Effect.fail(
                new ValidationFailed({
                  issues: [
                    { field: "password", title: "Incorrect password", message: wrong.message },
                  ],
                }),
              ),
            InvalidTwoFactorCode: wrongCode,
            TwoFactorNotOn: conflict,
          }),
        )
        const reply: Reply = { status: 204 }
        return reply
      }),
  }),
  route({
    method: "POST",
    path: "/api/users/:id/two-factor/recovery-codes",
    tag: "accounts",
    summary:
      "New recovery codes, given a current code (or a recovery code): ten fresh single-use codes, answered this once; the old ones stop working. Only your own",
    access: "member",
    okBody: RecoveryCodesBody,
    rateLimit: "two-factor",
    params: IdParams,
    body: Schema.Struct({ code: CodeText }),
    responses: {
      400: "The code is wrong or used already (field code)",
      403: "Another member's account",
      409: "TWO_FACTOR_NOT_ON",
      429: "Too many codes tried (RATE_LIMITED, with Retry-After)",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* ownAccount(caller, params.id)
        const fresh = yield* regenerateRecoveryCodes(member.id, body).pipe(
          Effect.catchTags({ InvalidTwoFactorCode: wrongCode, TwoFactorNotOn: conflict }),
        )
        const reply: Reply = { ...ok(fresh), headers: { "Cache-Control": "no-store" } }
        return reply
      }),
  }),
]
