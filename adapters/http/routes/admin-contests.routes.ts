import { Effect, Schema } from "effect"
import {
  adminContests,
  contestCalendar,
  contestRanking,
} from "../../../domain/admin/dashboard.use-case.ts"
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
import { contestEntriesPage } from "../../../domain/submissions/entry-lists.use-case.ts"
import {
  MODERATION_ACTIONS,
  moderateEntry,
} from "../../../domain/submissions/moderate-entry.use-case.ts"
import { presentContest, thumbnailUrl } from "../presenters.ts"
import { created, ok, route } from "../route.ts"
import { IdParams, PageQuery } from "../schemas.ts"
import { KindText, Line, Paragraphs } from "./shared.ts"
import { PRIZE_KINDS } from "../../../domain/contests/contest-prize.ts"
import { TimeZone, CalendarDate, actor, now, adminEntries, page } from "./admin-shared.ts"
import { ContestBody } from "../contest.schema.ts"
import {
  AdminContestPageBody,
  AdminEntryBody,
  AdminEntryPageBody,
  CalendarBody,
  RankingBody,
} from "../admin.schema.ts"

/**
 * The admin dashboard's contests: list, create, schedule, edit, cancel, the calendar, moderation of
 * entries, closing, the ranking and the announcement of the winner. Admins only, as every admin route (admin.routes.ts).
 */

/** An instant written as ISO 8601 (with a zone, or UTC). */
const IsoInstant = Schema.String.check(
  Schema.isMaxLength(40),
  Schema.makeFilter(
    (text: string) => Number.isFinite(Date.parse(text)) || "Expected an ISO 8601 date and time",
  ),
)

const Title = Line(120)

const Description = Paragraphs(2000)

/** A contest's prize as the admin sends it; the domain checks the amount against the kind. */
const PrizeInput = Schema.Struct({
  kind: Schema.Literals(PRIZE_KINDS),
  text: Line(200),
  amount: Schema.NullOr(Schema.Finite),
})

export const adminContestRoutes = [
  route({
    method: "GET",
    path: "/api/admin/contests",
    tag: "admin",
    summary: "Contests newest first, with entry and vote counts; optionally of one status",
    access: "admin",
    okBody: AdminContestPageBody,
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
    okBody: ContestBody,
    okStatus: 201,
    body: Schema.Struct({
      title: Title,
      description: Description,
      contestType: KindText,
      artStyle: Line(80),
      startsAt: IsoInstant,
      endsAt: IsoInstant,
      prize: Schema.optional(Schema.NullOr(PrizeInput)),
      /** Only paid plans may enter (false when absent on creation). */
      subscribersOnly: Schema.optional(Schema.Boolean),
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
    okBody: ContestBody,
    okStatus: 201,
    body: Schema.Struct({
      date: CalendarDate,
      timeZone: TimeZone,
      title: Title,
      description: Description,
      artStyle: Schema.optional(Line(80)),
      prize: Schema.optional(Schema.NullOr(PrizeInput)),
      /** Only paid plans may enter (false when absent on creation). */
      subscribersOnly: Schema.optional(Schema.Boolean),
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
          prize: body.prize,
          subscribersOnly: body.subscribersOnly,
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
    okBody: ContestBody,
    params: IdParams,
    body: Schema.Struct({
      title: Schema.optional(Title),
      description: Schema.optional(Description),
      contestType: Schema.optional(KindText),
      artStyle: Schema.optional(Line(80)),
      startsAt: Schema.optional(IsoInstant),
      endsAt: Schema.optional(IsoInstant),
      prize: Schema.optional(Schema.NullOr(PrizeInput)),
      /** Only paid plans may enter (false when absent on creation). */
      subscribersOnly: Schema.optional(Schema.Boolean),
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
    okBody: ContestBody,
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
    okBody: CalendarBody,
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
    okBody: AdminEntryPageBody,
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
    okBody: AdminEntryBody,
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
    okBody: ContestBody,
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
    okBody: RankingBody,
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
    summary:
      "Announces a closed contest's winner: marked announced, and the winner's mail and the entrants' results mails queued with it (the outbox's sender delivers them, with retries)",
    access: "admin",
    okBody: ContestBody,
    params: IdParams,
    responses: {
      404: "No such contest",
      409: "CONTEST_NOT_CLOSED, NO_WINNER or ALREADY_ANNOUNCED",
    },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const announced = yield* announceContest(yield* actor(caller), params.id)
        return ok(presentContest(announced.contest, yield* now))
      }),
  }),
]
