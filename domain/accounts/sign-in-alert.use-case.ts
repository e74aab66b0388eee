import { Clock, Effect } from "effect"
import { IdSource } from "../shared/id-source.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { consumeToken, issueToken } from "./account-tokens.ts"
import { readBrowser } from "./browser-name.ts"
import { IpLocator } from "./ip-location.port.ts"
import { KnownDeviceRepository } from "./known-device.port.ts"
import { mailSettingsOf } from "./mail-language.ts"
import { MemberRepository } from "./member.port.ts"
import { SessionRepository } from "./session.port.ts"
import { issueUnsubscribeToken, mailSwitchOn } from "./unsubscribe.use-case.ts"

export interface SignInDevice {
  readonly memberId: MemberId
  /** The browser's device cookie (new when it had none). */
  readonly deviceToken: string
  readonly userAgent: string
  /** The address the sign-in came from (its country is the mail's "Where:"); "" when unknown. */
  readonly address?: string | undefined
}

/**
 * After a sign-in (password, or password and code): remembers the browser for the member and,
 * when it is new to an account that has signed in before and the member keeps "login
 * notifications" on, queues the new-sign-in mail (with the time, the browser, the address's
 * country when known, and a link that signs out every session and starts a password reset). The first browser an account ever signs
 * in from mails nothing: that is the sign-in right after sign-up. One transaction: the device
 * row and its mail commit together, so a browser is mailed about once. True when a mail was queued.
 */
export const noteSignInDevice = Effect.fn("noteSignInDevice")(function* (device: SignInDevice) {
  return yield* transactionally(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const devices = yield* KnownDeviceRepository
      const hash = yield* (yield* IdSource).digest(device.deviceToken)
      const signedInBefore = yield* devices.any(device.memberId)
      const added = yield* devices.remember(device.memberId, hash, now)
      if (!added || !signedInBefore) return false
      if (!(yield* mailSwitchOn(device.memberId, "loginNotifications"))) return false
      const member = yield* (yield* MemberRepository).get(device.memberId)
      const { language, timeZone } = yield* mailSettingsOf(member.id)
      const location = yield* (yield* IpLocator).locate(device.address ?? "", language ?? "en")
      yield* (yield* Mailer).send({
        kind: "new-sign-in",
        to: member.email,
        name: member.firstName || member.username,
        at: now,
        timeZone,
        browser: readBrowser(device.userAgent),
        location,
        secureToken: yield* issueToken(member.id, "secure-account", now),
        unsubscribeToken: yield* issueUnsubscribeToken(member.id, "loginNotifications", now),
        language,
      })
      return true
    }),
  )
})

/**
 * The new-sign-in mail's "it was not me" link: signs out every session of the account and starts
 * a password reset (the reset flow's own token, returned for the page to link to). The link is
 * used up. InvalidToken when it is unknown, used or expired.
 */
export const secureAccount = Effect.fn("secureAccount")(function* (token: string) {
  return yield* transactionally(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const used = yield* consumeToken(token, "secure-account", now)
      yield* (yield* SessionRepository).deleteAllOf(used.memberId)
      return { resetToken: yield* issueToken(used.memberId, "reset", now) }
    }),
  )
})
