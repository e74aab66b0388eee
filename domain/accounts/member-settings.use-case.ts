import { Clock, Effect, Option } from "effect"
import { ValidationFailed } from "../shared/errors.ts"
import type { MemberId } from "../shared/ids.ts"
import { MemberRepository } from "./member.port.ts"
import {
  DEFAULT_SETTINGS,
  EVERYTHING_VISIBLE,
  type MemberSettings,
  timeZoneName,
  visibilityFor,
} from "./member-settings.ts"
import { MemberSettingsRepository } from "./member-settings.port.ts"

/** A member's settings: what they saved, else the defaults. NotFound for no such member. */
export const memberSettings = Effect.fn("memberSettings")(function* (memberId: MemberId) {
  yield* (yield* MemberRepository).get(memberId)
  const stored = yield* (yield* MemberSettingsRepository).find(memberId)
  return Option.getOrElse(stored, (): MemberSettings => DEFAULT_SETTINGS)
})

/**
 * Saves a member's whole settings object (its shape already checked) and returns it. The time
 * zone must be an IANA zone (ValidationFailed on timeZone otherwise); it is kept in the case IANA
 * writes it.
 */
export const saveMemberSettings = Effect.fn("saveMemberSettings")(function* (
  memberId: MemberId,
  settings: MemberSettings,
) {
  const timeZone = timeZoneName(settings.timeZone)
  if (timeZone === null) {
    return yield* new ValidationFailed({
      issues: [
        {
          field: "timeZone",
          title: "Unknown time zone",
          message: `"${settings.timeZone}" is not an IANA time zone (such as "America/New_York")`,
        },
      ],
    })
  }
  yield* (yield* MemberRepository).get(memberId)
  const saved: MemberSettings = { ...settings, timeZone }
  yield* (yield* MemberSettingsRepository).save(memberId, saved, yield* Clock.currentTimeMillis)
  return saved
})

/**
 * What `viewerId` (null: a visitor) may see of the member's profile, entries list, badges and
 * join date: everything when it is the member themself, else what their privacy settings show.
 */
export const profileVisibility = Effect.fn("profileVisibility")(function* (
  memberId: MemberId,
  viewerId: MemberId | null,
) {
  const settings = yield* memberSettings(memberId)
  return viewerId === memberId ? EVERYTHING_VISIBLE : visibilityFor(settings.privacy)
})
