import { Effect, Option } from "effect"
import type { MemberId } from "../shared/ids.ts"
import { MemberSettingsRepository } from "./member-settings.port.ts"

/**
 * The language a member's mails are written in (issue 22): their saved setting, or undefined
 * (English) when they never saved one. Read inside the transaction that queues the mail.
 */
export const mailLanguageOf = Effect.fn("mailLanguageOf")(function* (memberId: MemberId) {
  const stored = yield* (yield* MemberSettingsRepository).find(memberId)
  return Option.getOrUndefined(stored)?.language
})
