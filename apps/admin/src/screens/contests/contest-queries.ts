import { useQueryClient } from "@tanstack/react-query"
import { useCallback } from "react"
import type { Contest } from "../../api/admin-types.ts"

export const contestKey = (contestId: string) => ["admin", "contest", contestId] as const
export const entriesKey = (contestId: string) => ["admin", "contest-entries", contestId] as const
export const rankingKey = (contestId: string) => ["admin", "ranking", contestId] as const

/**
 * After the server changed a contest: its answer replaces the one shown, and every other admin
 * view (lists, calendar, overview, ranking) is read again.
 */
export const useContestChanged = () => {
  const client = useQueryClient()
  return useCallback(
    (contest: Contest) => {
      client.setQueryData(contestKey(contest.id), contest)
      void client.invalidateQueries({
        queryKey: ["admin"],
        predicate: (query) => query.queryKey[1] !== "contest",
      })
    },
    [client],
  )
}
