import type { BadgeId } from "../../../../domain/badges/badges.ts"
import type {
  Badge,
  Contest,
  ContestStatus,
  Entry,
  Member,
  Payment,
  Subscription,
  Tier,
} from "../../../web/src/api/types.ts"

/**
 * What the admin API answers (/work/notes/admin-api.md): the public presenters' shapes (the
 * site's api/types.ts) plus the admin fields.
 */

export type { Badge, BadgeId, Contest, ContestStatus, Entry, Member, Payment, Subscription, Tier }

/** Every admin list: a page of items and the cursor of the next page (null on the last). */
export interface Page<T> {
  readonly items: ReadonlyArray<T>
  readonly nextCursor: string | null
}

export interface PageQuery {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

export interface AdminContest extends Contest {
  readonly entryCount: number
  readonly voteCount: number
}

export type Moderation = "visible" | "hidden" | "disqualified"

export interface AdminEntry extends Entry {
  readonly moderation: Moderation
  readonly moderationReason: string | null
  readonly artistEmail: string
}

export interface AdminMember extends Member {
  readonly suspendedAt: string | null
  readonly tier: Tier
  readonly emailVerified: boolean
}

export interface ContactMessage {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly subject: string
  readonly message: string
  readonly createdAt: string
  readonly handledAt: string | null
  readonly memberId: string | null
}

export interface Counts {
  readonly views: number
  readonly downloads: number
  readonly entries: number
  readonly votes: number
}

export interface Overview {
  readonly today: { readonly contest: Contest | null; readonly counts: Counts }
  readonly upcoming: ReadonlyArray<Contest>
  readonly recentSignUps: ReadonlyArray<AdminMember>
  readonly unreadMessages: number
  readonly latestMessages: ReadonlyArray<ContactMessage>
}

export interface NewContest {
  readonly title: string
  readonly description: string
  readonly contestType: string
  readonly artStyle: string
  /** ISO instants. */
  readonly startsAt: string
  readonly endsAt: string
}

export type ContestChanges = Partial<NewContest>

export interface ScheduleContest {
  /** The local calendar day, YYYY-MM-DD. */
  readonly date: string
  readonly timeZone: string
  readonly title: string
  readonly description: string
  readonly artStyle?: string
}

export interface CalendarContest {
  readonly id: string
  readonly title: string
  readonly status: ContestStatus
  readonly contestType: string
}

export interface CalendarDay {
  readonly date: string
  readonly contests: ReadonlyArray<CalendarContest>
}

export interface Calendar {
  readonly days: ReadonlyArray<CalendarDay>
}

/** What the line-art upload answers: the contest, and where its line art can be had. */
export interface LineArtSaved {
  readonly challenge: Contest
  readonly lineArt: {
    readonly png: string
    readonly pdf: Readonly<Record<string, string>>
    readonly image: string | null
    readonly printPdfSent: boolean
  }
}

export type ModerationAction = "hide" | "disqualify" | "restore"

export interface RankingRow {
  readonly rank: number
  readonly entryId: string
  readonly memberId: string
  readonly artistName: string
  readonly rawVotes: number
  readonly weightedScore: number
  readonly thumbnailUrl: string | null
  readonly moderation: Moderation
}

export interface Ranking {
  readonly contest: Contest
  readonly rows: ReadonlyArray<RankingRow>
}

export interface VoteGiven {
  readonly entryId: string
  readonly contestId: string
  readonly weight: number
  readonly at: string
}

export interface MemberDetail {
  readonly member: AdminMember
  readonly subscription: Subscription | null
  readonly entries: ReadonlyArray<AdminEntry>
  readonly votesGiven: ReadonlyArray<VoteGiven>
  readonly payments: ReadonlyArray<Payment>
  readonly badges: ReadonlyArray<Badge>
}

/** One line of the badge backfill's NDJSON stream. */
export type BackfillLine =
  | { readonly type: "progress"; readonly done: number; readonly total: number }
  | { readonly type: "done"; readonly granted: number }

export type MessageStatus = "unhandled" | "all"

export interface ContestAnalytics {
  readonly contest: Contest
  readonly totals: Counts
  readonly series: ReadonlyArray<Counts & { readonly hour: string }>
}

export interface DayFigures extends Counts {
  readonly date: string
  readonly signUps: number
  readonly paidConversions: number
}

export interface Analytics {
  readonly days: ReadonlyArray<DayFigures>
  readonly totals: Counts & { readonly signUps: number; readonly paidConversions: number }
  /** Paid members / members, 0..1. */
  readonly conversionRate: number
}

export type TargetType = "contest" | "entry" | "member" | "badge" | "message"

export interface AuditRow {
  readonly id: string
  /** null: the operator, from the CLI. */
  readonly actor: { readonly id: string; readonly username: string } | null
  readonly action: string
  readonly targetType: TargetType
  readonly targetId: string
  readonly before: unknown
  readonly after: unknown
  readonly at: string
}

export interface AuditFilters {
  readonly actor?: string | undefined
  readonly action?: string | undefined
  readonly targetType?: string | undefined
  readonly targetId?: string | undefined
  /** YYYY-MM-DD, in the admin's time zone. */
  readonly from?: string | undefined
  readonly to?: string | undefined
}
