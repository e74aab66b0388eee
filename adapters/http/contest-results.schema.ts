import { Schema } from "effect"
import { ContestBody } from "./contest.schema.ts"

/**
 * The bodies of the published-results routes (the issue 14 API contract), for the OpenAPI
 * document and the presenters' types; tests/http/results.test.ts decodes real answers with them, so they cannot drift.
 */

/** One ranked entry: raw votes and weighted score, two labelled numbers. */
export const ResultRowBody = Schema.Struct({
  rank: Schema.Finite,
  entryId: Schema.String,
  artistName: Schema.String,
  username: Schema.String,
  thumbnailUrl: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  rawVotes: Schema.Finite,
  score: Schema.Finite,
  createdAt: Schema.String,
}).annotate({ identifier: "ResultRow" })

const ResultStatusBody = Schema.Literals(["provisional", "announced"]).annotate({
  identifier: "ResultStatus",
})

const CountsBody = Schema.Struct({
  entries: Schema.Finite,
  voters: Schema.Finite,
  votes: Schema.Finite,
}).annotate({ identifier: "ResultCounts" })

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
}).annotate({ identifier: "ContestResults" })

/** A past contest in the archive, and GET /api/challenges/latest-winner. */
export const PastContestBody = Schema.Struct({
  contest: ContestBody,
  status: ResultStatusBody,
  announcedAt: Schema.NullOr(Schema.String),
  winner: Schema.NullOr(ResultRowBody),
  counts: CountsBody,
}).annotate({ identifier: "ArchiveItem" })

export const ArchiveBody = Schema.Struct({
  items: Schema.Array(PastContestBody),
  nextCursor: Schema.NullOr(Schema.String),
}).annotate({ identifier: "ContestArchive" })

export type ResultRowBody = typeof ResultRowBody.Type
export type ContestResultsBody = typeof ContestResultsBody.Type
export type PastContestBody = typeof PastContestBody.Type
