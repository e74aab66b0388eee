import { Schema } from "effect"
import { PRIZE_KINDS } from "../../domain/contests/contest-prize.ts"
import { CONTEST_STATUSES } from "../../domain/contests/contest-status.ts"
import { SubscriptionBody } from "./account.schema.ts"

/**
 * The bodies of the contest, entry, gallery and leaderboard answers (the issue 17 API contract).
 * presenters.ts builds its answers as these types, the OpenAPI document names each one under
 * components.schemas (the identifier), and the apps' client types are generated from that
 * document (npm run api-types), so a renamed field fails the app that reads it at build time.
 * Numbers are Finite: the JSON document then says `number`, not `number | "NaN" | ...`.
 */

export const CountdownBody = Schema.Struct({
  label: Schema.Literals(["Remaining", "Starts in", "Ended"]),
  text: Schema.String,
}).annotate({ identifier: "Countdown" })

export const ContestStatusBody = Schema.Literals(CONTEST_STATUSES).annotate({
  identifier: "ContestStatus",
})

/** A closed contest's figures, frozen when it closed. */
export const ContestResultBody = Schema.Struct({
  closedAt: Schema.NullOr(Schema.String),
  winnerEntryId: Schema.NullOr(Schema.String),
  winnerMemberId: Schema.NullOr(Schema.String),
  winnerRawVotes: Schema.NullOr(Schema.Finite),
  winnerWeightedScore: Schema.NullOr(Schema.Finite),
  peoplesChoiceEntryId: Schema.NullOr(Schema.String),
  totalEntries: Schema.Finite,
  totalVotes: Schema.Finite,
}).annotate({ identifier: "ContestResult" })

/**
 * A contest's prize: its kind, the admin's text, the amount (cents of cash, or credits; null for
 * other) and `line`, the whole prize as pages and the winner's mail state it ("$25 (Cash prize)").
 */
export const ContestPrizeBody = Schema.Struct({
  kind: Schema.Literals(PRIZE_KINDS),
  text: Schema.String,
  amount: Schema.NullOr(Schema.Finite),
  line: Schema.String,
}).annotate({ identifier: "ContestPrize" })

/** A contest (presentContest): the product's names plus the spec's aliases. */
export const ContestBody = Schema.Struct({
  _id: Schema.String,
  id: Schema.String,
  title: Schema.String,
  name: Schema.String,
  description: Schema.String,
  lineArt: Schema.NullOr(Schema.String),
  image_url: Schema.NullOr(Schema.String),
  contestType: Schema.String,
  type: Schema.String,
  contest_type: Schema.String,
  artStyle: Schema.String,
  startsAt: Schema.String,
  endsAt: Schema.String,
  startDate: Schema.String,
  startTime: Schema.String,
  endDate: Schema.String,
  endTime: Schema.String,
  start_date: Schema.String,
  end_date: Schema.String,
  status: ContestStatusBody,
  countdown: CountdownBody,
  createdAt: Schema.String,
  result: Schema.NullOr(ContestResultBody),
  /** What the winner gets; null when the admin set no prize. */
  prize: Schema.NullOr(ContestPrizeBody),
  /** Only paid plans (Color Lite and up) may enter; everyone sees it and its entries. */
  subscribersOnly: Schema.Boolean,
}).annotate({ identifier: "Contest" })
export type ContestBody = typeof ContestBody.Type

export const EntryStatusBody = Schema.Literals(["submitted", "hidden", "disqualified"])

/** An entry as lists and pages present it (presentEntry): the product's names plus aliases. */
export const EntryBody = Schema.Struct({
  _id: Schema.String,
  id: Schema.String,
  user_id: Schema.String,
  userId: Schema.String,
  artist_name: Schema.String,
  username: Schema.String,
  profiles: Schema.Struct({ username: Schema.String, avatar_url: Schema.Null }),
  challenge_id: Schema.String,
  contest_id: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  /** A small rendition for grids (480 px wide at most). */
  thumbnailUrl: Schema.NullOr(Schema.String),
  public_url: Schema.NullOr(Schema.String),
  file_path: Schema.String,
  age_group: Schema.String,
  ageGroup: Schema.String,
  contest_type: Schema.String,
  contestType: Schema.String,
  status: EntryStatusBody,
  voteCount: Schema.Finite,
  vote_count: Schema.Finite,
  weightedScore: Schema.Finite,
  created_at: Schema.String,
  createdAt: Schema.String,
  submissionDate: Schema.String,
  /** Its rank in its contest's announced result, when on the podium. */
  placement: Schema.NullOr(Schema.Literals([1, 2, 3])),
  /** True only once its contest is announced and it is the People's Choice. */
  peoplesChoice: Schema.Boolean,
  /** The /artists/:username link (the same value as username). */
  artistUsername: Schema.String,
  /** Whether the signed-in member voted for it, where the list tells. */
  hasVoted: Schema.optionalKey(Schema.Boolean),
  /** Its contest's title, on a member's list of entries. */
  contestName: Schema.optionalKey(Schema.String),
  /** True when its contest was cancelled (its credit came back), on a member's list of entries. */
  contestCancelled: Schema.optionalKey(Schema.Boolean),
  /** Why a moderator took it out: only on the member's own list. */
  moderationReason: Schema.optionalKey(Schema.NullOr(Schema.String)),
}).annotate({ identifier: "Entry" })
export type EntryBody = typeof EntryBody.Type

/** GET /api/submissions/user/:userId and by-challenge: a bare array, the cursor in X-Next-Cursor. */
export const EntryListBody = Schema.Array(EntryBody)

/** POST /api/submissions/:id/vote. */
export const VoteResultBody = Schema.Struct({
  voteCount: Schema.Finite,
  vote_count: Schema.Finite,
  votes: Schema.Finite,
  weightedScore: Schema.Finite,
  contest_id: Schema.String,
  weight: Schema.Finite,
  hasVoted: Schema.Literal(true),
}).annotate({ identifier: "VoteResult" })

/** GET /api/submissions/:id/vote. */
export const HasVotedBody = Schema.Struct({ hasVoted: Schema.Boolean }).annotate({
  identifier: "HasVoted",
})

export const GalleryPageBody = Schema.Struct({
  items: Schema.Array(EntryBody),
  nextCursor: Schema.NullOr(Schema.String),
  /** With sort=random: the shuffle's seed, to send back with the cursor. */
  seed: Schema.optionalKey(Schema.String),
}).annotate({ identifier: "GalleryPage" })

export const LeaderboardRowBody = Schema.Struct({
  rank: Schema.Finite,
  userId: Schema.String,
  username: Schema.String,
  avatarUrl: Schema.NullOr(Schema.String),
  score: Schema.Finite,
  rawVotes: Schema.Finite,
  submissionId: Schema.String,
  submissionUrl: Schema.NullOr(Schema.String),
  thumbnailUrl: Schema.NullOr(Schema.String),
  contestType: Schema.String,
  ageGroup: Schema.String,
  date: Schema.String,
}).annotate({ identifier: "LeaderboardRow" })
export type LeaderboardRowBody = typeof LeaderboardRowBody.Type

export const LeaderboardPeriodBody = Schema.Literals(["today", "week", "month", "all"]).annotate({
  identifier: "LeaderboardPeriod",
})

export const LeaderboardBody = Schema.Struct({
  period: LeaderboardPeriodBody,
  rows: Schema.Array(LeaderboardRowBody),
  podium: Schema.Array(LeaderboardRowBody),
}).annotate({ identifier: "Leaderboard" })

/** GET /api/challenges: a bare array of contests, the cursor in X-Next-Cursor. */
export const ContestListBody = Schema.Array(ContestBody)

/** POST /api/submissions: the new entry and the credits left. */
export const SubmissionCreatedBody = Schema.Struct({
  submission: EntryBody,
  subscription: SubscriptionBody,
}).annotate({ identifier: "SubmissionCreated" })
