import { describe, expect } from "@effect/vitest"
import { Clock, Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { seedEntryOnPlan } from "../../adapters/memory/seed-entry.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { giveFeedback } from "../feedback/feedback.use-case.ts"
import { issueToken } from "./account-tokens.ts"
import { setJudgeRole } from "./member-admin.use-case.ts"
import { DEFAULT_SETTINGS, type MemberSettings } from "./member-settings.ts"
import { memberSettings, saveMemberSettings } from "./member-settings.use-case.ts"
import { UNSUBSCRIBE_TOKEN_TTL_MS } from "./unsubscribe-switches.ts"
import {
  issueUnsubscribeToken,
  unsubscribe,
  unsubscribeLinkSwitch,
} from "./unsubscribe.use-case.ts"

const ALL_ON: MemberSettings = {
  ...DEFAULT_SETTINGS,
  loginNotifications: true,
  email: {
    contestAnnouncements: true,
    votingResults: true,
    commentsAndFeedback: true,
    weeklySummary: true,
  },
}

const FEEDBACK = "Lovely use of warm colours; the shading on the leaves could be softer."

describe("one-click unsubscribe", () => {
  test("a token turns off its own switch only, and using it again changes nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* saveMemberSettings(member.id, { ...ALL_ON, language: "fr" })
      const token = yield* issueUnsubscribeToken(
        member.id,
        "votingResults",
        yield* Clock.currentTimeMillis,
      )
      // Opening the link (GET) only names the switch.
      expect(yield* unsubscribeLinkSwitch(token)).toEqual({
        switch: "votingResults",
        label: "Voting results",
      })
      expect((yield* memberSettings(member.id)).email.votingResults).toBe(true)

      expect(yield* unsubscribe(token)).toEqual({
        switch: "votingResults",
        label: "Voting results",
      })
      const after = yield* memberSettings(member.id)
      expect(after).toEqual({
        ...ALL_ON,
        language: "fr",
        email: { ...ALL_ON.email, votingResults: false },
      })
      expect(yield* unsubscribe(token)).toEqual({
        switch: "votingResults",
        label: "Voting results",
      })
      expect(yield* memberSettings(member.id)).toEqual(after)
    }))

  test("the login notification switch is turned off by its token, and an older mail's token still works", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const older = yield* issueUnsubscribeToken(
        member.id,
        "loginNotifications",
        yield* Clock.currentTimeMillis,
      )
      yield* issueUnsubscribeToken(member.id, "loginNotifications", yield* Clock.currentTimeMillis)
      yield* unsubscribe(older)
      const settings = yield* memberSettings(member.id)
      expect(settings.loginNotifications).toBe(false)
      expect(settings.email).toEqual(DEFAULT_SETTINGS.email)
    }))

  test("an unknown, expired or non-unsubscribe token is refused and changes nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const reset = yield* issueToken(member.id, "reset", yield* Clock.currentTimeMillis)
      for (const token of ["", "not-a-token", reset]) {
        const error = yield* Effect.flip(unsubscribe(token))
        expect(error._tag).toBe("InvalidToken")
        expect(error.message).toBe("Unsubscribe link is invalid or has expired")
      }
      const token = yield* issueUnsubscribeToken(
        member.id,
        "weeklySummary",
        yield* Clock.currentTimeMillis,
      )
      yield* TestClock.adjust(UNSUBSCRIBE_TOKEN_TTL_MS)
      expect((yield* Effect.flip(unsubscribe(token)))._tag).toBe("InvalidToken")
      expect(yield* memberSettings(member.id)).toEqual(DEFAULT_SETTINGS)
    }))
})

describe("the feedback mail honours 'comments and feedback'", () => {
  const judgeAndEntry = Effect.gen(function* () {
    const judge = yield* setJudgeRole(null, (yield* seedMember()).id, true)
    const { entrant, entry } = yield* seedEntryOnPlan("champ")
    return { judge, entrant, entry }
  })

  test("off (the default): the feedback is stored and no mail is queued", () =>
    Effect.gen(function* () {
      const { judge, entry } = yield* judgeAndEntry
      const { created } = yield* giveFeedback(judge, { entryId: entry.id, text: FEEDBACK })
      expect(created).toBe(true)
      const mails = (yield* Memory).tables.mails
      expect(mails.filter((mail) => mail.kind === "feedback-given")).toHaveLength(0)
    }))

  test("on: one mail, whose token turns the switch off", () =>
    Effect.gen(function* () {
      const { judge, entrant, entry } = yield* judgeAndEntry
      yield* saveMemberSettings(entrant.id, ALL_ON)
      yield* giveFeedback(judge, { entryId: entry.id, text: FEEDBACK })
      const mails = (yield* Memory).tables.mails.filter((mail) => mail.kind === "feedback-given")
      expect(mails).toHaveLength(1)
      const mail = mails[0]
      if (mail?.kind !== "feedback-given") throw new Error("no feedback mail")
      expect(yield* unsubscribe(mail.unsubscribeToken)).toMatchObject({
        switch: "commentsAndFeedback",
      })
      expect((yield* memberSettings(entrant.id)).email).toEqual({
        ...ALL_ON.email,
        commentsAndFeedback: false,
      })
    }))
})
