import { Effect, Option } from "effect"
import { Mailer } from "../shared/mailer.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import type { SignUp } from "./account-rules.ts"
import { issueToken } from "./account-tokens.ts"
import { UsernameTaken } from "./accounts.errors.ts"
import { mailLanguageOf } from "./mail-language.ts"
import { MemberRepository } from "./member.port.ts"
import { DEFAULT_SETTINGS, type Language } from "./member-settings.ts"
import { MemberSettingsRepository } from "./member-settings.port.ts"
import { insertMember, prepareMember } from "./register-member.use-case.ts"

/**
 * A visitor signs up: the member is saved unverified with a free plan and a 24-hour verification
 * token, and the verification mail is queued, in one transaction. Sign-in waits for the click.
 *
 * An address that already has an account is not revealed: the answer is the same member-shaped
 * record a new account gets (never saved), after the same work (the password is hashed either
 * way), and the address's owner is mailed that someone tried to sign up with it. Usernames are
 * public (artists' pages), so a taken one is still refused, and checked first.
 *
 * `language` is the page's language the visitor signed up in (issue 22): it becomes the new
 * member's language setting (English, the default, saves nothing), and their first mail is in it.
 */
export const signUp = Effect.fn("signUp")(function* (
  input: SignUp & { readonly language?: Language | undefined },
) {
  const prepared = yield* prepareMember({ ...input, verified: false })
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const members = yield* MemberRepository
      const mailer = yield* Mailer
      if (Option.isSome(yield* members.findByUsername(prepared.username))) {
        return yield* new UsernameTaken({ username: prepared.username })
      }
      const owner = yield* members.findByEmail(prepared.email)
      if (Option.isSome(owner)) {
        yield* mailer.send({
          kind: "address-in-use",
          to: owner.value.email,
          name: owner.value.firstName,
          attempt: "sign-up",
          language: yield* mailLanguageOf(owner.value.id),
        })
        return prepared
      }
      const member = yield* insertMember(prepared)
      const token = yield* issueToken(member.id, "verify", member.createdAt)
      const language = input.language ?? DEFAULT_SETTINGS.language
      if (language !== DEFAULT_SETTINGS.language) {
        yield* (yield* MemberSettingsRepository).save(
          member.id,
          { ...DEFAULT_SETTINGS, language },
          member.createdAt,
        )
      }
      yield* mailer.send({
        kind: "verify-email",
        to: member.email,
        name: member.firstName,
        token,
        language,
      })
      return member
    }),
  )
})
