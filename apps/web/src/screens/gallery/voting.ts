import { ApiError } from "../../api/http.ts"
import type { Entry } from "../../api/types.ts"
import type { ToastMessage } from "../../../../ui/src/toast.tsx"

/** The vote's toasts (§5, §8) and what a refusal means for the card. */

export const VOTE_TOASTS = {
  signIn: {
    title: "Authentication Required",
    description: "Please sign in to vote for submissions.",
  },
  alreadyCounted: {
    title: "Vote Already Counted",
    description: "You have already voted for this submission.",
  },
  recorded: { title: "Vote Recorded", description: "Your vote has been counted!" },
} as const satisfies Record<string, ToastMessage>

const VOTE_FAILED = "There was an error processing your vote. Please try again."

export interface VoteRefusal {
  readonly toast: ToastMessage
  /** VOTE_PERMANENT: the server has this member's vote already, so the card shows it as cast. */
  readonly counted: boolean
}

/** A refused or failed vote: the toast to show and whether the card now counts as voted. */
export const voteRefusal = (error: unknown): VoteRefusal => {
  const code = error instanceof ApiError ? error.code : undefined
  switch (code) {
    case "VOTING_CLOSED":
      return {
        toast: {
          title: "Voting Closed",
          description: "This contest has ended. Voting is no longer permitted.",
          variant: "destructive",
        },
        counted: false,
      }
    case "VOTE_PERMANENT":
      return {
        toast: { title: "Vote Permanent", description: "Votes cannot be removed once cast." },
        counted: true,
      }
    case "AUTHENTICATION_REQUIRED":
      return { toast: VOTE_TOASTS.signIn, counted: false }
    default: {
      // A code of our server carries a message meant for people; a bare HTTP status does not.
      const told =
        error instanceof ApiError && !error.code.startsWith("HTTP_") ? error.message : undefined
      return {
        toast: { title: "Voting Failed", description: told || VOTE_FAILED, variant: "destructive" },
        counted: false,
      }
    }
  }
}

/** The card after a vote: the server's count when it gave one, else one more (never below 0). */
export const votedEntry = <E extends Pick<Entry, "voteCount" | "hasVoted">>(
  entry: E,
  serverCount?: number,
): E => ({
  ...entry,
  voteCount:
    typeof serverCount === "number" && Number.isFinite(serverCount)
      ? Math.max(0, serverCount)
      : Math.max(0, entry.voteCount + 1),
  hasVoted: true,
})
