import type { MemberSettings } from "../../../../domain/accounts/member-settings.ts"
import type { BadgeIcon } from "../../../../domain/badges/badges.ts"
import type { Tier } from "../../../../domain/plans/plans.ts"

/** What the API answers, as the server's presenters write it (adapters/http/presenters.ts). */

export type { MemberSettings, Tier }

export interface Countdown {
  readonly label: "Remaining" | "Starts in" | "Ended"
  readonly text: string
}

export type ContestStatus = "scheduled" | "active" | "ended" | "announced" | "cancelled"

export interface Contest {
  readonly id: string
  readonly title: string
  readonly description: string
  readonly lineArt: string | null
  readonly contestType: string
  readonly artStyle: string
  readonly startsAt: string
  readonly endsAt: string
  readonly status: ContestStatus
  readonly countdown: Countdown
  readonly createdAt: string
  readonly result: {
    readonly closedAt: string | null
    readonly winnerEntryId: string | null
    readonly winnerMemberId: string | null
    readonly winnerRawVotes: number | null
    readonly winnerWeightedScore: number | null
    readonly peoplesChoiceEntryId: string | null
    readonly totalEntries: number
    readonly totalVotes: number
  } | null
}

export interface Entry {
  readonly id: string
  readonly userId: string
  readonly username: string
  readonly challenge_id: string
  readonly imageUrl: string | null
  /** A small rendition for grids (480 px wide at most). */
  readonly thumbnailUrl: string | null
  readonly ageGroup: string
  readonly contestType: string
  readonly status: string
  readonly voteCount: number
  readonly weightedScore: number
  readonly createdAt: string
  readonly hasVoted?: boolean
  /** The contest's title, on a member's own list of entries. */
  readonly contestName?: string
  /** Why a moderator hid or disqualified it, on a member's own list of entries. */
  readonly moderationReason?: string | null
  /*
   * Issue 14: every entry the server presents publicly carries these three; optional because a
   * member's own list and the admin's lists are older shapes that may not.
   */
  /** Its rank, only once its contest is announced and it placed in the top 3. */
  readonly placement?: 1 | 2 | 3 | null
  /** True only once its contest is announced and it is the People's Choice. */
  readonly peoplesChoice?: boolean
  /** The artist's page is /artists/:artistUsername (the same value as username). */
  readonly artistUsername?: string
}

export interface Member {
  readonly id: string
  readonly username: string
  readonly email: string
  /** The address the member asked to move to, until they open the link mailed there. */
  readonly pendingEmail: string | null
  readonly firstName: string
  readonly lastName: string
  readonly isAdmin: boolean
  readonly emailVerified: boolean
  readonly bio: string
  readonly location: string
  readonly website: string
  readonly avatarUrl: string | null
  readonly createdDate: string
}

export interface Subscription {
  readonly tier: Tier
  readonly remaining_submissions: number
  readonly unlimited: boolean
  readonly renews_at: string | null
}

export interface SignedIn {
  readonly user: Member
  readonly subscription: Subscription
}

export interface MemberStats {
  readonly totalSubmissions: number
  readonly totalVotes: number
  readonly winCount: number
  readonly contestsParticipated: number
}

export interface Badge {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly earnedAt: string
  readonly type: "win" | "milestone" | "participation"
  readonly icon: BadgeIcon
  readonly iconColor: string
}

export interface LeaderboardRow {
  readonly rank: number
  readonly userId: string
  readonly username: string
  readonly avatarUrl: string | null
  readonly score: number
  readonly rawVotes: number
  readonly submissionId: string
  readonly submissionUrl: string | null
  readonly thumbnailUrl: string | null
  readonly contestType: string
  readonly ageGroup: string
  readonly date: string
}

export type LeaderboardPeriod = "today" | "week" | "month" | "all"

export interface Leaderboard {
  readonly period: LeaderboardPeriod
  readonly rows: ReadonlyArray<LeaderboardRow>
  readonly podium: ReadonlyArray<LeaderboardRow>
}

export type GalleryTab = "all" | "today" | "past"
export type GallerySort = "top" | "newest" | "random"

export interface GalleryPage {
  readonly items: ReadonlyArray<Entry>
  readonly nextCursor: string | null
  readonly seed?: string
}

export interface Payment {
  readonly id: string
  readonly date: string
  readonly amount: number
  readonly currency: string
  readonly status: string
  readonly description: string
  readonly invoice_url: string | null
  readonly payment_method: string | null
  readonly subscription_tier: Tier | null
}

export interface BillingHistory {
  readonly records: ReadonlyArray<Payment>
  readonly nextCursor: string | null
}

export interface Checkout {
  readonly sessionId: string
  readonly url: string
}

export interface VerifiedCheckout {
  readonly session: {
    readonly id: string
    readonly payment_status: string
    readonly metadata: { readonly planTier: Tier | null; readonly purchase: string }
  }
  readonly subscription: Subscription
}

export interface VoteResult {
  readonly voteCount: number
  readonly contest_id: string
  readonly weightedScore: number
}

export interface ProfileForm {
  readonly username: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly bio: string
  readonly location: string
  readonly website: string
}

export interface SignUpForm {
  readonly email: string
  readonly password: string
  readonly firstName: string
  readonly lastName: string
  readonly username: string
  /** YYYY-MM-DD */
  readonly dateOfBirth: string
}

export interface ContactForm {
  readonly name: string
  readonly email: string
  readonly subject: string
  readonly message: string
}

// Results (issue 14): a contest's published ranking, the archive of past contests, the last winner.

/** One ranked entry of a contest's result. */
export interface ResultRow {
  /** 1-based; ties go to the earlier entry. */
  readonly rank: number
  readonly entryId: string
  readonly artistName: string
  /** The artist's page is /artists/:username. */
  readonly username: string
  readonly thumbnailUrl: string | null
  readonly imageUrl: string | null
  readonly rawVotes: number
  /** Votes weighted by each voter's plan. */
  readonly score: number
  readonly createdAt: string
}

/** Provisional: the contest has ended and awaits its announcement; announced: final. */
export type ResultStatus = "provisional" | "announced"

export interface ResultCounts {
  readonly entries: number
  readonly voters: number
  readonly votes: number
}

export interface ContestResults {
  readonly contest: Contest
  readonly status: ResultStatus
  readonly announcedAt: string | null
  readonly winner: ResultRow | null
  readonly peoplesChoice: ResultRow | null
  /** The top 3 of the ranking, on every page. */
  readonly podium: ReadonlyArray<ResultRow>
  /** One page of the full ranking. */
  readonly ranking: ReadonlyArray<ResultRow>
  readonly nextCursor: string | null
  readonly counts: ResultCounts
}

/** A past contest in the archive (and the latest winner): the winner only once announced. */
export interface ArchiveItem {
  readonly contest: Contest
  readonly status: ResultStatus
  readonly announcedAt: string | null
  readonly winner: ResultRow | null
  readonly counts: ResultCounts
}

export interface ContestArchive {
  readonly items: ReadonlyArray<ArchiveItem>
  readonly nextCursor: string | null
}

// The art itself and artists' pages (issue 14): an entry's page, an artist's page.

/** One rendition of an entry's image, for a srcset. */
export interface Rendition {
  readonly url: string
  readonly width: number
}

/** GET /api/entries/:id: the entry with its contest, its renditions and its neighbours. */
export interface EntryPage {
  readonly entry: Entry
  readonly contest: Contest
  readonly image: {
    readonly url: string
    readonly width: number | null
    readonly height: number | null
    /** Small to large. */
    readonly srcset: ReadonlyArray<Rendition>
  }
  /** Within the contest, in gallery order (by createdAt). */
  readonly previousEntryId: string | null
  readonly nextEntryId: string | null
}

export interface ArtistStats {
  readonly wins: number
  readonly entries: number
  readonly votesReceived: number
  readonly score: number
}

/** GET /api/artists/:username: what the artist's switches let others see (or all, to the owner). */
export interface PublicArtist {
  readonly username: string
  /** The owner sees their own page even while it is private to everyone else. */
  readonly private: boolean
  readonly isOwner: boolean
  readonly avatarUrl: string | null
  readonly bio: string
  readonly location: string
  readonly website: string
  /** Only when the artist shows their join date. */
  readonly memberSince: string | null
  /** null when the artist hides their badges. */
  readonly badges: ReadonlyArray<Badge> | null
  readonly stats: ArtistStats
  readonly showsHistory: boolean
}

/** A private profile, to everyone but its owner: nothing else. */
export interface PrivateArtist {
  readonly username: string
  readonly private: true
  readonly isOwner: false
}

export type Artist = PublicArtist | PrivateArtist

/** GET /api/artists/:username/entries: visible entries, newest first. */
export interface ArtistEntries {
  readonly items: ReadonlyArray<Entry>
  readonly nextCursor: string | null
}
