import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { seedEntryOnPlan } from "../../adapters/memory/seed-entry.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { setJudgeRole } from "../accounts/member-admin.use-case.ts"
import { DEFAULT_SETTINGS } from "../accounts/member-settings.ts"
import { saveMemberSettings } from "../accounts/member-settings.use-case.ts"
import { awaitingFeedback, entryFeedback, giveFeedback } from "./feedback.use-case.ts"
import { FEEDBACK_TIERS } from "./feedback-rules.ts"

const GOOD = "Lovely use of warm colours; the shading on the leaves could be softer."

const seedEntry = seedEntryOnPlan

const seedJudge = Effect.gen(function* () {
  const member = yield* seedMember()
  return yield* setJudgeRole(null, member.id, true)
})

describe("professional feedback", () => {
  test("only Color Champ entries get it, read from the plan table", () =>
    Effect.sync(() => {
      expect(FEEDBACK_TIERS).toEqual(["champ"])
    }))

  test("a judge writes feedback on a Champ entry: stored, audited, and one mail to the entrant", () =>
    Effect.gen(function* () {
      const judge = yield* seedJudge
      const { entrant, entry } = yield* seedEntry("champ")
      // The mail goes to an entrant who turned "comments and feedback" on (off by default).
      yield* saveMemberSettings(entrant.id, {
        ...DEFAULT_SETTINGS,
        email: { ...DEFAULT_SETTINGS.email, commentsAndFeedback: true },
      })
      const { feedback, created } = yield* giveFeedback(judge, {
        entryId: entry.id,
        text: `  ${GOOD} `,
      })
      expect(created).toBe(true)
      expect(feedback.text).toBe(GOOD)
      const memory = yield* Memory
      const mails = memory.tables.mails.filter((m) => m.kind === "feedback-given")
      expect(mails).toHaveLength(1)
      expect(mails[0]).toMatchObject({
        to: entrant.email,
        judgeName: judge.username,
        entryId: entry.id,
      })
      expect(memory.tables.audit.filter((r) => r.action === "entry.feedback")).toHaveLength(1)
      // The author rewrites it: the same feedback, new text, no second mail.
      const edited = yield* giveFeedback(judge, { entryId: entry.id, text: `${GOOD} Well done.` })
      expect(edited.created).toBe(false)
      expect(edited.feedback.id).toBe(feedback.id)
      expect(memory.tables.feedback.size).toBe(1)
      expect(memory.tables.mails.filter((m) => m.kind === "feedback-given")).toHaveLength(1)
      expect(memory.tables.audit.filter((r) => r.action === "entry.feedback.edit")).toHaveLength(1)
    }))

  test("a member who is neither judge nor admin is refused", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "champ" })
      const { entry } = yield* seedEntry("champ")
      const error = yield* Effect.flip(giveFeedback(member, { entryId: entry.id, text: GOOD }))
      expect(error._tag).toBe("NotAJudge")
      expect((yield* Effect.flip(awaitingFeedback(member)))._tag).toBe("NotAJudge")
    }))

  test("an admin may write feedback without the judge role", () =>
    Effect.gen(function* () {
      const admin = yield* seedMember({ isAdmin: true })
      const { entry } = yield* seedEntry("champ")
      expect((yield* giveFeedback(admin, { entryId: entry.id, text: GOOD })).created).toBe(true)
    }))

  test("refuses a Pro entry, the judge's own entry, a hidden entry, and text out of bounds", () =>
    Effect.gen(function* () {
      const judge = yield* seedJudge
      const pro = yield* seedEntry("pro")
      const notInPlan = yield* Effect.flip(
        giveFeedback(judge, { entryId: pro.entry.id, text: GOOD }),
      )
      expect(notInPlan).toMatchObject({ _tag: "FeedbackNotOffered", code: "FEEDBACK_NOT_IN_PLAN" })
      expect(notInPlan.message).toContain("Color Champ")
      const hidden = yield* seedEntry("champ", "hidden")
      expect(
        (yield* Effect.flip(giveFeedback(judge, { entryId: hidden.entry.id, text: GOOD })))._tag,
      ).toBe("NotFound")
      const champ = yield* seedEntry("champ")
      yield* saveMemberSettings(champ.entrant.id, {
        ...DEFAULT_SETTINGS,
        email: { ...DEFAULT_SETTINGS.email, commentsAndFeedback: true },
      })
      const short = yield* Effect.flip(
        giveFeedback(judge, { entryId: champ.entry.id, text: " too short " }),
      )
      expect(short).toMatchObject({ _tag: "ValidationFailed" })
      expect(short.message).toContain("text: Feedback must be at least 10 characters")
      const long = yield* Effect.flip(
        giveFeedback(judge, { entryId: champ.entry.id, text: "x".repeat(2001) }),
      )
      expect(long.message).toContain("at most 2000 characters")
      expect(
        (yield* giveFeedback(judge, { entryId: champ.entry.id, text: "x".repeat(2000) })).created,
      ).toBe(true)
      // A judge on Champ cannot judge their own entry.
      const own = yield* seedEntry("champ")
      const ownJudge = yield* setJudgeRole(null, own.entrant.id, true)
      const self = yield* Effect.flip(giveFeedback(ownJudge, { entryId: own.entry.id, text: GOOD }))
      expect(self).toMatchObject({ _tag: "FeedbackNotOffered", code: "OWN_ENTRY" })
      expect((yield* Memory).tables.mails.filter((m) => m.kind === "feedback-given")).toHaveLength(
        1,
      )
    }))

  test("the entrant, judges and admins read it; any other member is refused", () =>
    Effect.gen(function* () {
      const judge = yield* seedJudge
      const { entrant, entry } = yield* seedEntry("champ")
      yield* giveFeedback(judge, { entryId: entry.id, text: GOOD })
      const mine = yield* entryFeedback(entry.id, entrant)
      expect(mine.items.map((i) => [i.feedback.text, i.judgeName, i.mine])).toEqual([
        [GOOD, judge.username, false],
      ])
      expect(mine.canWrite).toBe(false)
      const asJudge = yield* entryFeedback(entry.id, judge)
      expect(asJudge.items[0]?.mine).toBe(true)
      expect(asJudge.canWrite).toBe(true)
      const stranger = yield* seedMember()
      expect((yield* Effect.flip(entryFeedback(entry.id, stranger)))._tag).toBe("FeedbackPrivate")
    }))

  test("the queue lists Champ entries nobody has written on, newest first, never the judge's own", () =>
    Effect.gen(function* () {
      const judge = yield* seedJudge
      const first = yield* seedEntry("champ")
      const second = yield* seedEntry("champ")
      yield* seedEntry("pro")
      yield* seedEntry("champ", "hidden")
      const queue = yield* awaitingFeedback(judge)
      expect(new Set(queue.map((q) => q.entry.id))).toEqual(
        new Set([first.entry.id, second.entry.id]),
      )
      expect(queue[0]?.contestTitle).toBe("Autumn Leaves")
      yield* giveFeedback(judge, { entryId: first.entry.id, text: GOOD })
      const otherJudge = yield* seedJudge
      expect((yield* awaitingFeedback(otherJudge)).map((q) => q.entry.id)).toEqual([
        second.entry.id,
      ])
    }))

  test("taking the judge role away ends writing; the role change is audited each way", () =>
    Effect.gen(function* () {
      const judge = yield* seedJudge
      const { entry } = yield* seedEntry("champ")
      const former = yield* setJudgeRole(null, judge.id, false)
      expect(former.isJudge).toBe(false)
      expect(
        (yield* Effect.flip(giveFeedback(former, { entryId: entry.id, text: GOOD })))._tag,
      ).toBe("NotAJudge")
      yield* setJudgeRole(null, judge.id, false)
      const rows = (yield* Memory).tables.audit.filter((r) => r.action === "member.judge")
      expect(rows.map((r) => (r.after as { isJudge: boolean }).isJudge)).toEqual([true, false])
    }))
})
