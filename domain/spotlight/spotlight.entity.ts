import type { EntryId, Instant, MemberId } from "../shared/ids.ts"

/** An entry an admin features in the home page's Spotlight row, from `startsAt` until `endsAt`. */
export interface Spotlight {
  readonly id: string
  readonly entryId: EntryId
  readonly startsAt: Instant
  /** Exclusive: the spotlight is gone at this instant. */
  readonly endsAt: Instant
  /** The admin who featured it; null for the operator. */
  readonly createdBy: MemberId | null
  readonly createdAt: Instant
}

export type SpotlightStatus = "upcoming" | "active" | "ended"

export const spotlightStatus = (spotlight: Spotlight, now: Instant): SpotlightStatus =>
  now < spotlight.startsAt ? "upcoming" : now < spotlight.endsAt ? "active" : "ended"
