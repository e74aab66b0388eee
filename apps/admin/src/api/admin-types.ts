import type { BadgeId } from "../../../../domain/badges/badges.ts"
import type { RequestBody } from "../../../api-client/request-body.ts"
import type { components, paths } from "../../../api-client/schema.ts"
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
 * What the admin API answers, by the names the dashboard's screens use: the types generated from
 * the server's OpenAPI document (apps/api-client/schema.ts, `npm run api-types`), so a field
 * renamed in a response Schema (adapters/http/admin.schema.ts) fails this app's typecheck. The
 * requests the dashboard sends (forms, filters) stay written here.
 */

export type { Badge, BadgeId, Contest, ContestStatus, Entry, Member, Payment, Subscription, Tier }

type Schemas = components["schemas"]

/** Every admin list: a page of items and the cursor of the next page (null on the last). */
export type Page<T> = Omit<Schemas["AdminContestPage"], "items"> & {
  readonly items: ReadonlyArray<T>
}

export interface PageQuery {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

export type AdminContest = Schemas["AdminContest"]
export type Drawing = Schemas["Drawing"]
export type Spotlight = Schemas["Spotlight"]
export type Moderation = Schemas["Moderation"]
export type AdminEntry = Schemas["AdminEntry"]
export type AdminMember = Schemas["AdminMember"]
export type ContactMessage = Schemas["ContactMessage"]
export type Counts = Schemas["Counts"]
export type Overview = Schemas["Overview"]
export type CalendarContest = Schemas["CalendarContest"]
export type CalendarDay = Schemas["CalendarDay"]
export type Calendar = Schemas["Calendar"]
export type LineArtSaved = Schemas["LineArtSaved"]
export type RankingRow = Schemas["RankingRow"]
export type Ranking = Schemas["Ranking"]
export type VoteGiven = Schemas["VoteGiven"]
export type MemberDetail = Schemas["MemberDetail"]
export type ContestAnalytics = Schemas["ContestAnalytics"]
export type DayFigures = Schemas["DayFigures"]
export type Analytics = Schemas["Analytics"]
export type AuditRow = Schemas["AuditRow"]
export type TargetType = AuditRow["targetType"]

/** The moderation request's actions, as the route declares them. */
export type ModerationAction =
  paths["/api/admin/entries/{id}/moderation"]["post"]["requestBody"]["content"]["application/json"]["action"]

/** A new contest, as POST /api/admin/contests declares its body (ISO instants). */
export type NewContest = RequestBody<"/api/admin/contests", "post">

export type ContestChanges = Partial<NewContest>

export interface ScheduleContest {
  /** The local calendar day, YYYY-MM-DD. */
  readonly date: string
  readonly timeZone: string
  readonly title: string
  readonly description: string
  readonly artStyle?: string
}

/** One line of the badge backfill's NDJSON stream. */
export type BackfillLine = Schemas["BackfillLine"]

export type MessageStatus = "unhandled" | "all"

export interface AuditFilters {
  readonly actor?: string | undefined
  readonly action?: string | undefined
  readonly targetType?: string | undefined
  readonly targetId?: string | undefined
  /** YYYY-MM-DD, in the admin's time zone. */
  readonly from?: string | undefined
  readonly to?: string | undefined
}
