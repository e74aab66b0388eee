import { describe, expect } from "@effect/vitest"
import { Clock, Effect, Option } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { browserName } from "./browser-name.ts"
import { DEFAULT_SETTINGS } from "./member-settings.ts"
import { saveMemberSettings } from "./member-settings.use-case.ts"
import { openSession, sessionMember } from "./sessions.use-case.ts"
import { noteSignInDevice, secureAccount } from "./sign-in-alert.use-case.ts"
import { usableToken } from "./account-tokens.ts"
import { unsubscribe } from "./unsubscribe.use-case.ts"

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

const newSignInMails = Effect.gen(function* () {
  return (yield* Memory).tables.mails.flatMap((mail) => (mail.kind === "new-sign-in" ? [mail] : []))
})

describe("browser names", () => {
  test("name the browser and system, else keep the header short", () =>
    Effect.sync(() => {
      expect(browserName(FIREFOX)).toBe("Firefox on Windows")
      expect(browserName(CHROME_MAC)).toBe("Chrome on macOS")
      expect(
        browserName(
          "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        ),
      ).toBe("Safari on iOS")
      expect(browserName(`${CHROME_MAC} Edg/131.0.0.0`)).toBe("Edge on macOS")
      expect(browserName("curl/8.5.0")).toBe("curl/8.5.0")
      expect(browserName("x".repeat(100))).toHaveLength(60)
      expect(browserName("  ")).toBe("an unknown browser")
    }))
})

describe("login notifications", () => {
  test("the first browser mails nothing; a new one mails once; a known one never", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const first = { memberId: member.id, deviceToken: "device-a", userAgent: FIREFOX }
      expect(yield* noteSignInDevice(first)).toBe(false)
      expect(yield* noteSignInDevice(first)).toBe(false)
      const second = { memberId: member.id, deviceToken: "device-b", userAgent: CHROME_MAC }
      expect(yield* noteSignInDevice(second)).toBe(true)
      expect(yield* noteSignInDevice(second)).toBe(false)
      expect(yield* noteSignInDevice(first)).toBe(false)
      const mails = yield* newSignInMails
      expect(mails).toHaveLength(1)
      expect(mails[0]).toMatchObject({
        to: member.email,
        browser: { browser: "Chrome", system: "macOS" },
      })
      // Another member's first sign-in from the same browser is theirs: no mail either.
      const other = yield* seedMember()
      expect(yield* noteSignInDevice({ ...second, memberId: other.id })).toBe(false)
    }))

  test("the mail says where the address is, in the member's language; a private address is unknown", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const signIn = (deviceToken: string, address: string) =>
        noteSignInDevice({ memberId: member.id, deviceToken, userAgent: FIREFOX, address })
      yield* signIn("a", "193.99.144.80")
      // A public address in Germany (heise.de's range); then the same from a home network.
      expect(yield* signIn("b", "193.99.144.80")).toBe(true)
      expect(yield* signIn("c", "192.168.1.20")).toBe(true)
      yield* saveMemberSettings(member.id, { ...DEFAULT_SETTINGS, language: "es" })
      expect(yield* signIn("d", "::ffff:193.99.144.80")).toBe(true)
      expect((yield* newSignInMails).map((mail) => mail.location)).toEqual([
        "Germany",
        null,
        "Alemania",
      ])
    }))

  test("with the switch off, a new browser is remembered and mails nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* saveMemberSettings(member.id, { ...DEFAULT_SETTINGS, loginNotifications: false })
      yield* noteSignInDevice({ memberId: member.id, deviceToken: "a", userAgent: FIREFOX })
      expect(
        yield* noteSignInDevice({ memberId: member.id, deviceToken: "b", userAgent: FIREFOX }),
      ).toBe(false)
      expect(yield* newSignInMails).toHaveLength(0)
    }))

  test("the mail's link signs out every session and starts a password reset, once; its unsubscribe token turns the switch off", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* noteSignInDevice({ memberId: member.id, deviceToken: "a", userAgent: FIREFOX })
      yield* noteSignInDevice({ memberId: member.id, deviceToken: "b", userAgent: FIREFOX })
      const [mail] = yield* newSignInMails
      if (!mail) throw new Error("no new-sign-in mail")
      const one = yield* openSession(member.id)
      const two = yield* openSession(member.id)
      const { resetToken } = yield* secureAccount(mail.secureToken)
      expect(Option.isNone(yield* sessionMember(one.token))).toBe(true)
      expect(Option.isNone(yield* sessionMember(two.token))).toBe(true)
      const now = yield* Clock.currentTimeMillis
      expect((yield* usableToken(resetToken, "reset", now)).memberId).toBe(member.id)
      const again = yield* Effect.flip(secureAccount(mail.secureToken))
      expect(again).toMatchObject({ _tag: "InvalidToken" })
      expect(again.message).toBe("Sign-out link is invalid, used or has expired")

      expect(yield* unsubscribe(mail.unsubscribeToken)).toMatchObject({
        switch: "loginNotifications",
      })
    }))
})
