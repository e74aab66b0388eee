import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS, type PrivacySettings } from "../accounts/member-settings.ts"
import type { Entry } from "../submissions/entry.entity.ts"
import { artistPageParts, artistStats } from "./artist-page.ts"

const privacy = (changes: Partial<PrivacySettings> = {}): PrivacySettings => ({
  ...DEFAULT_SETTINGS.privacy,
  publicProfile: true,
  showSubmissionHistory: true,
  showAchievementBadges: true,
  showJoinDate: true,
  ...changes,
})

const visitor = { isOwner: false, previewPublic: false }
const owner = { isOwner: true, previewPublic: false }
const preview = { isOwner: true, previewPublic: true }

describe("artistPageParts", () => {
  it("shows others every part the artist switched on", () => {
    expect(artistPageParts(privacy(), visitor)).toEqual({
      privatePage: false,
      ownerView: false,
      joinDate: true,
      badges: true,
      history: true,
    })
  })

  it("hides each part from others by its own switch", () => {
    expect(artistPageParts(privacy({ showJoinDate: false }), visitor).joinDate).toBe(false)
    expect(artistPageParts(privacy({ showAchievementBadges: false }), visitor).badges).toBe(false)
    expect(artistPageParts(privacy({ showSubmissionHistory: false }), visitor).history).toBe(false)
    const others = artistPageParts(privacy({ showJoinDate: false }), visitor)
    expect([others.badges, others.history]).toEqual([true, true])
  })

  it("turns the whole page private to others when the public profile is off", () => {
    expect(artistPageParts(privacy({ publicProfile: false }), visitor)).toEqual({
      privatePage: true,
      ownerView: false,
      joinDate: false,
      badges: false,
      history: false,
    })
  })

  it("shows the owner everything, whatever the switches", () => {
    const closed = privacy({
      publicProfile: false,
      showSubmissionHistory: false,
      showAchievementBadges: false,
      showJoinDate: false,
    })
    expect(artistPageParts(closed, owner)).toEqual({
      privatePage: false,
      ownerView: true,
      joinDate: true,
      badges: true,
      history: true,
    })
  })

  it("gives the owner's public preview exactly what a visitor gets", () => {
    for (const settings of [
      privacy(),
      privacy({ publicProfile: false }),
      privacy({ showJoinDate: false, showSubmissionHistory: false }),
      privacy({ showAchievementBadges: false }),
    ]) {
      expect(artistPageParts(settings, preview)).toEqual(artistPageParts(settings, visitor))
    }
  })

  it("ignores a preview asked for by someone who is not the owner", () => {
    const settings = privacy({ showJoinDate: false })
    expect(artistPageParts(settings, { isOwner: false, previewPublic: true })).toEqual(
      artistPageParts(settings, visitor),
    )
  })
})

describe("artistStats", () => {
  const entry = (changes: Partial<Entry>): Entry => ({
    id: crypto.randomUUID(),
    contestId: "c",
    memberId: "m",
    artistName: "ada",
    image: "entry/x.webp",
    ageGroup: "adult",
    contestType: "traditional",
    moderation: "visible",
    moderationReason: null,
    voteCount: 0,
    weightedScore: 0,
    createdAt: 0,
    ...changes,
  })

  it("counts visible entries, their raw votes and their weighted score, with the wins", () => {
    const stats = artistStats(
      [
        entry({ voteCount: 3, weightedScore: 4.5 }),
        entry({ voteCount: 2, weightedScore: 6 }),
        entry({ moderation: "hidden", voteCount: 10, weightedScore: 30 }),
      ],
      2,
    )
    expect(stats).toEqual({ wins: 2, entries: 2, votesReceived: 5, score: 10.5 })
  })
})
