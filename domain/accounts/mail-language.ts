import { Effect, Option } from "effect"
import type { MemberId } from "../shared/ids.ts"
import { MemberSettingsRepository } from "./member-settings.port.ts"

/**
 * The language a member's mails are written in (issue 22): their saved setting, or undefined
 * (English) when they never saved one. Read inside the transaction that queues the mail.
 */
export const mailLanguageOf = Effect.fn("mailLanguageOf")(function* (memberId: MemberId) {
  return (yield* mailSettingsOf(memberId)).language
})

/** The language and time zone a member's mails are written in (undefined: English, UTC). */
export const mailSettingsOf = Effect.fn("mailSettingsOf")(function* (memberId: MemberId) {
  const stored = Option.getOrUndefined(yield* (yield* MemberSettingsRepository).find(memberId))
  return { language: stored?.language, timeZone: stored?.timeZone }
})
