import { Context, type Effect, type Option } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"
import type { Drawing, FreeEntry, PaidTier } from "./drawing.entity.ts"

/** What a draw writes onto a committed drawing. */
export interface DrawOutcome {
  readonly entrants: ReadonlyArray<MemberId>
  readonly listHash: string
  readonly winnerId: MemberId | null
  readonly drawnAt: Instant
}

/** The monthly drawings and their free entries. */
export class DrawingRepository extends Context.Service<
  DrawingRepository,
  {
    /** Inserts a committed drawing unless its month and tier have one; true when it was inserted. */
    readonly create: (drawing: Drawing) => Effect.Effect<boolean>
    readonly find: (month: string, tier: PaidTier) => Effect.Effect<Option.Option<Drawing>>
    readonly findById: (id: string) => Effect.Effect<Option.Option<Drawing>>
    /** Every drawing, newest month first, cheapest tier first within a month. */
    readonly list: Effect.Effect<ReadonlyArray<Drawing>>
    /**
     * Writes the draw onto a drawing that is still `committed` (one conditional update); false
     * when it was drawn already, so two instances drawing at once record one draw.
     */
    readonly recordDraw: (id: string, outcome: DrawOutcome) => Effect.Effect<boolean>
    /** `drawn` → `paid` at `at`; false when the drawing was not `drawn`. */
    readonly markPaid: (id: string, at: Instant) => Effect.Effect<boolean>
    /** Records a free entry unless the member has one for the month; true when it was recorded. */
    readonly addFreeEntry: (entry: FreeEntry) => Effect.Effect<boolean>
    readonly findFreeEntry: (
      memberId: MemberId,
      month: string,
    ) => Effect.Effect<Option.Option<FreeEntry>>
    readonly freeEntrants: (month: string) => Effect.Effect<ReadonlyArray<MemberId>>
    /**
     * The members no draw counts in (eligibility.ts): suspended now, or whose account is deleted
     * (who held a tier earlier in the month would otherwise still be in).
     */
    readonly barredMembers: Effect.Effect<ReadonlyArray<MemberId>>
    /** One member's free entries, newest month first ("Download my data"). */
    readonly freeEntriesOf: (memberId: MemberId) => Effect.Effect<ReadonlyArray<FreeEntry>>
  }
>()("colorday/DrawingRepository") {}
