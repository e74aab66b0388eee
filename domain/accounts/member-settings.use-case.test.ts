import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { updateProfile } from "./profile.use-case.ts"
import {
  DEFAULT_SETTINGS,
  EVERYTHING_VISIBLE,
  type MemberSettings,
  SETTINGS_TIME_ZONES,
  settingsFrom,
  timeZoneChoices,
  visibilityFor,
} from "./member-settings.ts"
import { MemberSettingsSchema } from "./member-settings.schema.ts"
import {
  memberSettings,
  profileVisibility,
  saveMemberSettings,
} from "./member-settings.use-case.ts"

const CHANGED: MemberSettings = {
  language: "fr",
  timeZone: "Europe/Berlin",
  loginNotifications: false,
  email: {
    contestAnnouncements: false,
    votingResults: true,
    commentsAndFeedback: true,
    weeklySummary: false,
  },
  push: { contestReminders: false, newVotes: true, achievementUnlocked: false },
  privacy: {
    publicProfile: true,
    showSubmissionHistory: false,
    showAchievementBadges: false,
    showJoinDate: true,
    analyticsTracking: false,
    personalizedRecommendations: false,
  },
}

describe("member settings", () => {
  test("are the spec's defaults until the member saves some", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      expect(yield* memberSettings(member.id)).toEqual(DEFAULT_SETTINGS)
    }))

  test("are saved whole and read back", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      expect(yield* saveMemberSettings(member.id, CHANGED)).toEqual(CHANGED)
      expect(yield* memberSettings(member.id)).toEqual(CHANGED)
      // Another member keeps the defaults.
      expect(yield* memberSettings((yield* seedMember()).id)).toEqual(DEFAULT_SETTINGS)
    }))

  test("survive a profile change", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* saveMemberSettings(member.id, CHANGED)
      yield* updateProfile(member.id, { bio: "I color at night" })
      expect(yield* memberSettings(member.id)).toEqual(CHANGED)
    }))

  test("take any IANA time zone, not only the spec's four", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const tokyo = { ...CHANGED, timeZone: "Asia/Tokyo" }
      expect(yield* saveMemberSettings(member.id, tokyo)).toEqual(tokyo)
      expect((yield* memberSettings(member.id)).timeZone).toBe("Asia/Tokyo")
      const longest = { ...CHANGED, timeZone: "America/Argentina/ComodRivadavia" }
      yield* saveMemberSettings(member.id, longest)
      expect((yield* memberSettings(member.id)).timeZone).toBe("America/Argentina/ComodRivadavia")
    }))

  test("keep a zone in the case IANA writes it", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const saved = yield* saveMemberSettings(member.id, {
        ...CHANGED,
        timeZone: "america/new_york",
      })
      expect(saved.timeZone).toBe("America/New_York")
      expect((yield* memberSettings(member.id)).timeZone).toBe("America/New_York")
    }))

  for (const bogus of ["Mars/Olympus", "", "Europe/Berlin ", "+25:00", "+01:00", "Etc/GMT+14"]) {
    test(`refuse the time zone ${JSON.stringify(bogus)}, naming the field, and keep what was saved`, () =>
      Effect.gen(function* () {
        const member = yield* seedMember()
        yield* saveMemberSettings(member.id, CHANGED)
        const error = yield* Effect.flip(
          saveMemberSettings(member.id, { ...CHANGED, timeZone: bogus }),
        )
        expect(error).toMatchObject({
          _tag: "ValidationFailed",
          issues: [{ field: "timeZone", title: "Unknown time zone" }],
        })
        expect(yield* memberSettings(member.id)).toEqual(CHANGED)
      }))
  }

  test("of no such member are NotFound, and nothing is saved for one", () =>
    Effect.gen(function* () {
      expect(yield* Effect.flip(memberSettings("nobody"))).toMatchObject({ _tag: "NotFound" })
      expect(yield* Effect.flip(saveMemberSettings("nobody", CHANGED))).toMatchObject({
        _tag: "NotFound",
        entity: "member",
      })
    }))
})

describe("settingsFrom (stored settings, possibly older or damaged)", () => {
  it("keeps every valid field and takes the default for every other one", () => {
    expect(
      settingsFrom({
        language: "de",
        timeZone: "Mars/Olympus",
        email: { weeklySummary: false, votingResults: "yes" },
        privacy: { publicProfile: false },
        extra: true,
      }),
    ).toEqual({
      ...DEFAULT_SETTINGS,
      language: "de",
      email: { ...DEFAULT_SETTINGS.email, weeklySummary: false },
      privacy: { ...DEFAULT_SETTINGS.privacy, publicProfile: false },
    })
  })

  it.each([null, "text", 42, [], { email: [] }])("reads %j as the defaults", (stored) => {
    expect(settingsFrom(stored)).toEqual(DEFAULT_SETTINGS)
  })

  it("keeps a saved IANA zone beyond the spec's four", () => {
    expect(settingsFrom({ timeZone: "Asia/Kolkata" }).timeZone).toBe("Asia/Kolkata")
  })

  it("reads back what it was given when it is whole", () => {
    expect(settingsFrom(JSON.parse(JSON.stringify(CHANGED)))).toEqual(CHANGED)
  })
})

describe("MemberSettingsSchema (the Settings tab's body)", () => {
  const decode = Schema.decodeUnknownExit(MemberSettingsSchema)

  it("accepts the whole settings object", () => {
    expect(decode(CHANGED)._tag).toBe("Success")
    expect(decode(DEFAULT_SETTINGS)._tag).toBe("Success")
  })

  it.each([
    ["an unknown language", { ...CHANGED, language: "xx" }],
    ["a time zone that is not text", { ...CHANGED, timeZone: 1 }],
    ["a time zone longer than any IANA name", { ...CHANGED, timeZone: "A/".repeat(40) }],
    ["a missing switch", { ...CHANGED, privacy: { ...CHANGED.privacy, showJoinDate: undefined } }],
    ["a switch that is not a boolean", { ...CHANGED, push: { ...CHANGED.push, newVotes: "on" } }],
  ])("refuses %s", (_name, body) => {
    expect(decode(body)._tag).toBe("Failure")
  })
})

describe("timeZoneChoices (the Settings tab's time zone list)", () => {
  it("offers the spec's four first, then every other zone once, sorted", () => {
    const choices = timeZoneChoices("UTC", ["Europe/Berlin", "Asia/Tokyo", "Africa/Abidjan"])
    expect(choices.map((choice) => choice.zone)).toEqual([
      ...SETTINGS_TIME_ZONES.map((timeZone) => timeZone.zone),
      "Africa/Abidjan",
      "Asia/Tokyo",
    ])
  })

  it("keeps the member's saved zone offered when the runtime's list lacks it", () => {
    const zones = timeZoneChoices("America/Argentina/ComodRivadavia", ["Asia/Tokyo"]).map(
      (choice) => choice.zone,
    )
    expect(zones).toContain("America/Argentina/ComodRivadavia")
  })

  it("offers every zone Intl lists by default", () => {
    const zones = new Set(timeZoneChoices("UTC").map((choice) => choice.zone))
    for (const zone of Intl.supportedValuesOf("timeZone")) expect(zones.has(zone)).toBe(true)
  })
})

describe("what others see of a member", () => {
  it("follows the privacy switches; a private profile hides its lists too", () => {
    expect(visibilityFor(DEFAULT_SETTINGS.privacy)).toEqual({
      profile: true,
      submissionHistory: true,
      badges: true,
      joinDate: false,
    })
    expect(visibilityFor(CHANGED.privacy)).toEqual({
      profile: true,
      submissionHistory: false,
      badges: false,
      joinDate: true,
    })
    expect(
      visibilityFor({
        ...DEFAULT_SETTINGS.privacy,
        publicProfile: false,
        showJoinDate: true,
      }),
    ).toEqual({ profile: false, submissionHistory: false, badges: false, joinDate: false })
  })

  test("is everything for the member themself, whatever they hide", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const other = yield* seedMember()
      yield* saveMemberSettings(member.id, {
        ...CHANGED,
        privacy: { ...CHANGED.privacy, publicProfile: false },
      })
      expect(yield* profileVisibility(member.id, member.id)).toEqual(EVERYTHING_VISIBLE)
      expect((yield* profileVisibility(member.id, other.id)).profile).toBe(false)
      expect((yield* profileVisibility(member.id, null)).profile).toBe(false)
    }))
})
