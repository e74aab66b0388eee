import type { LeaderboardRow } from "../../api/types.ts"

/** A leaderboard row at `rank`, as GET /api/leaderboard answers it, with `overrides`. */
export const aRow = (rank: number, overrides: Partial<LeaderboardRow> = {}): LeaderboardRow => ({
  rank,
  userId: `user-${rank}`,
  username: `artist${rank}`,
  avatarUrl: null,
  score: 10 - rank,
  rawVotes: 10 - rank,
  submissionId: `entry-${rank}`,
  submissionUrl: `/images/entry/${rank}.jpg`,
  thumbnailUrl: `/images/entry/${rank}.thumb.jpg`,
  contestType: "daily",
  ageGroup: "adult",
  date: "2026-11-22T15:00:00.000Z",
  ...overrides,
})
