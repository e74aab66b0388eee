import { Effect, Option, Schema } from "effect"
import { MemberRepository } from "../../../domain/accounts/member.port.ts"
import { profileVisibility } from "../../../domain/accounts/member-settings.use-case.ts"
import { ContestRepository } from "../../../domain/contests/contest.port.ts"
import { isCancelled } from "../../../domain/contests/contest-status.ts"
import { NotFound } from "../../../domain/shared/errors.ts"
import { AGE_GROUPS, type Entry, isVisible } from "../../../domain/submissions/entry.entity.ts"
import { EntryRepository } from "../../../domain/submissions/entry.port.ts"
import { memberEntriesPage } from "../../../domain/submissions/entry-lists.use-case.ts"
import { galleryPage } from "../../../domain/submissions/gallery-page.use-case.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import { submitEntry } from "../../../domain/submissions/submit-entry.use-case.ts"
import { castVote, hasVoted } from "../../../domain/voting/cast-vote.use-case.ts"
import { presentEntryPage } from "../entry-placements.ts"
import { badRequest } from "../http-errors.ts"
import { presentEntry, presentSubscription } from "../presenters.ts"
import { created, ok, paged, route } from "../route.ts"
import { Id, IdParams, PageQuery } from "../schemas.ts"
import { actingAsClaimed, KindText, MemberIdField, MemberIdFields, Text } from "./shared.ts"
import {
  EntryListBody,
  HasVotedBody,
  SubmissionCreatedBody,
  VoteResultBody,
} from "../contest.schema.ts"

/**
 * Entries, which the spec and its paths call "submissions", and votes (§7 "Contests,
 * submissions, votes"). Lists are public (visible entries only) and paged newest first, the
 * next page's cursor in X-Next-Cursor. Entering and voting act for the signed-in member only.
 */

/** Visible entries newest first, optionally of one member or one contest: one page. */
const newestPage = (filter: {
  readonly memberId?: string | undefined
  readonly contestId?: string | undefined
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}) =>
  Effect.gen(function* () {
    const page = yield* galleryPage({
      tab: "all",
      sort: "newest",
      seed: "",
      timeZone: "UTC",
      memberId: filter.memberId,
      contestId: filter.contestId,
      cursor: filter.cursor ?? null,
      limit: filter.limit,
    })
    const { items } = yield* presentEntryPage(page.items)
    return paged(items, page.nextCursor)
  })

/**
 * A member's entries presented with placement, each one's contestName (its contest's title) and
 * contestCancelled; the contests of the page are read once.
 */
const withContestNames = (entries: ReadonlyArray<Entry>) =>
  Effect.map(presentEntryPage(entries), ({ items, contests }) =>
    items.map((item, index) => {
      const contest = contests.get(entries[index]?.contestId ?? "")
      if (contest === undefined) return item
      return { ...item, contestName: contest.title, contestCancelled: isCancelled(contest) }
    }),
  )

/** An empty page: a list the member's privacy settings keep from this viewer. */
const nothingShown = () => paged([], null)

/** The URL path we hand out for an image (`/images/<key>`) or the key itself → the key. */
const imageKeyOf = (filePath: string) => filePath.trim().replace(/^\/images\//, "")

const ENTRY_IMAGE = /^entry\/[0-9a-f-]{36}\.(jpg|png|webp|avif)$/

export const entryRoutes = [
  route({
    method: "POST",
    path: "/api/submissions",
    tag: "submissions",
    summary:
      "Enters a stored photo (file_path: the key of an uploaded entry image) into an open contest (challenge_id), spending one credit: {submission, subscription}. user_id, if sent, must be yours; status, votes, created_at, public_url and profiles are decided by the server and ignored",
    access: "member",
    okBody: SubmissionCreatedBody,
    okStatus: 201,
    body: Schema.Struct({
      ...MemberIdFields,
      challenge_id: Id,
      file_path: Text(300),
      age_group: Schema.optional(Schema.Literals(AGE_GROUPS)),
      contest_type: Schema.optional(KindText),
    }),
    responses: {
      201: "Entered: {submission, subscription}",
      402: "OUT_OF_SUBMISSIONS: no credit left this month",
      403: "A user_id (or userId) that is not yours, or CONTEST_CLOSED",
      404: "No such contest",
    },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        const member = yield* actingAsClaimed(caller, body)
        const key = imageKeyOf(body.file_path)
        const image = ENTRY_IMAGE.test(key) ? yield* (yield* ImageStore).read(key) : Option.none()
        if (Option.isNone(image)) {
          return yield* Effect.die(
            badRequest("file_path: not an uploaded entry photo; upload the image first"),
          )
        }
        // A stored photo belongs to the upload it came with: a client may not enter a photo
        // that an entry already shows (entered photos' keys are public in every list).
        if (yield* (yield* EntryRepository).hasImage(key)) {
          return yield* Effect.die(
            badRequest("file_path: this photo is already entered; upload your own photo"),
          )
        }
        const { entry, subscription } = yield* submitEntry({
          memberId: member.id,
          contestId: body.challenge_id,
          image: key,
          ageGroup: body.age_group,
          contestType: body.contest_type,
        })
        return created({
          submission: presentEntry(entry, false),
          subscription: presentSubscription(subscription),
        })
      }),
  }),
  route({
    method: "GET",
    path: "/api/submissions",
    tag: "submissions",
    summary:
      "Visible entries, newest first, optionally of one member (user_id: public data, empty when that member hides their submission history or profile from you); paged with limit and cursor, the next cursor in X-Next-Cursor",
    access: "public",
    okBody: EntryListBody,
    query: Schema.Struct({ user_id: MemberIdField, ...PageQuery.fields }),
    handler: ({ query, caller }) =>
      Effect.gen(function* () {
        if (query.user_id !== undefined) {
          const visible = yield* Effect.option(
            profileVisibility(query.user_id, caller.member?.id ?? null),
          )
          // An unknown member has no entries; a hidden history shows none.
          if (Option.isNone(visible) || !visible.value.submissionHistory) return nothingShown()
        }
        return yield* newestPage({
          memberId: query.user_id,
          cursor: query.cursor,
          limit: query.limit,
        })
      }),
  }),
  route({
    method: "GET",
    path: "/api/submissions/user/:userId",
    tag: "submissions",
    summary:
      "A member's visible entries, newest first, paged (cursor in X-Next-Cursor), each with contestName (its contest's title). To others: [] when the member hides their submission history (showSubmissionHistory), 404 when their profile is private (publicProfile)",
    access: "public",
    okBody: EntryListBody,
    params: Schema.Struct({ userId: Id }),
    query: PageQuery,
    responses: { 404: "No such member, or their profile is private" },
    handler: ({ params, query, caller }) =>
      Effect.gen(function* () {
        const member = yield* (yield* MemberRepository).get(params.userId)
        const visible = yield* profileVisibility(member.id, caller.member?.id ?? null)
        if (!visible.profile) return yield* new NotFound({ entity: "member", id: member.id })
        if (caller.member?.id === member.id) {
          // The member themself sees every entry, with the reason of any an admin took out.
          const own = yield* memberEntriesPage({
            memberId: member.id,
            cursor: query.cursor,
            limit: query.limit,
          })
          const presented = yield* withContestNames(own.items)
          return paged(
            presented.map((item, index) => ({
              ...item,
              moderationReason: own.items[index]?.moderationReason ?? null,
            })),
            own.nextCursor,
          )
        }
        if (!visible.submissionHistory) return nothingShown()
        const page = yield* galleryPage({
          tab: "all",
          sort: "newest",
          seed: "",
          timeZone: "UTC",
          memberId: member.id,
          cursor: query.cursor ?? null,
          limit: query.limit,
        })
        return paged(yield* withContestNames(page.items), page.nextCursor)
      }),
  }),
  route({
    method: "GET",
    path: "/api/submissions/by-challenge/search",
    tag: "submissions",
    summary:
      "A contest's visible entries, newest first, paged (cursor in X-Next-Cursor); X-Total-Count has how many there are in all",
    access: "public",
    okBody: EntryListBody,
    query: Schema.Struct({ challenge_id: Id, ...PageQuery.fields }),
    responses: { 404: "No such contest" },
    handler: ({ query }) =>
      Effect.gen(function* () {
        const contest = yield* (yield* ContestRepository).get(query.challenge_id)
        const reply = yield* newestPage({
          contestId: contest.id,
          cursor: query.cursor,
          limit: query.limit,
        })
        // The spec's client counts this list; with paging the total travels in a header.
        const all = yield* (yield* EntryRepository).ofContest(contest.id)
        const total = all.filter(isVisible).length
        return { ...reply, headers: { ...reply.headers, "X-Total-Count": String(total) } }
      }),
  }),
  route({
    method: "GET",
    path: "/api/submissions/:id/vote",
    tag: "submissions",
    summary:
      "Whether you voted for this entry: {hasVoted}; false for a visitor. user_id, if sent by a member, must be theirs",
    access: "public",
    okBody: HasVotedBody,
    params: IdParams,
    query: Schema.Struct(MemberIdFields),
    responses: {
      403: "A user_id (or userId) that is not the signed-in member's",
      404: "No such entry",
    },
    handler: ({ params, query, caller }) =>
      Effect.gen(function* () {
        const entry = yield* (yield* EntryRepository).get(params.id)
        if (!isVisible(entry)) return yield* new NotFound({ entity: "entry", id: entry.id })
        // A visitor has voted for nothing; whether someone else voted is never told.
        if (caller.member === null) return ok({ hasVoted: false })
        const member = yield* actingAsClaimed(caller, query)
        return ok({ hasVoted: yield* hasVoted({ voterId: member.id, entryId: entry.id }) })
      }),
  }),
  route({
    method: "POST",
    path: "/api/submissions/:id/vote",
    tag: "submissions",
    summary:
      "Casts your permanent vote, weighted by your plan: {voteCount, vote_count, votes, contest_id, weightedScore}. user_id, if sent, must be yours",
    access: "member",
    okBody: VoteResultBody,
    rateLimit: "vote",
    params: IdParams,
    body: Schema.Struct(MemberIdFields),
    responses: {
      403: "VOTING_CLOSED, VOTE_PERMANENT (already voted), SELF_VOTE, or a user_id (or userId) not yours",
      404: "No such entry",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* actingAsClaimed(caller, body)
        const { entry, contestId, weight } = yield* castVote({
          voterId: member.id,
          entryId: params.id,
        })
        return ok({
          voteCount: entry.voteCount,
          vote_count: entry.voteCount,
          votes: entry.voteCount,
          weightedScore: entry.weightedScore,
          contest_id: contestId,
          weight,
          hasVoted: true,
        })
      }),
  }),
]
