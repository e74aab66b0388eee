import type { ContestPrize } from "./contest-prize.ts"
import type { ContestId, EntryId, Instant, MemberId } from "../shared/ids.ts"

/** What closing a contest decided; published so the outcome is auditable. */
export interface ContestResult {
  readonly closedAt: Instant
  /** Highest weighted score, ties to the earlier entry; null when nobody entered. */
  readonly winnerEntryId: EntryId | null
  readonly winnerMemberId: MemberId | null
  readonly winnerRawVotes: number
  readonly winnerWeightedScore: number
  /** The entry with the most raw votes (People's Choice), same tie rule. */
  readonly peoplesChoiceEntryId: EntryId | null
  readonly peoplesChoiceMemberId: MemberId | null
  readonly totalEntries: number
  readonly totalVotes: number
  /** The top 3 entries by the ranking rule (score, then the earlier entry), in order. */
  readonly podiumEntryIds: ReadonlyArray<EntryId>
}

export interface Contest {
  readonly id: ContestId
  readonly title: string
  readonly description: string
  /** Storage key of the line art image, once uploaded. */
  readonly lineArt: string | null
  /** daily, weekly, traditional, … */
  readonly contestType: string
  readonly artStyle: string
  readonly startsAt: Instant
  readonly endsAt: Instant
  /**
   * Status as stored, possibly written by another system in any case. Only `cancelled` and
   * `announced` carry meaning; the clock decides the rest (see contest-status.ts).
   */
  readonly storedStatus: string | null
  readonly createdAt: Instant
  readonly result: ContestResult | null
  /** When the winner was announced; null until then. */
  readonly announcedAt: Instant | null
  /** What the winner gets, set by the admin (migration ContestPrizes); null when none is set. */
  readonly prize: ContestPrize | null
  /**
   * Only members on a paid plan may enter (the plan table's "subscriber-contests" perk); everyone
   * sees the contest and its entries, and votes as usual.
   */
  readonly subscribersOnly: boolean
}
