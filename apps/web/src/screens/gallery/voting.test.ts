import { describe, expect, it } from "vitest"
import { ApiError } from "../../api/http.ts"
import { voteRefusal, votedEntry } from "./voting.ts"

const refused = (status: number, code: string, message: string) =>
  new ApiError(status, code, message, { code, message })

describe("voteRefusal", () => {
  it("says voting is closed, destructively, and leaves the card unvoted", () => {
    const outcome = voteRefusal(refused(403, "VOTING_CLOSED", "closed"))
    expect(outcome.toast).toEqual({
      title: "Voting Closed",
      description: "This contest has ended. Voting is no longer permitted.",
      variant: "destructive",
    })
    expect(outcome.counted).toBe(false)
  })

  it("treats a permanent vote as cast", () => {
    const outcome = voteRefusal(refused(403, "VOTE_PERMANENT", "already"))
    expect(outcome.toast.title).toBe("Vote Permanent")
    expect(outcome.toast.description).toBe("Votes cannot be removed once cast.")
    expect(outcome.counted).toBe(true)
  })

  it("shows the server's message for a vote on one's own entry", () => {
    const outcome = voteRefusal(refused(403, "SELF_VOTE", "You cannot vote for your own entry."))
    expect(outcome.toast.description).toBe("You cannot vote for your own entry.")
  })

  it("asks an expired session to sign in", () => {
    expect(voteRefusal(refused(401, "AUTHENTICATION_REQUIRED", "x")).toast.title).toBe(
      "Authentication Required",
    )
  })

  it("falls back to the spec's words when nothing useful was said", () => {
    expect(voteRefusal(new ApiError(500, "HTTP_500", "Request failed", null)).toast).toEqual({
      title: "Voting Failed",
      description: "There was an error processing your vote. Please try again.",
      variant: "destructive",
    })
    expect(voteRefusal(new Error("boom")).toast.description).toBe(
      "There was an error processing your vote. Please try again.",
    )
  })
})

describe("votedEntry", () => {
  it("takes the server's count", () => {
    expect(votedEntry({ voteCount: 3, hasVoted: false }, 9)).toEqual({
      voteCount: 9,
      hasVoted: true,
    })
  })

  it("adds one when the server gave no count, never going below zero", () => {
    expect(votedEntry({ voteCount: 3, hasVoted: false })).toEqual({ voteCount: 4, hasVoted: true })
    expect(votedEntry({ voteCount: -5, hasVoted: false })).toEqual({ voteCount: 0, hasVoted: true })
  })
})
