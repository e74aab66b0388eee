import type { ContestId, Instant, MemberId } from "../shared/ids.ts"

export const BADGE_IDS = [
  "first-win",
  "hat-trick",
  "peoples-choice",
  "consistency-king",
  "master-artist",
  "community-favorite",
] as const
export type BadgeId = (typeof BADGE_IDS)[number]

export type BadgeIcon = "Medal" | "Trophy" | "Star" | "Award" | "Crown" | "Sparkles"

export interface BadgeDefinition {
  readonly id: BadgeId
  readonly name: string
  readonly description: string
  readonly type: "win" | "milestone" | "participation"
  readonly icon: BadgeIcon
  readonly iconColor: string
}

/** The six badges of the rewards page: the one catalogue every page and mail reads. */
export const BADGES: { readonly [B in BadgeId]: BadgeDefinition & { readonly id: B } } = {
  "first-win": {
    id: "first-win",
    name: "First Win",
    description: "Your first contest victory",
    type: "win",
    icon: "Trophy",
    iconColor: "text-yellow-500",
  },
  "hat-trick": {
    id: "hat-trick",
    name: "Hat Trick",
    description: "Win 3 contests in a row",
    type: "win",
    icon: "Crown",
    iconColor: "text-purple-500",
  },
  "peoples-choice": {
    id: "peoples-choice",
    name: "People's Choice",
    description: "Receive the most community votes in a contest",
    type: "win",
    icon: "Star",
    iconColor: "text-pink-500",
  },
  "consistency-king": {
    id: "consistency-king",
    name: "Consistency King",
    description: "Submit to 30 consecutive daily contests",
    type: "participation",
    icon: "Medal",
    iconColor: "text-blue-500",
  },
  "master-artist": {
    id: "master-artist",
    name: "Master Artist",
    description: "Win 10 total contests",
    type: "milestone",
    icon: "Award",
    iconColor: "text-amber-600",
  },
  "community-favorite": {
    id: "community-favorite",
    name: "Community Favorite",
    description: "Accumulate 1000 total votes",
    type: "milestone",
    icon: "Sparkles",
    iconColor: "text-green-500",
  },
}

export const HAT_TRICK_RUN = 3
export const CONSISTENCY_RUN = 30
export const MASTER_ARTIST_WINS = 10
export const COMMUNITY_FAVORITE_VOTES = 1000
/** The contest type whose consecutive run counts towards Consistency King. */
export const DAILY_CONTEST_TYPE = "daily"

/** A badge a member holds; one row per (member, badge), so granting twice gives one grant. */
export interface BadgeGrant {
  readonly memberId: MemberId
  readonly badgeId: BadgeId
  readonly earnedAt: Instant
}

/** One closed contest as the badge rules see it. */
export interface ClosedContest {
  readonly contestId: ContestId
  readonly contestType: string
  readonly closedAt: Instant
  readonly winnerMemberId: MemberId | null
  readonly peoplesChoiceMemberId: MemberId | null
  /** Members with at least one visible entry. */
  readonly entrants: ReadonlySet<MemberId>
}

export interface MemberHistory {
  readonly memberId: MemberId
  /** Every closed contest, in the order they ran (by end). */
  readonly contests: ReadonlyArray<ClosedContest>
  /** Raw votes received over all entries. */
  readonly votesReceived: number
}

/**
 * The badges a member's history earns, each with when it was earned: the close of the contest
 * that completed it, or `now` for the vote total (which has no single moment in the history).
 * "In a row" means consecutive closed contests: a contest lost, or a daily contest missed,
 * breaks the run.
 */
export const earnedBadges = (history: MemberHistory, now: Instant): ReadonlyArray<BadgeGrant> => {
  const earned = new Map<BadgeId, Instant>()
  const earn = (badgeId: BadgeId, at: Instant) => {
    if (!earned.has(badgeId)) earned.set(badgeId, at)
  }
  let wins = 0
  let winRun = 0
  let dailyRun = 0
  for (const contest of history.contests) {
    const won = contest.winnerMemberId === history.memberId
    winRun = won ? winRun + 1 : 0
    if (won) {
      wins += 1
      earn("first-win", contest.closedAt)
      if (winRun >= HAT_TRICK_RUN) earn("hat-trick", contest.closedAt)
      if (wins >= MASTER_ARTIST_WINS) earn("master-artist", contest.closedAt)
    }
    if (contest.peoplesChoiceMemberId === history.memberId) {
      earn("peoples-choice", contest.closedAt)
    }
    if (contest.contestType === DAILY_CONTEST_TYPE) {
      dailyRun = contest.entrants.has(history.memberId) ? dailyRun + 1 : 0
      if (dailyRun >= CONSISTENCY_RUN) earn("consistency-king", contest.closedAt)
    }
  }
  if (history.votesReceived >= COMMUNITY_FAVORITE_VOTES) earn("community-favorite", now)
  return [...earned].map(([badgeId, earnedAt]) => ({
    memberId: history.memberId,
    badgeId,
    earnedAt,
  }))
}
