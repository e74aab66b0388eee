import { Effect, Option } from "effect"
import { sendAfterCommit } from "../shared/send-after-commit.ts"
import { normaliseEmail } from "./account-rules.ts"
import { MemberRepository } from "./member.port.ts"

/**
 * Tells an account's owner that it saw a burst of failed sign-ins (`attempts` wrong passwords
 * in a row). Nothing happens for an e-mail that is no account. Runs outside any transaction and
 * after the attempt's answer is decided; the caller decides what a burst is and sends at most one
 * per burst. Whether a mail went.
 */
export const warnOfFailedSignIns = Effect.fn("warnOfFailedSignIns")(function* (
  email: string,
  attempts: number,
) {
  const found = yield* (yield* MemberRepository).findByEmail(normaliseEmail(email))
  if (Option.isNone(found)) return false
  const member = found.value
  return yield* sendAfterCommit({
    kind: "failed-sign-ins",
    to: member.email,
    name: member.firstName,
    attempts,
  })
})
