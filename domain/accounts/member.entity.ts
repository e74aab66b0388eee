import type { Instant, MemberId } from "../shared/ids.ts"

export interface MemberProfile {
  readonly bio: string
  readonly location: string
  readonly website: string
  readonly avatarUrl: string | null
}

/** A signed-up person. Secrets (password hash) live here but never leave the server. */
export interface Member {
  readonly id: MemberId
  /** Lower-cased, trimmed; unique. */
  readonly email: string
  /** Unique, case-insensitively. */
  readonly username: string
  readonly firstName: string
  readonly lastName: string
  /** Calendar date "YYYY-MM-DD". */
  readonly dateOfBirth: string
  readonly passwordHash: string
  readonly emailVerifiedAt: Instant | null
  /**
   * The address the member asked to move to, until they open the link mailed there; `email`
   * stays the account's address (for sign-in and mail) until then.
   */
  readonly pendingEmail: string | null
  readonly isAdmin: boolean
  /** May write professional feedback on Color Champ members' entries (issue 19). */
  readonly isJudge: boolean
  readonly suspendedAt: Instant | null
  readonly profile: MemberProfile
  readonly createdAt: Instant
}

export const EMPTY_PROFILE: MemberProfile = { bio: "", location: "", website: "", avatarUrl: null }

/** The name shown on an entry card: the username, else "Anonymous". */
export const artistName = (member: Pick<Member, "username">): string =>
  member.username.trim() || "Anonymous"
