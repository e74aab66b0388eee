import { Effect, Schema } from "effect"
import type { Member } from "../../../domain/accounts/member.entity.ts"
import { forbidden, unauthenticated } from "../http-errors.ts"
import type { Caller } from "../route.ts"
import { Id } from "../schemas.ts"

/** Input pieces the route groups share. */

/** A string of at most `max` characters (possibly empty: the domain names a blank field). */
export const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/** No control characters and no lone UTF-16 surrogates (which no database stores faithfully). */
const ONE_LINE = /^[^\p{Cc}\p{Cs}]*$/u
/** The same, with tabs and line breaks allowed. */
const PARAGRAPHS = /^(?:[\t\n\r]|[^\p{Cc}\p{Cs}])*$/u

/** A one-line text field (a name, a subject) of at most `max` characters. */
export const Line = (max: number) =>
  Text(max).check(
    Schema.isPattern(ONE_LINE, {
      message: "Expected text without control characters or broken Unicode",
    }),
  )

/** A multi-line text field (a bio, a message) of at most `max` characters. */
export const Paragraphs = (max: number) =>
  Text(max).check(
    Schema.isPattern(PARAGRAPHS, {
      message: "Expected text without control characters (besides line breaks) or broken Unicode",
    }),
  )

/** An e-mail field: its shape is the domain's to judge, so the message names the rule. */
export const EmailText = Line(320)

/** A password field: long enough for any passphrase, short enough to hash cheaply. */
export const PasswordText = Text(256)

/** A member id a request names (the spec's `user_id` / `userId`); it must be the caller's own. */
export const MemberIdField = Schema.optional(Id)

/** A free-text kind such as a medium ("traditional", "digital") or a contest type ("daily"). */
export const KindText = Schema.String.check(
  Schema.isMaxLength(40),
  Schema.isPattern(/^[A-Za-z0-9 _-]*$/),
)

/**
 * The signed-in member. Routes with access "member" or "admin" always have one (the app refuses
 * a visitor with 401 before the handler runs); this only narrows the type.
 */
export const signedIn = (caller: Caller): Effect.Effect<Member> =>
  caller.member ? Effect.succeed(caller.member) : Effect.die(unauthenticated())

/**
 * The session is the only identity: the signed-in member, after checking that a member id the
 * request names (the spec's request shapes carry one) is theirs. Another id is 403 FORBIDDEN —
 * for admins too: they act on others only through admin routes.
 */
export const actingAs = (
  caller: Caller,
  claimed: string | null | undefined,
  field: string,
): Effect.Effect<Member> =>
  Effect.flatMap(signedIn(caller), (member) =>
    claimed !== undefined && claimed !== null && claimed !== member.id
      ? Effect.die(
          forbidden(
            `${field} is not yours: you may only act for yourself (the session says who you are)`,
          ),
        )
      : Effect.succeed(member),
  )

/** The spec's member id in both spellings a client may send: snake `user_id` and camel `userId`. */
export const MemberIdFields = { user_id: MemberIdField, userId: MemberIdField }

/** `actingAs` for a request that may name the member as `user_id`, `userId` or both: each must be yours. */
export const actingAsClaimed = (
  caller: Caller,
  claimed: { readonly user_id?: string | undefined; readonly userId?: string | undefined },
): Effect.Effect<Member> =>
  Effect.flatMap(actingAs(caller, claimed.user_id, "user_id"), () =>
    actingAs(caller, claimed.userId, "userId"),
  )
