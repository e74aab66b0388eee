import type { Instant, MemberId } from "../shared/ids.ts"
import type { Tier } from "./plans.ts"

/** A member's plan and the entry credits left in the current month. */
export interface Subscription {
  readonly memberId: MemberId
  readonly tier: Tier
  /** Credits left; ignored for an unlimited plan, where entering never spends one. */
  readonly remaining: number
  /** When the monthly allowance is next renewed: the 1st of a month, 00:00 UTC. */
  readonly renewsAt: Instant
}
