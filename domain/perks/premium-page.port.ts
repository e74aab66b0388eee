import { Context, type Effect, type Option } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"

/** The premium line art page of one ISO week (premium-week.ts), uploaded by an admin. */
export interface PremiumPage {
  readonly week: string
  readonly title: string
  /** Storage key of the page (a line-art image, like a contest's). */
  readonly lineArt: string
  readonly uploadedBy: MemberId | null
  readonly uploadedAt: Instant
}

export class PremiumPageRepository extends Context.Service<
  PremiumPageRepository,
  {
    /** Sets the week's page, replacing any earlier one of that week. */
    readonly put: (page: PremiumPage) => Effect.Effect<void>
    readonly forWeek: (week: string) => Effect.Effect<Option.Option<PremiumPage>>
    /** The latest weeks' pages, newest week first. */
    readonly latest: (limit: number) => Effect.Effect<ReadonlyArray<PremiumPage>>
  }
>()("colorday/PremiumPageRepository") {}
