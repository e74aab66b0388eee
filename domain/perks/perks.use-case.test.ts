import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { DEFAULT_SETTINGS } from "../accounts/member-settings.ts"
import { saveMemberSettings } from "../accounts/member-settings.use-case.ts"
import { seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { EARLY_ACCESS_LEAD_MS } from "./early-access.ts"
import { earlyAccessFor, lineArtFor } from "./early-access.use-case.ts"
import {
  actOnLineArtRequest,
  fileLineArtRequest,
  lineArtRequestQueue,
  myLineArtRequests,
} from "./line-art-requests.use-case.ts"
import { premiumPageDownload, premiumPageFor, setPremiumPage } from "./premium-pages.use-case.ts"

const HOUR = 3_600_000
const BRIEF = "A fox reading a book under a street lamp"

const requestMails = Effect.map(Memory, (memory) =>
  memory.tables.mails.flatMap((mail) => (mail.kind === "line-art-request" ? [mail] : [])),
)

describe("custom line art requests", () => {
  test("a Champ files one, the admin accepts and fulfils it with a contest; one mail per step", () =>
    Effect.gen(function* () {
      const champ = yield* seedMember({ tier: "champ" })
      const admin = yield* seedMember({ isAdmin: true })
      const contest = yield* seedContest({ startsIn: 48 * HOUR, title: "The Reading Fox" })
      const filed = yield* fileLineArtRequest({ memberId: champ.id, brief: BRIEF, reference: null })
      expect(filed.status).toBe("open")
      expect((yield* lineArtRequestQueue("waiting")).map((q) => q.request.id)).toEqual([filed.id])
      yield* actOnLineArtRequest(filed.id, { kind: "accept" }, admin.id)
      const done = yield* actOnLineArtRequest(
        filed.id,
        { kind: "fulfil", contestId: contest.id },
        admin.id,
      )
      expect(done).toMatchObject({ status: "fulfilled", contestId: contest.id })
      expect((yield* myLineArtRequests(champ.id))[0]?.status).toBe("fulfilled")
      expect(yield* lineArtRequestQueue("waiting")).toEqual([])
      const mails = yield* requestMails
      expect(mails.map((m) => [m.to, m.status])).toEqual([
        [champ.email, "open"],
        [champ.email, "accepted"],
        [champ.email, "fulfilled"],
      ])
      expect(mails[2]?.contestTitle).toBe("The Reading Fox")
      const audit = (yield* Memory).tables.audit.filter((r) => r.targetType === "line-art-request")
      expect(audit.map((r) => [r.action, r.actorId])).toEqual([
        ["line-art-request.accept", admin.id],
        ["line-art-request.fulfil", admin.id],
      ])
    }))

  test("only Champ files; one request waits at a time; a declined one frees the member", () =>
    Effect.gen(function* () {
      const pro = yield* seedMember({ tier: "pro" })
      const refused = yield* Effect.flip(
        fileLineArtRequest({ memberId: pro.id, brief: BRIEF, reference: null }),
      )
      expect(refused).toMatchObject({ _tag: "PerkRequired", planName: "Color Champ" })
      const champ = yield* seedMember({ tier: "champ" })
      const first = yield* fileLineArtRequest({ memberId: champ.id, brief: BRIEF, reference: null })
      const second = yield* Effect.flip(
        fileLineArtRequest({ memberId: champ.id, brief: BRIEF, reference: null }),
      )
      expect(second.message).toContain("still open")
      // Filed on Sunday 22 November at noon UTC: the member's day, in their settings' zone.
      expect(second.message).toContain("request of 2026-11-22")
      yield* saveMemberSettings(champ.id, { ...DEFAULT_SETTINGS, timeZone: "Pacific/Kiritimati" })
      const inKiritimati = yield* Effect.flip(
        fileLineArtRequest({ memberId: champ.id, brief: BRIEF, reference: null }),
      )
      expect(inKiritimati.message).toContain("request of 2026-11-23")
      const declined = yield* actOnLineArtRequest(
        first.id,
        { kind: "decline", reason: "We drew a fox last week" },
        null,
      )
      expect(declined.declineReason).toBe("We drew a fox last week")
      const again = yield* fileLineArtRequest({ memberId: champ.id, brief: BRIEF, reference: null })
      expect(again.status).toBe("open")
      const afterDecline = yield* Effect.flip(
        actOnLineArtRequest(first.id, { kind: "accept" }, null),
      )
      expect(afterDecline.message).toContain("This request is declined")
      // Mails: filed, declined, filed; the refused attempts mailed nobody.
      expect((yield* requestMails).map((m) => m.status)).toEqual(["open", "declined", "open"])
    }))

  test("a short brief and a fulfilment with no such contest are refused, changing nothing", () =>
    Effect.gen(function* () {
      const champ = yield* seedMember({ tier: "champ" })
      const short = yield* Effect.flip(
        fileLineArtRequest({ memberId: champ.id, brief: "a fox", reference: null }),
      )
      expect(short.message).toContain("at least 10 characters")
      const filed = yield* fileLineArtRequest({ memberId: champ.id, brief: BRIEF, reference: null })
      const missing = yield* Effect.flip(
        actOnLineArtRequest(filed.id, { kind: "fulfil", contestId: "no-such-contest" }, null),
      )
      expect(missing._tag).toBe("NotFound")
      expect((yield* myLineArtRequests(champ.id))[0]?.status).toBe("open")
      expect((yield* requestMails).length).toBe(1)
    }))
})

describe("premium line art", () => {
  test("Pro and Champ get this week's page; Lite, free and visitors see it locked", () =>
    Effect.gen(function* () {
      const admin = yield* seedMember({ isAdmin: true })
      // The memory clock is Sunday 2026-11-22: ISO week 47.
      yield* setPremiumPage(
        { week: "2026-W47", title: "Winter Owl", lineArt: "line-art/k.png" },
        admin.id,
      )
      for (const tier of ["pro", "champ"] as const) {
        const member = yield* seedMember({ tier })
        const view = yield* premiumPageDownload(member.id)
        expect(view).toMatchObject({
          week: "2026-W47",
          access: "granted",
          page: { title: "Winter Owl" },
        })
      }
      for (const tier of ["lite", "free"] as const) {
        const member = yield* seedMember({ tier })
        expect(yield* premiumPageFor(member.id)).toEqual({
          week: "2026-W47",
          access: "locked",
          title: "Winter Owl",
        })
        const refused = yield* Effect.flip(premiumPageDownload(member.id))
        expect(refused).toMatchObject({ _tag: "PerkRequired", planName: "Color Pro" })
      }
      expect((yield* premiumPageFor(null)).access).toBe("locked")
      // Monday: a new week, whose page is not uploaded yet.
      yield* TestClock.adjust(12 * HOUR)
      const pro = yield* seedMember({ tier: "pro" })
      expect(yield* premiumPageFor(pro.id)).toEqual({
        week: "2026-W48",
        access: "granted",
        page: null,
      })
    }))

  test("a week is replaced by a second upload, and a bad week or title is refused", () =>
    Effect.gen(function* () {
      yield* setPremiumPage({ week: "2026-W47", title: "Owl", lineArt: "line-art/a.png" }, null)
      const second = yield* setPremiumPage(
        { week: "2026-W47", title: "Fox", lineArt: "line-art/b.png" },
        null,
      )
      expect(second.previous).toBe("line-art/a.png")
      const bad = yield* Effect.flip(
        setPremiumPage({ week: "2026-47", title: " ", lineArt: "x" }, null),
      )
      expect(bad.message).toContain("week: The week must be an ISO week")
      expect(bad.message).toContain("title: A premium page needs a title")
    }))
})

describe("early access", () => {
  test("a Champ has tomorrow's line art from 18:00 the day before; others only once it starts", () =>
    Effect.gen(function* () {
      const champ = yield* seedMember({ tier: "champ" })
      const lite = yield* seedMember({ tier: "lite" })
      const contest = yield* seedContest({ startsIn: EARLY_ACCESS_LEAD_MS + HOUR })
      expect((yield* Effect.flip(lineArtFor(contest.id, champ.id)))._tag).toBe("NotFound")
      expect((yield* earlyAccessFor(champ.id)).access).toBe("none")
      yield* TestClock.adjust(HOUR)
      expect((yield* lineArtFor(contest.id, champ.id)).id).toBe(contest.id)
      expect(yield* earlyAccessFor(champ.id)).toMatchObject({
        access: "granted",
        contest: { id: contest.id },
      })
      expect((yield* Effect.flip(lineArtFor(contest.id, lite.id)))._tag).toBe("PerkRequired")
      expect((yield* Effect.flip(lineArtFor(contest.id, null)))._tag).toBe("PerkRequired")
      expect((yield* earlyAccessFor(lite.id)).access).toBe("locked")
      yield* TestClock.adjust(EARLY_ACCESS_LEAD_MS)
      expect((yield* lineArtFor(contest.id, lite.id)).id).toBe(contest.id)
      expect((yield* lineArtFor(contest.id, null)).id).toBe(contest.id)
      expect((yield* earlyAccessFor(champ.id)).access).toBe("none")
    }))
})
