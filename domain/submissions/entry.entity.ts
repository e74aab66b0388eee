import type { ContestId, EntryId, Instant, MemberId } from "../shared/ids.ts"

/** Age groups an entry can be shown under; the submission form offers adult only. */
export const AGE_GROUPS = ["child", "teen", "adult", "senior"] as const
export type AgeGroup = (typeof AGE_GROUPS)[number]
export const DEFAULT_AGE_GROUP: AgeGroup = "adult"
export const DEFAULT_ENTRY_CONTEST_TYPE = "traditional"

/** visible: in the gallery; hidden or disqualified by an admin, with a reason the member sees. */
export type Moderation = "visible" | "hidden" | "disqualified"

/** An entry (the spec's "submission"): one photo of a colored page, entered into one contest. */
export interface Entry {
  readonly id: EntryId
  readonly contestId: ContestId
  readonly memberId: MemberId
  /** The artist's name as shown on cards, copied at entry time. */
  readonly artistName: string
  /** Storage key of the image. */
  readonly image: string
  readonly ageGroup: AgeGroup
  /** The medium, traditional or digital. */
  readonly contestType: string
  readonly moderation: Moderation
  readonly moderationReason: string | null
  /** Raw votes received; kept equal to the count of vote rows. */
  readonly voteCount: number
  /** Sum of the weights of the votes received; kept equal to the vote rows' sum. */
  readonly weightedScore: number
  readonly createdAt: Instant
}

export const isVisible = (entry: Pick<Entry, "moderation">): boolean =>
  entry.moderation === "visible"

/** A new entry: visible, no votes yet, an adult's traditional medium unless told otherwise. */
export const newEntry = (
  fields: Pick<Entry, "id" | "contestId" | "memberId" | "artistName" | "image" | "createdAt"> &
    Partial<Pick<Entry, "ageGroup" | "contestType">>,
): Entry => ({
  ageGroup: DEFAULT_AGE_GROUP,
  contestType: DEFAULT_ENTRY_CONTEST_TYPE,
  moderation: "visible",
  moderationReason: null,
  voteCount: 0,
  weightedScore: 0,
  ...fields,
})
