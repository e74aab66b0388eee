import { createHash } from "node:crypto"
import { Clock, Effect, Schema } from "effect"
import { ContestRepository } from "../../../domain/contests/contest.port.ts"
import {
  contestArchive,
  contestResults,
  latestWinner,
} from "../../../domain/contests/contest-results.use-case.ts"
import type { Contest } from "../../../domain/contests/contest.entity.ts"
import { currentContest } from "../../../domain/contests/current-contest.use-case.ts"
import { recordDownload, recordView } from "../../../domain/contests/record-download.use-case.ts"
import { resultPageSize } from "../../../domain/ranking/contest-ranking.ts"
import { pageSize } from "../../../domain/shared/paging.ts"
import { ArchiveBody, ContestResultsBody, PastContestBody } from "../contest-results.schema.ts"
import { forbidden } from "../http-errors.ts"
import { presentContestResults, presentPastContest } from "../presenters.ts"
import { presentPublicContest } from "../perk.schema.ts"
import { type Caller, noContent, ok, paged, type Reply, route } from "../route.ts"
import { IdParams, PageQuery } from "../schemas.ts"
import { ContestBody, ContestListBody } from "../contest.schema.ts"

/** The spec calls contests "challenges"; the paths keep its words, the code uses ours. */

/**
 * Who is looking, for counting views and downloads once a day: the signed-in member, else the
 * client's address (as the app reads it behind the configured proxies), kept only as a digest.
 */
export const visitorOf = (caller: Caller): string =>
  caller.member !== null
    ? `member:${caller.member.id}`
    : `address:${createHash("sha256").update(caller.ip).digest("hex").slice(0, 40)}`

/**
 * The home page's contest as presented, by the contest object the repository answered: it hands
 * back the same object while it keeps the home contests (at most a second, and only until a write
 * through this instance; contest-repositories.ts), so the contest is presented once per second
 * of its countdown, not once per request, and app.ts sends the same bytes and ETag meanwhile.
 * What `now` changes in the answer is its status and countdown (the line art shows from the
 * start, when the status moves on): the kept answer is for one status and countdown text.
 */
const presentedHomeContests = new WeakMap<
  Contest,
  { readonly moment: string; readonly reply: Reply }
>()

const homeContestReply = (current: {
  readonly contest: Contest
  readonly status: string
  readonly countdown: { readonly label: string; readonly text: string }
  readonly at: number
}): Reply => {
  const moment = `${current.status} ${current.countdown.label} ${current.countdown.text}`
  const kept = presentedHomeContests.get(current.contest)
  if (kept?.moment === moment) return kept.reply
  // Presented at the instant the status and countdown were read at, so the answer is theirs.
  const reply = ok(presentPublicContest(current.contest, current.at))
  presentedHomeContests.set(current.contest, { moment, reply })
  return reply
}

export const contestRoutes = [
  route({
    method: "GET",
    path: "/api/challenges",
    tag: "contests",
    summary: "Contests, newest first; the next page's cursor is in X-Next-Cursor",
    access: "public",
    etag: "public",
    okBody: ContestListBody,
    query: PageQuery,
    handler: ({ query }) =>
      Effect.gen(function* () {
        const contests = yield* ContestRepository
        const now = yield* Clock.currentTimeMillis
        const page = yield* contests.page(query.cursor ?? null, pageSize(query.limit))
        return paged(
          page.items.map((contest) => presentPublicContest(contest, now)),
          page.nextCursor,
        )
      }),
  }),
  route({
    method: "GET",
    path: "/api/challenges/current-active",
    tag: "contests",
    summary: "The home page's contest: in progress, else the next, else the last; 204 when none",
    access: "public",
    etag: "public",
    okBody: ContestBody,
    responses: { 204: "No contest at all" },
    handler: () =>
      Effect.gen(function* () {
        const current = yield* currentContest()
        return current ? homeContestReply(current) : noContent()
      }),
  }),
  {
    ...route({
      method: "GET",
      path: "/api/challenges/archive",
      tag: "contests",
      summary:
        "Past contests (ended, not cancelled), the latest first: { items: [{ contest, status, announcedAt, winner, counts }], nextCursor }; the winner only once announced",
      access: "public",
      etag: "public",
      query: PageQuery,
      handler: ({ query }) =>
        Effect.gen(function* () {
          const archive = yield* contestArchive(query.cursor ?? null, pageSize(query.limit))
          const now = yield* Clock.currentTimeMillis
          return ok({
            items: archive.items.map((item) => presentPastContest(item, now)),
            nextCursor: archive.nextCursor,
          })
        }),
    }),
    okBody: ArchiveBody,
  },
  {
    ...route({
      method: "GET",
      path: "/api/challenges/latest-winner",
      tag: "contests",
      summary:
        "The last announced contest, as an archive item ({ contest, status, announcedAt, winner, counts }); 204 when none is announced",
      access: "public",
      etag: "public",
      responses: { 204: "No contest is announced yet" },
      handler: () =>
        Effect.gen(function* () {
          const latest = yield* latestWinner()
          const now = yield* Clock.currentTimeMillis
          return latest ? ok(presentPastContest(latest, now)) : noContent()
        }),
    }),
    okBody: PastContestBody,
  },
  {
    ...route({
      method: "GET",
      path: "/api/challenges/:id/results",
      tag: "contests",
      summary:
        "A contest's result: provisional from its end, announced once announced. { contest, status, announcedAt, winner, peoplesChoice, podium, ranking (one page, limit 50 by default, 100 at most), nextCursor, counts: { entries, voters, votes } }. Ranked by score (votes weighted by each voter's plan), ties to the earlier entry; hidden entries take no part",
      access: "public",
      etag: "public",
      params: IdParams,
      query: PageQuery,
      responses: {
        404: "NOT_FOUND: no such contest; NO_RESULT: it has not ended yet, or was cancelled",
      },
      handler: ({ params, query }) =>
        Effect.gen(function* () {
          const results = yield* contestResults(
            params.id,
            query.cursor ?? null,
            resultPageSize(query.limit),
          )
          return ok(presentContestResults(results, yield* Clock.currentTimeMillis))
        }),
    }),
    okBody: ContestResultsBody,
  },
  route({
    method: "GET",
    path: "/api/challenges/:id",
    tag: "contests",
    summary: "One contest",
    access: "public",
    etag: "public",
    okBody: ContestBody,
    params: IdParams,
    responses: { 404: "No such contest" },
    handler: ({ params }) =>
      Effect.gen(function* () {
        const contests = yield* ContestRepository
        const now = yield* Clock.currentTimeMillis
        return ok(presentPublicContest(yield* contests.get(params.id), now))
      }),
  }),
  route({
    method: "PUT",
    path: "/api/challenges/:id",
    tag: "contests",
    summary:
      "Records a line-art download (the spec's download log), counted once a day per visitor (the signed-in member, else the address) and contest. A signed-in member's download is a row; the userId in the log, if any, must be the member's own",
    access: "public",
    okBody: ContestBody,
    params: IdParams,
    body: Schema.Struct({
      download: Schema.optional(
        Schema.Array(
          Schema.Struct({
            userId: Schema.optional(Schema.NullOr(Schema.String)),
            timestamp: Schema.optional(Schema.Unknown),
          }),
        ).check(Schema.isMaxLength(1000)),
      ),
    }),
    responses: { 403: "A userId that is not the signed-in member's", 404: "No such contest" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const memberId = caller.member?.id ?? null
        const claimed = (body.download ?? []).map((d) => d.userId).filter((id) => id != null)
        if (claimed.some((id) => id !== memberId)) return yield* Effect.die(forbidden())
        const { contest } = yield* recordDownload({
          contestId: params.id,
          memberId,
          visitor: visitorOf(caller),
        })
        const now = yield* Clock.currentTimeMillis
        return ok(presentPublicContest(contest, now))
      }),
  }),
  route({
    method: "POST",
    path: "/api/challenges/:id/analytics/:metric",
    tag: "contests",
    summary:
      "Counts a contest view, once a day per visitor (the signed-in member, else the address) and contest. Downloads, entries and votes are counted by the server when they happen, so those metrics are accepted and not counted twice",
    access: "public",
    params: Schema.Struct({
      id: IdParams.fields.id,
      metric: Schema.Literals(["views", "downloads", "submissions", "votes"]),
    }),
    responses: { 204: "Counted", 404: "No such contest" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        if (params.metric === "views") {
          yield* recordView({
            contestId: params.id,
            memberId: caller.member?.id ?? null,
            visitor: visitorOf(caller),
          })
        } else {
          yield* (yield* ContestRepository).get(params.id)
        }
        return noContent()
      }),
  }),
]
