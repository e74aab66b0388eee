import { Clock, Effect, Option } from "effect"
import { IdSource } from "../shared/id-source.port.ts"
import type { Instant, MemberId } from "../shared/ids.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { InvalidToken } from "./accounts.errors.ts"
import { DEFAULT_SETTINGS, type MemberSettings } from "./member-settings.ts"
import { MemberSettingsRepository } from "./member-settings.port.ts"
import { MemberTokenRepository } from "./member-token.port.ts"
import {
  isSwitchOn,
  type MailSwitch,
  SWITCH_LABEL,
  switchOfPurpose,
  UNSUBSCRIBE_PURPOSE,
  UNSUBSCRIBE_TOKEN_TTL_MS,
  withSwitchOff,
} from "./unsubscribe-switches.ts"

/** A member's settings as they apply now: what they saved, else the defaults. */
export const settingsOf = Effect.fn("settingsOf")(function* (memberId: MemberId) {
  const stored = yield* (yield* MemberSettingsRepository).find(memberId)
  return Option.getOrElse(stored, (): MemberSettings => DEFAULT_SETTINGS)
})

/** Whether the member keeps this switch on (the default when they never saved settings). */
export const mailSwitchOn = Effect.fn("mailSwitchOn")(function* (
  memberId: MemberId,
  name: MailSwitch,
) {
  return isSwitchOn(yield* settingsOf(memberId), name)
})

/**
 * Mints the one-click unsubscribe token of one mail (only its digest is stored): it turns off
 * `name` for this member, however often it is used, for UNSUBSCRIBE_TOKEN_TTL_MS. Earlier mails'
 * tokens keep working (unlike a reset link's). Runs in the transaction that queues the mail.
 */
export const issueUnsubscribeToken = Effect.fn("issueUnsubscribeToken")(function* (
  memberId: MemberId,
  name: MailSwitch,
  now: Instant,
) {
  const ids = yield* IdSource
  const token = yield* ids.newToken
  yield* (yield* MemberTokenRepository).save({
    tokenHash: yield* ids.digest(token),
    memberId,
    purpose: UNSUBSCRIBE_PURPOSE[name],
    createdAt: now,
    expiresAt: now + UNSUBSCRIBE_TOKEN_TTL_MS,
    usedAt: null,
  })
  return token
})

export interface Unsubscribed {
  readonly switch: MailSwitch
  /** The switch as Settings names it ("Voting results"). */
  readonly label: string
}

/** The member and switch behind an unsubscribe token; InvalidToken when unknown or expired. */
const linkOf = Effect.fn("linkOf")(function* (token: string) {
  const now = yield* Clock.currentTimeMillis
  const ids = yield* IdSource
  const found =
    token.trim() === ""
      ? Option.none()
      : yield* (yield* MemberTokenRepository).find(yield* ids.digest(token.trim()))
  const name = Option.isSome(found) ? switchOfPurpose(found.value.purpose) : null
  if (Option.isNone(found) || name === null || now >= found.value.expiresAt) {
    return yield* new InvalidToken({ purpose: UNSUBSCRIBE_PURPOSE.votingResults })
  }
  return { memberId: found.value.memberId, name, now }
})

/**
 * What an unsubscribe link would turn off, changing nothing (the page a GET shows: mail scanners
 * open links, so only the POST acts). InvalidToken when it is unknown or expired.
 */
export const unsubscribeLinkSwitch = Effect.fn("unsubscribeLinkSwitch")(function* (token: string) {
  const { name } = yield* linkOf(token)
  return { switch: name, label: SWITCH_LABEL[name] } satisfies Unsubscribed
})

/**
 * One-click unsubscribe (RFC 8058), without a session: the token's member gets the token's switch
 * turned off, every other setting kept. Using a token again changes nothing and answers the
 * same. InvalidToken when it is unknown, expired or not an unsubscribe token.
 */
export const unsubscribe = Effect.fn("unsubscribe")(function* (token: string) {
  return yield* transactionally(
    Effect.gen(function* () {
      const { memberId, name, now } = yield* linkOf(token)
      const settings = yield* settingsOf(memberId)
      if (isSwitchOn(settings, name)) {
        yield* (yield* MemberSettingsRepository).save(memberId, withSwitchOff(settings, name), now)
      }
      return { switch: name, label: SWITCH_LABEL[name] } satisfies Unsubscribed
    }),
  )
})
