import { Context, type Effect } from "effect"
import type { NotFound } from "../shared/errors.ts"
import type { ContestId, Instant, MemberId } from "../shared/ids.ts"
import type { Page } from "../shared/paging.ts"
import type { Contest } from "./contest.entity.ts"
import type { ContestStatus } from "./contest-status.ts"

export class ContestRepository extends Context.Service<
  ContestRepository,
  {
    readonly get: (id: ContestId) => Effect.Effect<Contest, NotFound>
    /** The contests with these ids that exist, in one read (a page of entries' contests). */
    readonly byIds: (ids: ReadonlyArray<ContestId>) => Effect.Effect<ReadonlyArray<Contest>>
    readonly save: (contest: Contest) => Effect.Effect<void>
    /**
     * Enough contests for the home page to choose from: every one not cancelled that is in
     * progress at `now`, the earliest upcoming one and the most recently ended one.
     */
    readonly homeCandidates: (now: Instant) => Effect.Effect<ReadonlyArray<Contest>>
    /** Contests not cancelled of this type whose window overlaps [startsAt, endsAt). */
    readonly overlapping: (window: {
      readonly contestType: string
      readonly startsAt: Instant
      readonly endsAt: Instant
    }) => Effect.Effect<ReadonlyArray<Contest>>
    /** Ended, not cancelled, not yet closed: what the scheduler closes next. */
    readonly dueForClosing: (now: Instant, limit: number) => Effect.Effect<ReadonlyArray<Contest>>
    /** Every closed contest in the order they ended (one a day: a few hundred a year). */
    readonly closedInOrder: Effect.Effect<ReadonlyArray<Contest>>
    /** Contests by start, newest first, a page at a time. */
    readonly page: (cursor: string | null, limit: number) => Effect.Effect<Page<Contest>>
    /**
     * Contests by start, newest first, a page at a time, only those with this status at `now`
     * (the status the clock derives, as contestStatus does).
     */
    readonly list: (
      filter: { readonly status?: ContestStatus | undefined; readonly now: Instant },
      cursor: string | null,
      limit: number,
    ) => Effect.Effect<Page<Contest>>
    /**
     * Past contests (ended at `now`, announced or not, never cancelled), the latest ended first
     * (then by id), a page at a time: the archive.
     */
    readonly past: (
      now: Instant,
      cursor: string | null,
      limit: number,
    ) => Effect.Effect<Page<Contest>>
    /** Every contest, cancelled ones too, whose window overlaps [from, to), by start. */
    readonly between: (from: Instant, to: Instant) => Effect.Effect<ReadonlyArray<Contest>>
    /** How many closed contests this member won. */
    readonly winsOf: (memberId: MemberId) => Effect.Effect<number>
  }
>()("colorday/ContestRepository") {}
