import { Effect, Option } from "effect"
import { Mailer } from "../shared/mailer.port.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { normaliseEmail } from "./account-rules.ts"
import { mailLanguageOf } from "./mail-language.ts"
import { MemberRepository } from "./member.port.ts"

/**
 * Tells an account's owner that it saw a burst of failed sign-ins (`attempts` wrong passwords
 * in a row). Nothing happens for an e-mail that is no account. The caller decides what a burst is
 * and sends at most one per burst. Whether a mail was queued.
 */
export const warnOfFailedSignIns = Effect.fn("warnOfFailedSignIns")(function* (
  email: string,
  attempts: number,
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const found = yield* (yield* MemberRepository).findByEmail(normaliseEmail(email))
      if (Option.isNone(found)) return false
      const member = found.value
      yield* (yield* Mailer).send({
        kind: "failed-sign-ins",
        to: member.email,
        name: member.firstName,
        attempts,
        language: yield* mailLanguageOf(member.id),
      })
      return true
    }),
  )
})
