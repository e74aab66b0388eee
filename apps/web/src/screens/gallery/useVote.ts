import { useQueryClient } from "@tanstack/react-query"
import { useCallback, useRef, useState } from "react"
import { api } from "../../api/api.ts"
import type { Entry, EntryPage } from "../../api/types.ts"
import { entryKey } from "../../entries/entry-queries.ts"
import { useSession } from "../../session/session.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { patchEntry } from "./gallery-cache.ts"
import { VOTE_TOASTS, voteRefusal, votedEntry } from "./voting.ts"

/** Every cached gallery list (each tab and order): an entry's vote shows wherever it is listed. */
const GALLERY = ["gallery"] as const

/**
 * Casting a vote from a card (§4 Voting, §5): a visitor is asked to sign in, a second vote is
 * never sent, and the card takes the server's count. Returns the vote action and the entries
 * whose vote is on its way.
 */
export const useVote = () => {
  const { member } = useSession()
  const toast = useToast()
  const client = useQueryClient()
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set())
  // The state above disables the button on the next render; this stops a double click before it.
  const inFlight = useRef(new Set<string>())

  const patch = useCallback(
    (entryId: string, change: (entry: Entry) => Entry) => {
      client.setQueriesData({ queryKey: GALLERY }, (data: Parameters<typeof patchEntry>[0]) =>
        patchEntry(data, entryId, change),
      )
      // The entry's own page (and lightbox), when it is open or cached.
      client.setQueryData<EntryPage>(
        entryKey(entryId),
        (page) => page && { ...page, entry: change(page.entry) },
      )
    },
    [client],
  )

  const vote = useCallback(
    async (entry: Entry) => {
      if (!member) return toast(VOTE_TOASTS.signIn)
      if (entry.hasVoted) return toast(VOTE_TOASTS.alreadyCounted)
      if (inFlight.current.has(entry.id)) return
      inFlight.current.add(entry.id)
      setPending((current) => new Set(current).add(entry.id))
      try {
        const result = await api.vote(entry.id)
        patch(entry.id, (current) => ({
          ...votedEntry(current, result.voteCount),
          weightedScore:
            typeof result.weightedScore === "number" ? result.weightedScore : current.weightedScore,
        }))
        toast(VOTE_TOASTS.recorded)
      } catch (error) {
        const refusal = voteRefusal(error)
        if (refusal.counted) patch(entry.id, (current) => ({ ...current, hasVoted: true }))
        toast(refusal.toast)
      } finally {
        inFlight.current.delete(entry.id)
        setPending((current) => {
          const next = new Set(current)
          next.delete(entry.id)
          return next
        })
      }
    },
    [member, toast, patch],
  )

  return { vote, pending }
}
