import type { EntryId, Instant, MemberId } from "../shared/ids.ts"

/**
 * Professional feedback (issue 19): a judge's (or an admin's) written critique of a Color Champ
 * member's entry. One per judge per entry; its author may rewrite it.
 */
export interface Feedback {
  readonly id: string
  readonly entryId: EntryId
  readonly judgeId: MemberId
  readonly text: string
  readonly createdAt: Instant
  readonly updatedAt: Instant
}
