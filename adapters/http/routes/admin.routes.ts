import { PassThrough } from "node:stream"
import { Clock, Effect, Option, Schema } from "effect"
import type { Member } from "../../../domain/accounts/member.entity.ts"
import { MemberRepository } from "../../../domain/accounts/member.port.ts"
import {
  searchMembers,
  setAdminRole,
  setSuspension,
} from "../../../domain/accounts/member-admin.use-case.ts"
import { AUDIT_TARGET_TYPES } from "../../../domain/admin/audit-log.port.ts"
import {
  adminContests,
  auditTrail,
  contestCalendar,
  contestFigures,
  contestRanking,
  memberDossier,
  overview,
  siteFigures,
} from "../../../domain/admin/dashboard.use-case.ts"
import { BADGE_IDS } from "../../../domain/badges/badges.ts"
import { backfillBadges, grantBadge } from "../../../domain/badges/grant-badge.use-case.ts"
import { inbox, replyToMessage, setHandled } from "../../../domain/contact/inbox.use-case.ts"
import { MAX_CALENDAR_DAYS } from "../../../domain/contests/contest-calendar.ts"
import { CONTEST_STATUSES } from "../../../domain/contests/contest-status.ts"
import {
  announceContest,
  cancelContest,
  closeContestAs,
  createContestAs,
  scheduleContestAs,
  updateContest,
} from "../../../domain/contests/manage-contest.use-case.ts"
import { dailyWindow } from "../../../domain/contests/contest-window.ts"
import { SubscriptionRepository } from "../../../domain/plans/subscription.port.ts"
import type { Tier } from "../../../domain/plans/plans.ts"
import type { Entry } from "../../../domain/submissions/entry.entity.ts"
import { contestEntriesPage } from "../../../domain/submissions/entry-lists.use-case.ts"
import {
  MODERATION_ACTIONS,
  moderateEntry,
} from "../../../domain/submissions/moderate-entry.use-case.ts"
import {
  presentAdminEntry,
  presentAdminMember,
  presentAuditRecord,
  presentContactMessage,
} from "../admin-presenters.ts"
import { HttpRefusal } from "../http-errors.ts"
import {
  presentBadge,
  presentContest,
  presentPayment,
  presentSubscription,
  thumbnailUrl,
} from "../presenters.ts"
import { created, ok, type Reply, route } from "../route.ts"
import { Id, IdParams, PageQuery } from "../schemas.ts"
import { KindText, Line, Paragraphs, signedIn } from "./shared.ts"

/**
 * The admin dashboard's API (apps/admin/README.md): every route is for admins only (401 for a
 * visitor, 403 for a member), and every change is made by a use case that writes its audit row
 * in the same transaction, with the session's member as the actor.
 */

/** An instant written as ISO 8601 (with a zone, or UTC). */
const IsoInstant = Schema.String.check(
  Schema.isMaxLength(40),
  Schema.makeFilter(
    (text: string) => Number.isFinite(Date.parse(text)) || "Expected an ISO 8601 date and time",
  ),
)

const TimeZone = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))

const CalendarDate = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: "Expected a day written YYYY-MM-DD" }),
)

const Title = Line(120)
const Description = Paragraphs(2000)

const actor = (caller: Parameters<typeof signedIn>[0]) => Effect.map(signedIn(caller), (m) => m.id)

const now = Clock.currentTimeMillis

/** The tier of each member (free without a subscription row). */
const tiersOf = (members: ReadonlyArray<Member>) =>
  Effect.gen(function* () {
    const subscriptions = yield* SubscriptionRepository
    const tiers = new Map<string, Tier>()
    for (const member of members) {
      const found = yield* subscriptions.find(member.id)
      tiers.set(member.id, Option.isSome(found) ? found.value.tier : "free")
    }
    return tiers
  })

const adminMembers = (members: ReadonlyArray<Member>) =>
  Effect.map(tiersOf(members), (tiers) =>
    members.map((member) => presentAdminMember(member, tiers.get(member.id) ?? "free")),
  )

/** Entries with their artists' e-mail addresses. */
const adminEntries = (entries: ReadonlyArray<Entry>) =>
  Effect.gen(function* () {
    const members = yield* MemberRepository
    const emails = new Map<string, string>()
    for (const memberId of new Set(entries.map((entry) => entry.memberId))) {
      const member = yield* Effect.result(members.get(memberId))
      emails.set(memberId, member._tag === "Success" ? member.success.email : "")
    }
    return entries.map((entry) => presentAdminEntry(entry, emails.get(entry.memberId) ?? ""))
  })

/**
 * The change committed but its mail did not go out (the relay failed after the commit). An error,
 * not a success, because the dashboard shows errors and the admin must act on it; the message says
 * what did happen, so nobody redoes the change.
 */
const mailNotSent = (message: string) => new HttpRefusal(502, "MAIL_NOT_SENT", message)

const page = <A>(items: ReadonlyArray<A>, nextCursor: string | null): Reply =>
  ok({ items, nextCursor })

/** The NDJSON stream of a long task: each line written as it happens, the response kept open. */
const ndjson = () => {
  const stream = new PassThrough()
  return {
    stream,
    write: (line: unknown) => Effect.sync(() => void stream.write(`${JSON.stringify(line)}\n`)),
    end: () => Effect.sync(() => void stream.end()),
  }
}

export const adminRoutes = [
  route({
    method: "GET",
    path: "/api/admin/overview",
    tag: "admin",
    summary:
      "Today's contest with its live counts, the next scheduled contests, the newest sign-ups and the unread messages",
    access: "admin",
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
  route({
    method: "GET",
    path: "/api/admin/contests",
    tag: "admin",
    summary: "Contests newest first, with entry and vote counts; optionally of one status",
    access: "admin",
    query: Schema.Struct({
      status: Schema.optional(Schema.Literals(CONTEST_STATUSES)),
      ...PageQuery.fields,
    }),
    handler: ({ query }) =>
      Effect.gen(function* () {
        const listed = yield* adminContests({
          status: query.status,
          cursor: query.cursor,
          limit: query.limit,
        })
        return page(
          listed.items.map((item) => ({
            ...presentContest(item.contest, listed.now),
            entryCount: item.entryCount,
            voteCount: item.voteCount,
          })),
          listed.nextCursor,
        )
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/contests",
    tag: "admin",
    summary: "Creates a contest for a window; scheduled until it starts",
    access: "admin",
    body: Schema.Struct({
      title: Title,
      description: Description,
      contestType: KindText,
      artStyle: Line(80),
      startsAt: IsoInstant,
      endsAt: IsoInstant,
    }),
    responses: { 201: "Created", 409: "CONTEST_OVERLAP: another contest of the type runs then" },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        const contest = yield* createContestAs(yield* actor(caller), {
          ...body,
          startsAt: Date.parse(body.startsAt),
          endsAt: Date.parse(body.endsAt),
        })
        return created(presentContest(contest, yield* now))
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/contests/schedule",
    tag: "admin",
    summary: "Schedules the daily contest of one local day (midnight to midnight in timeZone)",
    access: "admin",
    body: Schema.Struct({
      date: CalendarDate,
      timeZone: TimeZone,
      title: Title,
      description: Description,
      artStyle: Schema.optional(Line(80)),
    }),
    responses: { 201: "Created", 409: "CONTEST_OVERLAP: that day has a daily contest" },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        const contest = yield* scheduleContestAs(yield* actor(caller), {
          day: body.date,
          timeZone: body.timeZone,
          title: body.title,
          description: body.description,
          artStyle: body.artStyle ?? "",
          contestType: "daily",
        })
        return created(presentContest(contest, yield* now))
      }),
  }),
  route({
    method: "PUT",
    path: "/api/admin/contests/:id",
    tag: "admin",
    summary:
      "Edits a contest. Its window and type only before it starts (409 CONTEST_LOCKED after); nothing once cancelled",
    access: "admin",
    params: IdParams,
    body: Schema.Struct({
      title: Schema.optional(Title),
      description: Schema.optional(Description),
      contestType: Schema.optional(KindText),
      artStyle: Schema.optional(Line(80)),
      startsAt: Schema.optional(IsoInstant),
      endsAt: Schema.optional(IsoInstant),
    }),
    responses: { 404: "No such contest", 409: "CONTEST_LOCKED or CONTEST_OVERLAP" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const contest = yield* updateContest(yield* actor(caller), params.id, {
          ...body,
          startsAt: body.startsAt === undefined ? undefined : Date.parse(body.startsAt),
          endsAt: body.endsAt === undefined ? undefined : Date.parse(body.endsAt),
        })
        return ok(presentContest(contest, yield* now))
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/contests/:id/cancel",
    tag: "admin",
    summary: "Cancels a contest that has not ended, with a reason (3 to 500 characters)",
    access: "admin",
    params: IdParams,
    body: Schema.Struct({ reason: Line(500) }),
    responses: { 404: "No such contest", 409: "CONTEST_LOCKED: ended or cancelled already" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const contest = yield* cancelContest(yield* actor(caller), params.id, body.reason)
        return ok(presentContest(contest, yield* now))
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/calendar",
    tag: "admin",
    summary:
      "Today and the next days in the admin's time zone, each with its contests; a day with none is free",
    access: "admin",
    query: Schema.Struct({
      days: Schema.optional(
        Schema.NumberFromString.check(
          Schema.isInt(),
          Schema.isBetween({ minimum: 1, maximum: MAX_CALENDAR_DAYS }),
        ),
      ),
      tz: Schema.optional(TimeZone),
    }),
    handler: ({ query }) =>
      Effect.gen(function* () {
        const calendar = yield* contestCalendar({
          days: query.days ?? 30,
          timeZone: query.tz ?? "UTC",
        })
        return ok({
          days: calendar.days.map((day) => ({
            date: day.date,
            contests: day.contests.map((contest) => {
              const shown = presentContest(contest, calendar.now)
              return {
                id: contest.id,
                title: contest.title,
                status: shown.status,
                contestType: contest.contestType,
              }
            }),
          })),
        })
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/contests/:id/entries",
    tag: "admin",
    summary: "Every entry of a contest, hidden and disqualified ones too, oldest first, paged",
    access: "admin",
    params: IdParams,
    query: PageQuery,
    responses: { 404: "No such contest" },
    handler: ({ params, query }) =>
      Effect.gen(function* () {
        const entries = yield* contestEntriesPage({
          contestId: params.id,
          cursor: query.cursor,
          limit: query.limit,
        })
        return page(yield* adminEntries(entries.items), entries.nextCursor)
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/entries/:id/moderation",
    tag: "admin",
    summary:
      "Hides or disqualifies an entry with a reason its member sees (3 to 500 characters), or restores it",
    access: "admin",
    params: IdParams,
    body: Schema.Struct({
      action: Schema.Literals(MODERATION_ACTIONS),
      reason: Schema.optional(Line(500)),
    }),
    responses: { 404: "No such entry" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const entry = yield* moderateEntry(yield* actor(caller), {
          entryId: params.id,
          action: body.action,
          reason: body.reason,
        })
        const [shown] = yield* adminEntries([entry])
        return ok(shown)
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/contests/:id/close",
    tag: "admin",
    summary:
      "Closes an ended contest: counts recomputed from the votes, winner decided, badges granted",
    access: "admin",
    params: IdParams,
    responses: { 404: "No such contest", 409: "CONTEST_NOT_CLOSABLE: not ended yet, or cancelled" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const closed = yield* closeContestAs(yield* actor(caller), params.id)
        return ok(presentContest(closed.contest, yield* now))
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/contests/:id/ranking",
    tag: "admin",
    summary: "A contest's entries ranked by weighted score (raw votes beside), taken-out ones last",
    access: "admin",
    params: IdParams,
    responses: { 404: "No such contest" },
    handler: ({ params }) =>
      Effect.gen(function* () {
        const ranking = yield* contestRanking(params.id)
        return ok({
          contest: presentContest(ranking.contest, yield* now),
          rows: ranking.rows.map(({ rank, entry }) => ({
            rank,
            entryId: entry.id,
            memberId: entry.memberId,
            artistName: entry.artistName,
            rawVotes: entry.voteCount,
            weightedScore: entry.weightedScore,
            thumbnailUrl: thumbnailUrl(entry.image),
            moderation: entry.moderation,
          })),
        })
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/contests/:id/announce",
    tag: "admin",
    summary: "Announces a closed contest's winner: marked announced, and the winner is mailed",
    access: "admin",
    params: IdParams,
    responses: {
      404: "No such contest",
      409: "CONTEST_NOT_CLOSED, NO_WINNER or ALREADY_ANNOUNCED",
      502: "MAIL_NOT_SENT: the contest is announced, but the winner's mail could not be sent",
    },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const announced = yield* announceContest(yield* actor(caller), params.id)
        if (!announced.mailed) {
          return yield* Effect.die(
            mailNotSent(
              `The winner is announced, but the mail to ${announced.winner.email} could not be sent: write to them yourself`,
            ),
          )
        }
        return ok(presentContest(announced.contest, yield* now))
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/members",
    tag: "admin",
    summary: "Members, newest first; q matches e-mail, username and names, case-insensitively",
    access: "admin",
    query: Schema.Struct({ q: Schema.optional(Line(100)), ...PageQuery.fields }),
    handler: ({ query }) =>
      Effect.gen(function* () {
        const found = yield* searchMembers({
          text: query.q,
          cursor: query.cursor,
          limit: query.limit,
        })
        return page(yield* adminMembers(found.items), found.nextCursor)
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/members/:id",
    tag: "admin",
    summary: "One member: profile, plan, entries, votes given, payments and badges",
    access: "admin",
    params: IdParams,
    responses: { 404: "No such member" },
    handler: ({ params }) =>
      Effect.gen(function* () {
        const dossier = yield* memberDossier(params.id)
        const [member] = yield* adminMembers([dossier.member])
        return ok({
          member,
          subscription: dossier.subscription && presentSubscription(dossier.subscription),
          entries: yield* adminEntries(dossier.entries),
          votesGiven: dossier.votesGiven.map((vote) => ({
            entryId: vote.entryId,
            contestId: vote.contestId,
            weight: vote.weight,
            at: new Date(vote.castAt).toISOString(),
          })),
          payments: dossier.payments.map((payment) => presentPayment(payment)),
          badges: dossier.badges.map(presentBadge),
        })
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/members/:id/admin",
    tag: "admin",
    summary: "Gives or takes the admin role (never your own: 409 SELF_DEMOTION)",
    access: "admin",
    params: IdParams,
    body: Schema.Struct({ isAdmin: Schema.Boolean }),
    responses: { 404: "No such member", 409: "SELF_DEMOTION" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* setAdminRole(yield* actor(caller), params.id, body.isAdmin)
        const [shown] = yield* adminMembers([member])
        return ok(shown)
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/members/:id/suspension",
    tag: "admin",
    summary:
      "Suspends a member (sign-in refused, sessions ended, entries hidden) or lifts it (entries shown again)",
    access: "admin",
    params: IdParams,
    body: Schema.Struct({ suspended: Schema.Boolean, reason: Schema.optional(Line(500)) }),
    responses: { 404: "No such member", 409: "SELF_SUSPENSION" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* setSuspension(yield* actor(caller), params.id, body)
        const [shown] = yield* adminMembers([member])
        return ok(shown)
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/badges/grant",
    tag: "admin",
    summary: "Grants a badge by hand; one already held answers with its grant",
    access: "admin",
    body: Schema.Struct({ memberId: Id, badgeId: Schema.Literals(BADGE_IDS) }),
    responses: { 404: "No such member" },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        const granted = yield* grantBadge(yield* actor(caller), body)
        return ok(presentBadge(granted.grant))
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/badges/backfill",
    tag: "admin",
    summary:
      'Runs the badge backfill over every member, answering with NDJSON as it goes: {"type":"progress","done","total"} lines, then {"type":"done","granted"}',
    access: "admin",
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const by = yield* actor(caller)
        const out = ndjson()
        yield* Effect.forkDetach(
          backfillBadges(by, (done, total) => out.write({ type: "progress", done, total })).pipe(
            Effect.flatMap((result) => out.write({ type: "done", granted: result.granted })),
            Effect.catchCause(() =>
              out.write({ type: "error", message: "The backfill stopped; run it again" }),
            ),
            Effect.ensuring(out.end()),
          ),
        )
        return {
          status: 200,
          body: out.stream,
          headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" },
        } satisfies Reply
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/messages",
    tag: "admin",
    summary: "The contact inbox, newest first: unhandled messages, or all",
    access: "admin",
    query: Schema.Struct({
      status: Schema.optional(Schema.Literals(["unhandled", "all"])),
      ...PageQuery.fields,
    }),
    handler: ({ query }) =>
      Effect.gen(function* () {
        const found = yield* inbox({
          unhandledOnly: query.status !== "all",
          cursor: query.cursor,
          limit: query.limit,
        })
        return page(found.items.map(presentContactMessage), found.nextCursor)
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/messages/:id/handled",
    tag: "admin",
    summary: "Marks a contact message handled, or not handled again",
    access: "admin",
    params: IdParams,
    body: Schema.Struct({ handled: Schema.Boolean }),
    responses: { 404: "No such message" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const message = yield* setHandled(yield* actor(caller), params.id, body.handled)
        return ok(presentContactMessage(message))
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/messages/:id/reply",
    tag: "admin",
    summary: "Answers a contact message by mail from the support address; marks it handled",
    access: "admin",
    params: IdParams,
    body: Schema.Struct({ subject: Line(200), body: Paragraphs(10_000) }),
    responses: {
      404: "No such message",
      502: "MAIL_NOT_SENT: the message is marked handled, but the answer could not be sent",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const replied = yield* replyToMessage(yield* actor(caller), params.id, body)
        if (!replied.mailed) {
          return yield* Effect.die(
            mailNotSent(
              `The message is marked handled, but the answer to ${replied.message.email} could not be sent: send it again`,
            ),
          )
        }
        return ok(presentContactMessage(replied.message))
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/analytics/contests/:id",
    tag: "admin",
    summary: "One contest's views, downloads, entries and votes: totals and an hourly series",
    access: "admin",
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
