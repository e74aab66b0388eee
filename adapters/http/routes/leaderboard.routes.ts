import { Effect, Option, Schema } from "effect"
import type { Member } from "../../../domain/accounts/member.entity.ts"
import { MemberRepository } from "../../../domain/accounts/member.port.ts"
import { memberSettings } from "../../../domain/accounts/member-settings.use-case.ts"
import { leaderboard } from "../../../domain/ranking/leaderboard.use-case.ts"
import type { LeaderboardRow } from "../../../domain/ranking/leaderboard.ts"
import { type Period, PERIODS } from "../../../domain/shared/calendar.ts"
import { MAX_PAGE_SIZE } from "../../../domain/shared/paging.ts"
import { AGE_GROUPS, type Entry } from "../../../domain/submissions/entry.entity.ts"
import { keptAnswers } from "../kept-answers.ts"
import { presentLeaderboardRow } from "../presenters.ts"
import { ok, route } from "../route.ts"
import { KindText, Line } from "./shared.ts"
import { LeaderboardBody } from "../contest.schema.ts"

/**
 * The leaderboard (added: the spec's client ranked every entry in the browser). Entries are
 * ranked by weighted votes received within a period of the viewer's calendar (today, this week
 * from Sunday, this month, all time), ties to the earlier entry; the podium is the top three.
 */

/** A board with each row's avatar, which lives on the member's profile. */
const presentBoard = (board: {
  readonly period: Period
  readonly rows: ReadonlyArray<LeaderboardRow>
  readonly podium: ReadonlyArray<LeaderboardRow>
}): Effect.Effect<Answer, never, MemberRepository> =>
  Effect.gen(function* () {
    // One read per member on the board (at most 100).
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
    const rows = board.rows.map((row) =>
      presentLeaderboardRow(row, avatars.get(row.memberId) ?? null),
    )
    // The podium is the board's first rows (see podium): the same presented objects.
    return { period: board.period, rows, podium: rows.slice(0, board.podium.length) }
  })

type Answer = typeof LeaderboardBody.Type

/**
 * A board's answer by the ranked entries the use case read and the period (kept-answers.ts). The
 * repository keeps a board for a second and hands back the same array meanwhile, and a write
 * through this instance (a vote, a new or hidden entry, a profile) makes it read a new one; so a
 * board is presented once (its avatars read once).
 */
const answers = keptAnswers<ReadonlyArray<Entry>, Answer>()

/**
 * A member's avatar is read with the board. Saving a profile drops this instance's kept boards
 * (member-repository.ts), so a change shows at once here and within the board's second on
 * another instance; the signed-in member's own rows take the avatar of their profile as read for
 * this request, so they see their own change at once on any instance.
 */
const withOwnAvatar = (answer: Answer, member: Member): Answer => {
  const own = member.profile.avatarUrl
  const stale = (row: Answer["rows"][number]) => row.userId === member.id && row.avatarUrl !== own
  if (!answer.rows.some(stale)) return answer
  const mend = (row: Answer["rows"][number]) => (stale(row) ? { ...row, avatarUrl: own } : row)
  return { ...answer, rows: answer.rows.map(mend), podium: answer.podium.map(mend) }
}

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
        const answer = yield* answers(board.ranked, board.period, presentBoard(board))
        return ok(caller.member === null ? answer : withOwnAvatar(answer, caller.member))
      }),
  }),
]
