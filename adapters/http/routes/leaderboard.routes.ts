import { Effect, Option, Schema } from "effect"
import { MemberRepository } from "../../../domain/accounts/member.port.ts"
import { memberSettings } from "../../../domain/accounts/member-settings.use-case.ts"
import { leaderboard } from "../../../domain/ranking/leaderboard.use-case.ts"
import { PERIODS } from "../../../domain/shared/calendar.ts"
import { MAX_PAGE_SIZE } from "../../../domain/shared/paging.ts"
import { AGE_GROUPS } from "../../../domain/submissions/entry.entity.ts"
import { presentLeaderboardRow } from "../presenters.ts"
import { ok, route } from "../route.ts"
import { KindText, Line } from "./shared.ts"
import { LeaderboardBody } from "../contest.schema.ts"

/**
 * The leaderboard (added: the spec's client ranked every entry in the browser). Entries are
 * ranked by weighted votes received within a period of the viewer's calendar (today, this week
 * from Sunday, this month, all time), ties to the earlier entry; the podium is the top three.
 */

export const leaderboardRoutes = [
  route({
    method: "GET",
    path: "/api/leaderboard",
    tag: "leaderboard",
    summary:
      "The ranking of a period: {period, rows: [{rank, userId, username, avatarUrl, score, rawVotes, submissionId, submissionUrl, contestType, ageGroup, date}], podium}. period today|week|month|all (all by default), tz an IANA zone (UTC by default; a signed-in member's periods follow the time zone of their settings instead), filters contestType and ageGroup, limit 1..100",
    access: "public",
    // A member's periods follow their own time zone setting: the answer depends on the session.
    etag: "visitor",
    okBody: LeaderboardBody,
    query: Schema.Struct({
      period: Schema.optional(Schema.Literals(PERIODS)),
      tz: Schema.optional(Line(64)),
      contestType: Schema.optional(KindText),
      ageGroup: Schema.optional(Schema.Literals([...AGE_GROUPS, "all"])),
      limit: Schema.optional(
        Schema.NumberFromString.check(
          Schema.isInt(),
          Schema.isBetween({ minimum: 1, maximum: MAX_PAGE_SIZE }),
        ),
      ),
    }),
    responses: { 400: "A bad filter or an unknown time zone (tz)" },
    handler: ({ query, caller }) =>
      Effect.gen(function* () {
        const board = yield* leaderboard({
          period: query.period ?? "all",
          timeZone:
            caller.member === null
              ? query.tz || "UTC"
              : (yield* memberSettings(caller.member.id)).timeZone,
          contestType: query.contestType || undefined,
          ageGroup: query.ageGroup,
          limit: query.limit,
        })
        // Avatars live on the members' profiles: one read per member on the board (at most 100).
        const members = yield* MemberRepository
        const ids = [...new Set(board.rows.map((row) => row.memberId))]
        const avatars = new Map(
          yield* Effect.forEach(ids, (id) =>
            Effect.map(
              Effect.option(members.get(id)),
              (found) =>
                [
                  id,
                  Option.match(found, {
                    onNone: () => null,
                    onSome: (member) => member.profile.avatarUrl,
                  }),
                ] as const,
            ),
          ),
        )
        const present = (row: (typeof board.rows)[number]) =>
          presentLeaderboardRow(row, avatars.get(row.memberId) ?? null)
        return ok({
          period: board.period,
          rows: board.rows.map(present),
          podium: board.podium.map(present),
        })
      }),
  }),
]
