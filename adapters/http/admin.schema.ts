import { Schema } from "effect"
import { AUDIT_TARGET_TYPES } from "../../domain/admin/audit-log.port.ts"
import {
  MemberFields,
  PaymentBody,
  SubscriptionBody,
  BadgeBody,
  TierBody,
} from "./account.schema.ts"
import { ContestBody, ContestStatusBody, EntryBody } from "./contest.schema.ts"

/**
 * The bodies of the admin API's answers (the issue 17 API contract): the public shapes plus the
 * admin fields; admin-presenters.ts builds them as these types, the dashboard's client types are
 * generated from them.
 */

const pageOf = <S extends Schema.Top>(item: S, identifier: string) =>
  Schema.Struct({ items: Schema.Array(item), nextCursor: Schema.NullOr(Schema.String) }).annotate({
    identifier,
  })

export const ModerationBody = Schema.Literals(["visible", "hidden", "disqualified"]).annotate({
  identifier: "Moderation",
})

export const AdminContestBody = Schema.Struct({
  ...ContestBody.fields,
  entryCount: Schema.Finite,
  voteCount: Schema.Finite,
}).annotate({ identifier: "AdminContest" })

export const AdminEntryBody = Schema.Struct({
  ...EntryBody.fields,
  moderation: ModerationBody,
  moderationReason: Schema.NullOr(Schema.String),
  artistEmail: Schema.String,
}).annotate({ identifier: "AdminEntry" })
export type AdminEntryBody = typeof AdminEntryBody.Type

export const AdminMemberBody = Schema.Struct({
  ...MemberFields,
  suspendedAt: Schema.NullOr(Schema.String),
  tier: TierBody,
}).annotate({ identifier: "AdminMember" })
export type AdminMemberBody = typeof AdminMemberBody.Type

export const ContactMessageBody = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  email: Schema.String,
  subject: Schema.String,
  message: Schema.String,
  createdAt: Schema.String,
  handledAt: Schema.NullOr(Schema.String),
  memberId: Schema.NullOr(Schema.String),
}).annotate({ identifier: "ContactMessage" })
export type ContactMessageBody = typeof ContactMessageBody.Type

export const AuditRowBody = Schema.Struct({
  id: Schema.String,
  /** null: the operator, from the CLI. */
  actor: Schema.NullOr(Schema.Struct({ id: Schema.String, username: Schema.String })),
  action: Schema.String,
  targetType: Schema.Literals(AUDIT_TARGET_TYPES),
  targetId: Schema.String,
  before: Schema.Unknown,
  after: Schema.Unknown,
  at: Schema.String,
}).annotate({ identifier: "AuditRow" })
export type AuditRowBody = typeof AuditRowBody.Type

export const AdminContestPageBody = pageOf(AdminContestBody, "AdminContestPage")
export const AdminEntryPageBody = pageOf(AdminEntryBody, "AdminEntryPage")
export const AdminMemberPageBody = pageOf(AdminMemberBody, "AdminMemberPage")
export const ContactMessagePageBody = pageOf(ContactMessageBody, "ContactMessagePage")
export const AuditPageBody = pageOf(AuditRowBody, "AuditPage")

const countFields = {
  views: Schema.Finite,
  downloads: Schema.Finite,
  entries: Schema.Finite,
  votes: Schema.Finite,
}

export const CountsBody = Schema.Struct(countFields).annotate({ identifier: "Counts" })

export const OverviewBody = Schema.Struct({
  today: Schema.Struct({ contest: Schema.NullOr(ContestBody), counts: CountsBody }),
  upcoming: Schema.Array(ContestBody),
  recentSignUps: Schema.Array(AdminMemberBody),
  unreadMessages: Schema.Finite,
  latestMessages: Schema.Array(ContactMessageBody),
}).annotate({ identifier: "Overview" })

export const CalendarContestBody = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  status: ContestStatusBody,
  contestType: Schema.String,
}).annotate({ identifier: "CalendarContest" })

export const CalendarDayBody = Schema.Struct({
  date: Schema.String,
  contests: Schema.Array(CalendarContestBody),
}).annotate({ identifier: "CalendarDay" })

export const CalendarBody = Schema.Struct({ days: Schema.Array(CalendarDayBody) }).annotate({
  identifier: "Calendar",
})

/** What the line-art upload answers: the contest, and where its line art can be had. */
export const LineArtSavedBody = Schema.Struct({
  challenge: ContestBody,
  lineArt: Schema.Struct({
    png: Schema.String,
    pdf: Schema.Record(Schema.String, Schema.String),
    image: Schema.NullOr(Schema.String),
    printPdfSent: Schema.Boolean,
  }),
}).annotate({ identifier: "LineArtSaved" })

export const RankingRowBody = Schema.Struct({
  rank: Schema.Finite,
  entryId: Schema.String,
  memberId: Schema.String,
  artistName: Schema.String,
  rawVotes: Schema.Finite,
  weightedScore: Schema.Finite,
  thumbnailUrl: Schema.NullOr(Schema.String),
  moderation: ModerationBody,
}).annotate({ identifier: "RankingRow" })

export const RankingBody = Schema.Struct({
  contest: ContestBody,
  rows: Schema.Array(RankingRowBody),
}).annotate({ identifier: "Ranking" })

export const VoteGivenBody = Schema.Struct({
  entryId: Schema.String,
  contestId: Schema.String,
  weight: Schema.Finite,
  at: Schema.String,
}).annotate({ identifier: "VoteGiven" })

export const MemberDetailBody = Schema.Struct({
  member: AdminMemberBody,
  subscription: Schema.NullOr(SubscriptionBody),
  entries: Schema.Array(AdminEntryBody),
  votesGiven: Schema.Array(VoteGivenBody),
  payments: Schema.Array(PaymentBody),
  badges: Schema.Array(BadgeBody),
}).annotate({ identifier: "MemberDetail" })

export const ContestAnalyticsBody = Schema.Struct({
  contest: ContestBody,
  totals: CountsBody,
  series: Schema.Array(
    Schema.Struct({ hour: Schema.String, ...countFields }).annotate({ identifier: "HourFigures" }),
  ),
}).annotate({ identifier: "ContestAnalytics" })

const siteCountFields = {
  ...countFields,
  signUps: Schema.Finite,
  paidConversions: Schema.Finite,
}

export const DayFiguresBody = Schema.Struct({
  date: Schema.String,
  ...siteCountFields,
}).annotate({ identifier: "DayFigures" })

export const AnalyticsBody = Schema.Struct({
  days: Schema.Array(DayFiguresBody),
  totals: Schema.Struct(siteCountFields).annotate({ identifier: "SiteTotals" }),
  /** Paid members / members, 0..1. */
  conversionRate: Schema.Finite,
}).annotate({ identifier: "Analytics" })

/** One line of the badge backfill's NDJSON stream: progress, then done (or error). */
export const BackfillLineBody = Schema.Union([
  Schema.Struct({ type: Schema.Literal("progress"), done: Schema.Finite, total: Schema.Finite }),
  Schema.Struct({ type: Schema.Literal("done"), granted: Schema.Finite }),
  Schema.Struct({ type: Schema.Literal("error"), message: Schema.String }),
]).annotate({ identifier: "BackfillLine" })
export type BackfillLineBody = typeof BackfillLineBody.Type
