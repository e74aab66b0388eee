import { Effect, Schema } from "effect"
import { AUDIT_TARGET_TYPES } from "../../../domain/admin/audit-log.port.ts"
import {
  auditTrail,
  contestFigures,
  overview,
  siteFigures,
} from "../../../domain/admin/dashboard.use-case.ts"
import { dailyWindow } from "../../../domain/contests/contest-window.ts"
import { presentAuditRecord, presentContactMessage } from "../admin-presenters.ts"
import { presentContest } from "../presenters.ts"
import { ok, route } from "../route.ts"
import { Id, IdParams, PageQuery } from "../schemas.ts"
import { Line } from "./shared.ts"
import { TimeZone, CalendarDate, now, adminMembers, page } from "./admin-shared.ts"
import { adminBadgeRoutes } from "./admin-badges.routes.ts"
import { adminContestRoutes } from "./admin-contests.routes.ts"
import { adminSettingsRoutes } from "./admin-settings.routes.ts"
import { adminMemberRoutes } from "./admin-members.routes.ts"
import { adminTwoFactorRoutes } from "./admin-two-factor.routes.ts"
import { adminMessageRoutes } from "./admin-messages.routes.ts"
import {
  AnalyticsBody,
  AuditPageBody,
  ContestAnalyticsBody,
  OverviewBody,
} from "../admin.schema.ts"

/**
 * The admin dashboard's API (apps/admin/README.md): every route is for admins only (401 for a
 * visitor, 403 for a member), and every change is made by a use case that writes its audit row
 * in the same transaction, with the session's member as the actor. Here the dashboard's figures
 * (overview, analytics, audit trail) and the whole list, in its order; the routes of each resource
 * are in admin-contests, admin-members, admin-badges and admin-messages.routes.ts.
 */

export const adminRoutes = [
  route({
    method: "GET",
    path: "/api/admin/overview",
    tag: "admin",
    summary:
      "Today's contest with its live counts, the next scheduled contests, the newest sign-ups and the unread messages",
    access: "admin",
    okBody: OverviewBody,
    query: Schema.Struct({ tz: Schema.optional(TimeZone) }),
    handler: () =>
      Effect.gen(function* () {
        const view = yield* overview()
        const at = yield* now
        return ok({
          today: {
            contest: view.today.contest && presentContest(view.today.contest, at),
            counts: view.today.counts,
          },
          upcoming: view.upcoming.map((contest) => presentContest(contest, at)),
          recentSignUps: yield* adminMembers(view.recentSignUps),
          unreadMessages: view.unreadMessages,
          latestMessages: view.latestMessages.map(presentContactMessage),
        })
      }),
  }),
  ...adminContestRoutes,
  ...adminSettingsRoutes,
  ...adminMemberRoutes,
  ...adminTwoFactorRoutes,
  ...adminBadgeRoutes,
  ...adminMessageRoutes,
  route({
    method: "GET",
    path: "/api/admin/analytics/contests/:id",
    tag: "admin",
    summary: "One contest's views, downloads, entries and votes: totals and an hourly series",
    access: "admin",
    okBody: ContestAnalyticsBody,
    params: IdParams,
    query: Schema.Struct({ tz: Schema.optional(TimeZone) }),
    responses: { 404: "No such contest" },
    handler: ({ params }) =>
      Effect.gen(function* () {
        const figures = yield* contestFigures(params.id)
        const counts = (f: {
          views: number
          downloads: number
          entries: number
          votes: number
        }) => ({
          views: f.views,
          downloads: f.downloads,
          entries: f.entries,
          votes: f.votes,
        })
        return ok({
          contest: presentContest(figures.contest, yield* now),
          totals: counts(figures.totals),
          series: figures.series.map((slot) => ({
            hour: new Date(slot.hour).toISOString(),
            ...counts(slot),
          })),
        })
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/analytics",
    tag: "admin",
    summary:
      "Site figures per day of the admin's zone (from..to inclusive, at most 366 days): views, downloads, entries, votes, sign-ups, paid conversions, and the paid share of members",
    access: "admin",
    okBody: AnalyticsBody,
    query: Schema.Struct({ from: CalendarDate, to: CalendarDate, tz: Schema.optional(TimeZone) }),
    handler: ({ query }) =>
      Effect.gen(function* () {
        return ok(
          yield* siteFigures({ from: query.from, to: query.to, timeZone: query.tz ?? "UTC" }),
        )
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/audit",
    tag: "admin",
    summary:
      "The audit log, newest first: who did what to which target, with before and after; filters combine",
    access: "admin",
    okBody: AuditPageBody,
    query: Schema.Struct({
      actor: Schema.optional(Id),
      action: Schema.optional(Line(64)),
      targetType: Schema.optional(Schema.Literals(AUDIT_TARGET_TYPES)),
      targetId: Schema.optional(Line(64)),
      from: Schema.optional(CalendarDate),
      to: Schema.optional(CalendarDate),
      tz: Schema.optional(TimeZone),
      ...PageQuery.fields,
    }),
    handler: ({ query }) =>
      Effect.gen(function* () {
        const zone = query.tz ?? "UTC"
        const trail = yield* auditTrail({
          filter: {
            actorId: query.actor,
            actionPrefix: query.action || undefined,
            targetType: query.targetType,
            targetId: query.targetId || undefined,
            from: query.from === undefined ? undefined : dailyWindow(query.from, zone)?.startsAt,
            to: query.to === undefined ? undefined : dailyWindow(query.to, zone)?.endsAt,
          },
          cursor: query.cursor,
          limit: query.limit,
        })
        return page(
          trail.items.map(({ record, actor: who }) => presentAuditRecord(record, who)),
          trail.nextCursor,
        )
      }),
  }),
]
