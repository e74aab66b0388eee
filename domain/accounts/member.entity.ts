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
  readonly isAdmin: boolean
  readonly suspendedAt: Instant | null
  readonly profile: MemberProfile
  readonly createdAt: Instant
}

export const EMPTY_PROFILE: MemberProfile = { bio: "", location: "", website: "", avatarUrl: null }

/** The name shown on an entry card: the username, else "Anonymous". */
export const artistName = (member: Pick<Member, "username">): string =>
  member.username.trim() || "Anonymous"
