import { describe, expect, it } from "vitest"
import { AuthenticationRequired } from "../shared/errors.ts"
import { voteRefusal, voteWeight } from "./voting.ts"
import { SelfVote, VotePermanent, VotingClosed } from "./voting.errors.ts"

const START = Date.parse("2026-11-23T05:00:00Z")
const END = Date.parse("2026-11-24T05:00:00Z")

const contest = { id: "contest-1", startsAt: START, endsAt: END, storedStatus: null }
const entry = { id: "entry-1", memberId: "artist" }

const vote = (overrides: Partial<Parameters<typeof voteRefusal>[0]> = {}) =>
  voteRefusal({
    voterId: "voter",
    entry,
    contest,
    alreadyVoted: false,
    now: START + 1000,
    ...overrides,
  })

describe("voteRefusal", () => {
  it("accepts a signed-in member's first vote for someone else's entry in an open contest", () => {
    expect(vote()).toBeUndefined()
  })

  it("refuses a signed-out visitor with AuthenticationRequired", () => {
    const refusal = vote({ voterId: null })
    expect(refusal).toBeInstanceOf(AuthenticationRequired)
    expect(refusal?._tag).toBe("AuthenticationRequired")
    expect(refusal?.code).toBe("AUTHENTICATION_REQUIRED")
    expect(refusal?.message).toBe("Please sign in to vote for submissions")
  })

  it("accepts a vote one ms before the end", () => {
    expect(vote({ now: END - 1 })).toBeUndefined()
  })

  it("refuses a vote at the end instant with VotingClosed", () => {
    const refusal = vote({ now: END })
    expect(refusal).toBeInstanceOf(VotingClosed)
    expect(refusal?.code).toBe("VOTING_CLOSED")
    expect(refusal?.message).toBe("This contest has ended. Voting is no longer permitted.")
    expect(refusal instanceof VotingClosed && refusal.contestId).toBe("contest-1")
  })

  it("refuses a vote after the end with VotingClosed", () => {
    expect(vote({ now: END + 60_000 })).toBeInstanceOf(VotingClosed)
  })

  it("accepts a vote at the start instant and refuses one before it", () => {
    expect(vote({ now: START })).toBeUndefined()
    expect(vote({ now: START - 1 })).toBeInstanceOf(VotingClosed)
  })

  it("refuses a vote in a cancelled contest with VotingClosed", () => {
    expect(vote({ contest: { ...contest, storedStatus: "Cancelled" } })).toBeInstanceOf(
      VotingClosed,
    )
  })

  it("refuses a vote for the voter's own entry with SelfVote", () => {
    const refusal = vote({ voterId: "artist" })
    expect(refusal).toBeInstanceOf(SelfVote)
    expect(refusal?.code).toBe("SELF_VOTE")
  })

  it("refuses a second vote with VotePermanent", () => {
    const refusal = vote({ alreadyVoted: true })
    expect(refusal).toBeInstanceOf(VotePermanent)
    expect(refusal?.code).toBe("VOTE_PERMANENT")
    expect(refusal instanceof VotePermanent && refusal.entryId).toBe("entry-1")
  })

  describe("refusal order: AuthenticationRequired, VotingClosed, SelfVote, VotePermanent", () => {
    it("AuthenticationRequired comes before VotingClosed", () => {
      expect(vote({ voterId: null, now: END, alreadyVoted: true })?._tag).toBe(
        "AuthenticationRequired",
      )
    })

    it("VotingClosed comes before SelfVote and VotePermanent", () => {
      expect(vote({ voterId: "artist", now: END, alreadyVoted: true })?._tag).toBe("VotingClosed")
    })

    it("SelfVote comes before VotePermanent", () => {
      expect(vote({ voterId: "artist", alreadyVoted: true })?._tag).toBe("SelfVote")
    })
  })
})

describe("voteWeight", () => {
  it("is the voter's plan weight: 1, 1.5, 2, 3", () => {
    expect(voteWeight("free")).toBe(1)
    expect(voteWeight("lite")).toBe(1.5)
    expect(voteWeight("pro")).toBe(2)
    expect(voteWeight("champ")).toBe(3)
  })
})
