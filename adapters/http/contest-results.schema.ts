import { Schema } from "effect"

/**
 * The bodies of the published-results routes (the issue 14 API contract), for the OpenAPI
 * document; tests/http/results.test.ts decodes real answers with them, so they cannot drift.
 */

/** One ranked entry: raw votes and weighted score, two labelled numbers. */
export const ResultRowBody = Schema.Struct({
  rank: Schema.Number,
  entryId: Schema.String,
  artistName: Schema.String,
  username: Schema.String,
  thumbnailUrl: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  rawVotes: Schema.Number,
  score: Schema.Number,
  createdAt: Schema.String,
})

const ResultStatusBody = Schema.Literals(["provisional", "announced"])

const CountsBody = Schema.Struct({
  entries: Schema.Number,
  voters: Schema.Number,
  votes: Schema.Number,
})

/** A contest as GET /api/challenges/:id answers it (presentContest). */
const ContestBody = Schema.Record(Schema.String, Schema.Unknown)

export const ContestResultsBody = Schema.Struct({
  contest: ContestBody,
  status: ResultStatusBody,
  announcedAt: Schema.NullOr(Schema.String),
  winner: Schema.NullOr(ResultRowBody),
  peoplesChoice: Schema.NullOr(ResultRowBody),
  podium: Schema.Array(ResultRowBody),
  ranking: Schema.Array(ResultRowBody),
  nextCursor: Schema.NullOr(Schema.String),
  counts: CountsBody,
})

/** A past contest in the archive, and GET /api/challenges/latest-winner. */
export const PastContestBody = Schema.Struct({
  contest: ContestBody,
  status: ResultStatusBody,
  announcedAt: Schema.NullOr(Schema.String),
  winner: Schema.NullOr(ResultRowBody),
  counts: CountsBody,
})

export const ArchiveBody = Schema.Struct({
  items: Schema.Array(PastContestBody),
  nextCursor: Schema.NullOr(Schema.String),
})
