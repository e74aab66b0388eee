import type { Contest, Entry, EntryPage } from "../../api/types.ts"
import { anEntry } from "../../entries/entry-fixtures.ts"
import { contestAnswer } from "../../test/answers.ts"

/** The answers of GET /api/entries/:id, for the component tests. */

export const aContest = (overrides: Partial<Contest> = {}): Contest =>
  contestAnswer({
    id: "c0000000-0000-4000-8000-000000000001",
    title: "Succulent Pots",
    description: "Pots of succulents on a sunny sill.",
    lineArt: "/images/line-art/succulents.png",
    contestType: "daily",
    artStyle: "botanical",
    startsAt: "2026-11-22T00:00:00.000Z",
    endsAt: "2026-11-23T00:00:00.000Z",
    status: "announced",
    countdown: { label: "Ended", text: "Ended" },
    createdAt: "2026-11-20T00:00:00.000Z",
    result: null,
    ...overrides,
  })

export const anEntryPage = (
  entry: Partial<Entry> = {},
  overrides: Partial<EntryPage> = {},
): EntryPage => {
  const presented = anEntry(entry)
  return {
    entry: presented,
    contest: aContest(),
    image: {
      url: `/images/entry/${presented.id}.webp`,
      width: 1600,
      height: 1200,
      srcset: [
        { url: `/images/entry/${presented.id}-480.webp`, width: 480 },
        { url: `/images/entry/${presented.id}-960.webp`, width: 960 },
        { url: `/images/entry/${presented.id}.webp`, width: 1600 },
      ],
    },
    previousEntryId: null,
    nextEntryId: null,
    ...overrides,
  }
}
