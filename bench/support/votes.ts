import type autocannon from "autocannon"

/** A voter's session cookie and an entry they may vote for. */
export interface Vote {
  readonly entryId: string
  readonly cookie: string
}

/**
 * The vote case: POST /api/submissions/:id/vote, one voter/entry pair per request, round robin
 * over the pairs; `headers` adds per-request headers (a client address, say); `body` is the
 * request's JSON ("{}": a plain vote).
 */
export const voteRequests = (
  url: string,
  votes: ReadonlyArray<Vote>,
  headers: () => Record<string, string> = () => ({}),
  body = "{}",
): autocannon.Options => {
  let next = 0
  return {
    url,
    requests: [
      {
        method: "POST",
        path: "/api/submissions/x/vote",
        headers: { "content-type": "application/json" },
        body,
        setupRequest: (request) => {
          const vote = votes[next++ % votes.length] as Vote
          return {
            ...request,
            path: `/api/submissions/${vote.entryId}/vote`,
            headers: { ...request.headers, cookie: vote.cookie, ...headers() },
          }
        },
      },
    ],
  }
}
