import { Effect } from "effect"
import { Mailer } from "../shared/mailer.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import type { SignUp } from "./account-rules.ts"
import { issueToken } from "./account-tokens.ts"
import { insertMember, prepareMember } from "./register-member.use-case.ts"

/**
 * A visitor signs up: the member is saved unverified with a free plan and a 24-hour verification
 * token, in one transaction; then the verification e-mail goes out. Sign-in waits for the click.
 */
export const signUp = Effect.fn("signUp")(function* (input: SignUp) {
  const prepared = yield* prepareMember({ ...input, verified: false })
  const unitOfWork = yield* UnitOfWork
  const { member, token } = yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const member = yield* insertMember(prepared)
      const token = yield* issueToken(member.id, "verify", member.createdAt)
      return { member, token }
    }),
  )
  // After the commit: a mail is never sent for a sign-up that rolled back.
  yield* (yield* Mailer).send({
    kind: "verify-email",
    to: member.email,
    name: member.firstName,
    token,
  })
  return member
})
