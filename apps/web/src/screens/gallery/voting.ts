import "./catalog.ts"
import { ApiError } from "../../api/http.ts"
import type { Entry } from "../../api/types.ts"
import { translate } from "../../../../ui/src/i18n.tsx"
import type { ToastMessage } from "../../../../ui/src/toast.tsx"

/**
 * The vote's toasts (§5, §8) and what a refusal means for the card, in the page's language
 * (web-gallery.json): read when shown.
 */

export const VOTE_TOASTS = {
  get signIn(): ToastMessage {
    return {
      title: translate("web.gallery.vote.signIn.title"),
      description: translate("web.gallery.vote.signIn.text"),
    }
  },
  get alreadyCounted(): ToastMessage {
    return {
      title: translate("web.gallery.vote.already.title"),
      description: translate("web.gallery.vote.already.text"),
    }
  },
  get recorded(): ToastMessage {
    return {
      title: translate("web.gallery.vote.recorded.title"),
      description: translate("web.gallery.vote.recorded.text"),
    }
  },
}

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
          title: translate("web.gallery.vote.closed.title"),
          description: translate("web.gallery.vote.closed.text"),
          variant: "destructive",
        },
        counted: false,
      }
    case "VOTE_PERMANENT":
      return {
        toast: {
          title: translate("web.gallery.vote.permanent.title"),
          description: translate("web.gallery.vote.permanent.text"),
        },
        counted: true,
      }
    case "AUTHENTICATION_REQUIRED":
      return { toast: VOTE_TOASTS.signIn, counted: false }
    default: {
      // A code of our server carries a message meant for people; a bare HTTP status does not.
      const told =
        error instanceof ApiError && !error.code.startsWith("HTTP_") ? error.message : undefined
      return {
        toast: {
          title: translate("web.gallery.vote.failed.title"),
          description: told || translate("web.gallery.vote.failed.text"),
          variant: "destructive",
        },
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
