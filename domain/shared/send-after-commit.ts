import { Effect } from "effect"
import { type Mail, Mailer } from "./mailer.port.ts"

/**
 * Sends a mail once the change it reports has committed; whether it went. Mail is sent after the
 * transaction, never inside it: a transaction retried after a deadlock would mail twice, and one
 * rolled back would have mailed about a change that never happened. The transport's failure is a
 * defect (the change it follows is kept), so it is answered here as false, and logged.
 */
export const sendAfterCommit = (mail: Mail) =>
  Effect.gen(function* () {
    yield* (yield* Mailer).send(mail)
    return true
  }).pipe(
    Effect.catchDefect((defect) =>
      Effect.as(
        Effect.logWarning(`the ${mail.kind} mail to ${mail.to} was not sent`, defect),
        false,
      ),
    ),
  )
