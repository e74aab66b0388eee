import { useEffect } from "react"
import { api } from "../../api/api.ts"

const viewedKey = (contestId: string) => `colorday.contest-viewed.${contestId}`

/** §4: one contest-viewed analytic per browser session (and contest); a failure is not shown. */
export const useContestViewed = (contestId: string | undefined) => {
  useEffect(() => {
    if (!contestId) return
    try {
      if (window.sessionStorage.getItem(viewedKey(contestId))) return
      window.sessionStorage.setItem(viewedKey(contestId), "1")
    } catch {
      // Storage disabled: count the view this once anyway.
    }
    void api.countView(contestId).catch(() => undefined)
  }, [contestId])
}
