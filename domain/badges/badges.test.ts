import { describe, expect, it } from "vitest"
import {
  BADGE_IDS,
  BADGES,
  type BadgeId,
  type ClosedContest,
  COMMUNITY_FAVORITE_VOTES,
  CONSISTENCY_RUN,
  earnedBadges,
  HAT_TRICK_RUN,
  MASTER_ARTIST_WINS,
} from "./badges.ts"

const ME = "me"
const RIVAL = "rival"
const DAY = 86_400_000
const T0 = Date.parse("2026-01-01T05:00:00Z")
const NOW = Date.parse("2026-12-31T12:00:00Z")

type Outcome = "win" | "lose" | "miss"

/** A run of closed contests of one type, one a day, from the member's point of view. */
const contests = (
  outcomes: ReadonlyArray<Outcome>,
  options: { readonly type?: string; readonly startIndex?: number } = {},
): Array<ClosedContest> =>
  outcomes.map((outcome, i) => {
    const n = (options.startIndex ?? 0) + i
    return {
      contestId: `${options.type ?? "daily"}-${n}`,
      contestType: options.type ?? "daily",
      closedAt: T0 + n * DAY,
      winnerMemberId: outcome === "win" ? ME : RIVAL,
      peoplesChoiceMemberId: null,
      entrants: new Set(outcome === "miss" ? [RIVAL] : [ME, RIVAL]),
    }
  })

const repeat = (outcome: Outcome, times: number): Array<Outcome> =>
  Array.from({ length: times }, () => outcome)

const earned = (history: ReadonlyArray<ClosedContest>, votesReceived = 0) =>
  earnedBadges({ memberId: ME, contests: history, votesReceived }, NOW)

const badge = (history: ReadonlyArray<ClosedContest>, id: BadgeId, votesReceived = 0) =>
  earned(history, votesReceived).find((grant) => grant.badgeId === id)

describe("the badge catalogue", () => {
  it("has the six badges of the rewards page", () => {
    expect(BADGE_IDS.map((id) => BADGES[id].name)).toEqual([
      "First Win",
      "Hat Trick",
      "People's Choice",
      "Consistency King",
      "Master Artist",
      "Community Favorite",
    ])
    for (const id of BADGE_IDS) expect(BADGES[id].id).toBe(id)
  })

  it("sets the thresholds: 3 in a row, 30 daily, 10 wins, 1000 votes", () => {
    expect(HAT_TRICK_RUN).toBe(3)
    expect(CONSISTENCY_RUN).toBe(30)
    expect(MASTER_ARTIST_WINS).toBe(10)
    expect(COMMUNITY_FAVORITE_VOTES).toBe(1000)
  })
})

describe("earnedBadges", () => {
  it("earns nothing from an empty history", () => {
    expect(earned([])).toEqual([])
  })

  it("earns nothing from entering and losing", () => {
    expect(earned(contests(["lose", "lose"]))).toEqual([])
  })

  describe("First Win", () => {
    it("is earned by one win, at that contest's close", () => {
      const history = contests(["lose", "win", "lose"])
      expect(badge(history, "first-win")).toEqual({
        memberId: ME,
        badgeId: "first-win",
        earnedAt: history[1]?.closedAt,
      })
    })

    it("keeps the date of the first win when there are several", () => {
      const history = contests(["win", "lose", "win"])
      expect(badge(history, "first-win")?.earnedAt).toBe(history[0]?.closedAt)
    })
  })

  describe("Hat Trick", () => {
    it("three wins in a row earn it, dated at the third contest's close", () => {
      const history = contests(["win", "win", "win"])
      expect(badge(history, "hat-trick")?.earnedAt).toBe(history[2]?.closedAt)
    })

    it("a lost contest breaks the run: win, win, lose, win earns no hat trick", () => {
      expect(badge(contests(["win", "win", "lose", "win"]), "hat-trick")).toBeUndefined()
    })

    it("two wins are not enough", () => {
      expect(badge(contests(["win", "win"]), "hat-trick")).toBeUndefined()
    })

    it("a run after a break still counts, dated at its third win", () => {
      const history = contests(["win", "win", "lose", "win", "win", "win"])
      expect(badge(history, "hat-trick")?.earnedAt).toBe(history[5]?.closedAt)
    })

    it("a contest the member did not enter breaks the run too", () => {
      expect(badge(contests(["win", "miss", "win", "win"]), "hat-trick")).toBeUndefined()
    })
  })

  describe("People's Choice", () => {
    it("is earned by the most raw votes in a contest, at that contest's close", () => {
      const history = contests(["lose", "lose"]).map((contest, i) =>
        i === 1 ? { ...contest, peoplesChoiceMemberId: ME } : contest,
      )
      expect(badge(history, "peoples-choice")?.earnedAt).toBe(history[1]?.closedAt)
    })

    it("is not earned when someone else had the most votes", () => {
      const history = contests(["win"]).map((contest) => ({
        ...contest,
        peoplesChoiceMemberId: RIVAL,
      }))
      expect(badge(history, "peoples-choice")).toBeUndefined()
    })

    it("can be earned without winning", () => {
      const history = contests(["lose"]).map((contest) => ({
        ...contest,
        peoplesChoiceMemberId: ME,
      }))
      expect(earned(history).map((grant) => grant.badgeId)).toEqual(["peoples-choice"])
    })
  })

  describe("Consistency King", () => {
    it("30 daily contests in a row earn it, dated at the 30th contest's close", () => {
      const history = contests(repeat("lose", 30))
      expect(badge(history, "consistency-king")?.earnedAt).toBe(history[29]?.closedAt)
    })

    it("29 daily contests are not enough", () => {
      expect(badge(contests(repeat("lose", 29)), "consistency-king")).toBeUndefined()
    })

    it("a missed daily contest breaks the run: 29 + miss + 29 earns nothing", () => {
      const history = contests([...repeat("lose", 29), "miss", ...repeat("lose", 29)])
      expect(badge(history, "consistency-king")).toBeUndefined()
    })

    it("counts entering, not winning", () => {
      const history = contests([...repeat("win", 10), ...repeat("lose", 20)])
      expect(badge(history, "consistency-king")).toBeDefined()
    })

    it("non-daily contests don't count for the run", () => {
      const history = [
        ...contests(repeat("lose", 29)),
        ...contests(["lose"], { type: "weekly", startIndex: 29 }),
      ]
      expect(badge(history, "consistency-king")).toBeUndefined()
    })

    it("non-daily contests missed in between don't break the run", () => {
      const history = [
        ...contests(repeat("lose", 15)),
        ...contests(["miss", "miss"], { type: "weekly", startIndex: 15 }),
        ...contests(repeat("lose", 15), { startIndex: 17 }),
      ]
      const grant = badge(history, "consistency-king")
      expect(grant?.earnedAt).toBe(history[history.length - 1]?.closedAt)
    })
  })

  describe("Master Artist", () => {
    it("10 wins earn it, dated at the 10th win's close", () => {
      const history = contests([...repeat("win", 5), "lose", ...repeat("win", 5)])
      expect(badge(history, "master-artist")?.earnedAt).toBe(history[10]?.closedAt)
    })

    it("9 wins are not enough", () => {
      expect(badge(contests([...repeat("win", 9), "lose"]), "master-artist")).toBeUndefined()
    })

    it("wins need not be consecutive", () => {
      const outcomes = Array.from({ length: 20 }, (_, i): Outcome => (i % 2 === 0 ? "win" : "lose"))
      expect(badge(contests(outcomes, { type: "weekly" }), "master-artist")).toBeDefined()
    })
  })

  describe("Community Favorite", () => {
    it("1000 raw votes received earn it, dated now", () => {
      expect(badge([], "community-favorite", 1000)).toEqual({
        memberId: ME,
        badgeId: "community-favorite",
        earnedAt: NOW,
      })
    })

    it("999 votes are not enough", () => {
      expect(badge([], "community-favorite", 999)).toBeUndefined()
    })
  })

  it("each badge appears at most once, however often its criterion is met", () => {
    const history = contests(repeat("win", 60)).map((contest) => ({
      ...contest,
      peoplesChoiceMemberId: ME,
    }))
    const ids = earned(history, 5000).map((grant) => grant.badgeId)
    expect([...ids].sort()).toEqual([...BADGE_IDS].sort())
    expect(new Set(ids).size).toBe(ids.length)
  })

  it("grants every badge to the member whose history it is", () => {
    const grants = earned(contests(repeat("win", 30)), 1000)
    expect(grants.every((grant) => grant.memberId === ME)).toBe(true)
  })

  it("gives the same grants when run again (idempotent backfill)", () => {
    const history = contests([...repeat("win", 12), "miss", ...repeat("lose", 30)])
    expect(earned(history, 1200)).toEqual(earned(history, 1200))
  })
})
