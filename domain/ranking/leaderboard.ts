import type { Instant, MemberId } from "../shared/ids.ts"
import type { AgeGroup, Entry } from "../submissions/entry.entity.ts"

export const PODIUM_SIZE = 3

/** Which entries a leaderboard ranks: those dated in the period, of the filtered kinds. */
export interface LeaderboardFilter {
  /** Inclusive start of the period (see periodStart); -Infinity for all time. */
  readonly since: Instant
  readonly contestType?: string | undefined
  readonly ageGroup?: AgeGroup | "all" | undefined
}

export interface LeaderboardRow {
  readonly rank: number
  readonly memberId: MemberId
  readonly artistName: string
  /** Weighted votes received. */
  readonly score: number
  readonly rawVotes: number
  readonly entryId: string
  readonly image: string
  readonly contestType: string
  readonly ageGroup: AgeGroup
  readonly date: Instant
}

type Rankable = Pick<Entry, "id" | "weightedScore" | "createdAt">

/** Score descending; ties go to the earlier entry, then the smaller id, so ranks are stable. */
export const compareForRanking = (a: Rankable, b: Rankable): number =>
  b.weightedScore - a.weightedScore ||
  a.createdAt - b.createdAt ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

export const matchesLeaderboard = (entry: Entry, filter: LeaderboardFilter): boolean =>
  entry.moderation === "visible" &&
  entry.createdAt >= filter.since &&
  (filter.contestType === undefined ||
    filter.contestType === "all" ||
    entry.contestType === filter.contestType) &&
  (filter.ageGroup === undefined || filter.ageGroup === "all" || entry.ageGroup === filter.ageGroup)

/** Ranks 1..n over entries already in leaderboard order (as the repository returns them). */
export const toLeaderboardRows = (ranked: ReadonlyArray<Entry>): ReadonlyArray<LeaderboardRow> =>
  ranked.map((entry, index) => ({
    rank: index + 1,
    memberId: entry.memberId,
    artistName: entry.artistName,
    score: entry.weightedScore,
    rawVotes: entry.voteCount,
    entryId: entry.id,
    image: entry.image,
    contestType: entry.contestType,
    ageGroup: entry.ageGroup,
    date: entry.createdAt,
  }))

/** Filters, orders and ranks: the whole leaderboard rule over a list of entries. */
export const rankEntries = (
  entries: ReadonlyArray<Entry>,
  filter: LeaderboardFilter,
  limit: number = Number.POSITIVE_INFINITY,
): ReadonlyArray<LeaderboardRow> =>
  toLeaderboardRows(
    entries
      .filter((entry) => matchesLeaderboard(entry, filter))
      .sort(compareForRanking)
      .slice(0, limit),
  )

/** The podium: the top three rows. */
export const podium = (rows: ReadonlyArray<LeaderboardRow>): ReadonlyArray<LeaderboardRow> =>
  rows.slice(0, PODIUM_SIZE)
