import { planOf, type Tier } from "../plans/plans.ts"
import type { Contest } from "./contest.entity.ts"

/** The perk a subscribers-only contest asks for (the plan table's "subscriber-contests"). */
export const SUBSCRIBER_CONTESTS_PERK = "subscriber-contests"

/**
 * Whether a member on `tier` may enter `contest`: a subscribers-only contest takes the plans that
 * grant the perk (Lite, Pro, Champ); any other contest takes every plan. The site's contest card
 * reads the same rule, so it says so before a photo is picked.
 */
export const mayEnter = (contest: Pick<Contest, "subscribersOnly">, tier: Tier): boolean =>
  !contest.subscribersOnly || planOf(tier).perks.includes(SUBSCRIBER_CONTESTS_PERK)
