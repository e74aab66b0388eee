import type { EntryId } from "../shared/ids.ts"
import type { Contest } from "./contest.entity.ts"

/** An entry's place in its contest's published result: a podium rank and People's Choice. */
export interface Placement {
  /** 1, 2 or 3 when the entry is on the podium of an announced contest, else null. */
  readonly placement: 1 | 2 | 3 | null
  readonly peoplesChoice: boolean
}

export const NO_PLACEMENT: Placement = { placement: null, peoplesChoice: false }

/** Whether the contest's result is published: its stored status says announced (any case). */
export const isAnnounced = (contest: Pick<Contest, "storedStatus">): boolean =>
  contest.storedStatus?.trim().toLowerCase() === "announced"

/**
 * The entry's placement in `contest` (its own contest). Nothing shows before the announcement:
 * a closed contest's podium is only a provisional standing until an admin announces it.
 */
export const placementOf = (
  entryId: EntryId,
  contest: Pick<Contest, "storedStatus" | "result"> | undefined,
): Placement => {
  if (contest === undefined || contest.result === null || !isAnnounced(contest)) {
    return NO_PLACEMENT
  }
  const index = contest.result.podiumEntryIds.indexOf(entryId)
  return {
    placement: index === 0 ? 1 : index === 1 ? 2 : index === 2 ? 3 : null,
    peoplesChoice: contest.result.peoplesChoiceEntryId === entryId,
  }
}
