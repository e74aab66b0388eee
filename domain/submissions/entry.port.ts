import { Context, type Effect } from "effect"
import type { LeaderboardFilter } from "../ranking/leaderboard.ts"
import type { NotFound } from "../shared/errors.ts"
import type { ContestId, EntryId, MemberId } from "../shared/ids.ts"
import type { VoteTally } from "../voting/vote.entity.ts"
import type { Entry } from "./entry.entity.ts"
import type { GalleryFilter, GallerySort } from "./gallery.ts"

export interface GalleryQuery {
  readonly filter: GalleryFilter
  readonly sort: GallerySort
  readonly seed: string
  /** The last entry of the previous page (its order fields), or undefined for the first page. */
  readonly after: Pick<Entry, "id" | "voteCount" | "createdAt"> | undefined
  readonly limit: number
}

export interface MemberEntryStats {
  readonly entries: number
  readonly contestsEntered: number
  readonly votesReceived: number
}

export class EntryRepository extends Context.Service<
  EntryRepository,
  {
    readonly get: (id: EntryId) => Effect.Effect<Entry, NotFound>
    readonly insert: (entry: Entry) => Effect.Effect<void>
    /** Writes an entry's moderation state (the only part of an entry that changes by hand). */
    readonly saveModeration: (entry: Entry) => Effect.Effect<void>
    /** Whether some entry already shows this stored image. */
    readonly hasImage: (image: string) => Effect.Effect<boolean>
    /** One page in the order galleryOrder defines, and whether more follow. */
    readonly gallery: (query: GalleryQuery) => Effect.Effect<{
      readonly items: ReadonlyArray<Entry>
      readonly hasMore: boolean
    }>
    /** The top `limit` entries matching the filter, in compareForRanking order. */
    readonly leaderboard: (
      filter: LeaderboardFilter,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<Entry>>
    /** Every entry of one contest, visible or not (a contest holds hundreds, not millions). */
    readonly ofContest: (contestId: ContestId) => Effect.Effect<ReadonlyArray<Entry>>
    /** Sets counters to what the vote rows say; entries without a tally get zero. */
    readonly setTallies: (
      contestId: ContestId,
      tallies: ReadonlyArray<VoteTally>,
    ) => Effect.Effect<void>
    readonly statsOf: (memberId: MemberId) => Effect.Effect<MemberEntryStats>
    /** Every entry of one member, visible or not, newest first (a member has hundreds at most). */
    readonly ofMember: (memberId: MemberId) => Effect.Effect<ReadonlyArray<Entry>>
    /**
     * Takes every visible entry of the member out of the gallery and the leaderboards: hidden,
     * with `reason`. Entries hidden or disqualified already keep their state; votes stay.
     */
    readonly hideAllOf: (memberId: MemberId, reason: string) => Effect.Effect<void>
    /** Shows again the member's entries that hideAllOf hid with exactly this reason. */
    readonly showAllOf: (memberId: MemberId, reason: string) => Effect.Effect<void>
    /** Writes the member's new name on every entry of theirs (a username change follows them). */
    readonly renameArtist: (memberId: MemberId, artistName: string) => Effect.Effect<void>
  }
>()("colorday/EntryRepository") {}
