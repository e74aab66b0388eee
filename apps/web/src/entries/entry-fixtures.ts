import type { Entry } from "../api/types.ts"
import { entryAnswer } from "../test/answers.ts"

/** Entries as the API presents them, for the component tests (the msw answers). */
export const anEntry = (overrides: Partial<Entry> = {}): Entry =>
  entryAnswer({
    id: "e0000000-0000-4000-8000-000000000001",
    userId: "22222222-2222-4222-8222-222222222222",
    username: "grace",
    challenge_id: "c0000000-0000-4000-8000-000000000001",
    imageUrl: "/images/entry/e1.webp",
    thumbnailUrl: "/images/entry/e1-thumb.webp",
    ageGroup: "adult",
    contestType: "daily",
    status: "submitted",
    voteCount: 4,
    weightedScore: 4,
    createdAt: "2026-11-22T15:00:00.000Z",
    hasVoted: false,
    placement: null,
    peoplesChoice: false,
    artistUsername: overrides.username ?? "grace",
    ...overrides,
  })

/** `count` entries with distinct ids and artists (artist1, artist2, …). */
export const entries = (count: number, from = 1): Entry[] =>
  Array.from({ length: count }, (_, index) => {
    const n = from + index
    return anEntry({
      id: `e0000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      username: `artist${n}`,
      voteCount: n,
    })
  })
