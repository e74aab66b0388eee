import { Context, type Effect } from "effect"
import type { ContactMessage } from "../contact/contact-message.entity.ts"
import type { ContestId, Instant, MemberId } from "../shared/ids.ts"
import type { Vote } from "../voting/vote.entity.ts"

/** A line-art download by a signed-in member. */
export interface MemberDownload {
  readonly contestId: ContestId
  readonly at: Instant
}

/**
 * What other parts of the site hold about one member, read for "download my data": the votes
 * they cast, their downloads, and the contact messages they sent. Oldest first.
 */
export class MemberRecords extends Context.Service<
  MemberRecords,
  {
    readonly votesCastBy: (memberId: MemberId) => Effect.Effect<ReadonlyArray<Vote>>
    readonly downloadsOf: (memberId: MemberId) => Effect.Effect<ReadonlyArray<MemberDownload>>
    /**
     * Messages sent while signed in as the member. Never by e-mail address: an address proves
     * nothing about who typed it into the form, and it may belong to someone else by now.
     */
    readonly contactMessagesFrom: (
      memberId: MemberId,
    ) => Effect.Effect<ReadonlyArray<ContactMessage>>
  }
>()("colorday/MemberRecords") {}
