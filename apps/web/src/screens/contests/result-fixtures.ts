import type {
  ArchiveItem,
  Contest,
  ContestArchive,
  ContestResults,
  ResultRow,
} from "../../api/types.ts"
import { contestAnswer } from "../../test/answers.ts"

/** Results as the API presents them (issue 14's contract), for the component tests. */

export const aPastContest = (overrides: Partial<Contest> = {}): Contest =>
  contestAnswer({
    id: "c0000000-0000-4000-8000-000000000042",
    title: "Succulent Pots",
    description: "Three succulents in terracotta pots.",
    lineArt: "/images/line-art/succulents.png",
    contestType: "daily",
    artStyle: "traditional",
    startsAt: "2026-11-21T00:00:00.000Z",
    endsAt: "2026-11-22T00:00:00.000Z",
    status: "announced",
    countdown: { label: "Ended", text: "00:00:00" },
    createdAt: "2026-11-01T00:00:00.000Z",
    result: null,
    ...overrides,
  })

/** The row ranked `rank`: artist{rank}, fewer votes and score further down. */
export const aResultRow = (rank: number, overrides: Partial<ResultRow> = {}): ResultRow => ({
  rank,
  entryId: `e0000000-0000-4000-8000-${String(rank).padStart(12, "0")}`,
  artistName: `artist${rank}`,
  username: `artist${rank}`,
  thumbnailUrl: `/images/entry/e${rank}-thumb.webp`,
  imageUrl: `/images/entry/e${rank}.webp`,
  rawVotes: 100 - rank,
  score: (100 - rank) * 1.5,
  createdAt: "2026-11-21T10:00:00.000Z",
  ...overrides,
})

export const rows = (count: number, from = 1): ResultRow[] =>
  Array.from({ length: count }, (_, index) => aResultRow(from + index))

export const someResults = (overrides: Partial<ContestResults> = {}): ContestResults => {
  const ranking = overrides.ranking ?? rows(5)
  return {
    contest: aPastContest(),
    status: "announced",
    announcedAt: "2026-11-23T09:00:00.000Z",
    winner: ranking[0] ?? null,
    peoplesChoice: ranking[1] ?? null,
    podium: ranking.slice(0, 3),
    ranking,
    nextCursor: null,
    counts: { entries: ranking.length, voters: 40, votes: 480 },
    ...overrides,
  }
}

export const anArchiveItem = (overrides: Partial<ArchiveItem> = {}): ArchiveItem => ({
  contest: aPastContest(),
  status: "announced",
  announcedAt: "2026-11-23T09:00:00.000Z",
  winner: aResultRow(1),
  counts: { entries: 12, voters: 40, votes: 480 },
  ...overrides,
})

/** `count` archive items, contest n titled "Contest n" with winner winner{n}. */
export const archiveItems = (count: number, from = 1): ArchiveItem[] =>
  Array.from({ length: count }, (_, index) => {
    const n = from + index
    return anArchiveItem({
      contest: aPastContest({
        id: `c0000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
        title: `Contest ${n}`,
      }),
      winner: aResultRow(1, { artistName: `winner${n}`, username: `winner${n}` }),
    })
  })

export const anArchive = (
  items: ArchiveItem[],
  nextCursor: string | null = null,
): ContestArchive => ({
  items,
  nextCursor,
})
