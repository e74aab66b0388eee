/** Identifiers are opaque strings minted by the IdSource port; aliases keep signatures readable. */
export type MemberId = string
export type ContestId = string
export type EntryId = string
export type VoteId = string
export type PaymentId = string

/** Epoch milliseconds (UTC). Every instant in the domain is one of these. */
export type Instant = number
