import type { Instant, MemberId } from "../shared/ids.ts"

/** A message sent through the contact form: stored for the admin inbox and mailed to support. */
export interface ContactMessage {
  readonly id: string
  /** The signed-in sender, if any (visitors may write too). */
  readonly memberId: MemberId | null
  readonly name: string
  readonly email: string
  readonly subject: string
  readonly message: string
  readonly createdAt: Instant
  readonly handledAt: Instant | null
}
