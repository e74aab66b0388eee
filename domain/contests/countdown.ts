import type { Instant } from "../shared/ids.ts"
import type { Contest } from "./contest.entity.ts"

export interface CountdownBadge {
  readonly label: "Remaining" | "Starts in" | "Ended"
  readonly text: string
}

const DAY_MS = 86_400_000
const pad = (n: number) => String(n).padStart(2, "0")

const clock = (ms: number): string => {
  const totalSeconds = Math.floor(ms / 1000)
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  return `${pad(hours)}:${pad(minutes)}:${pad(totalSeconds % 60)}`
}

/**
 * The contest card's badge, refreshed every second: "Starts in" (Nd HH:MM:SS when at least a
 * day remains, else HH:MM:SS), "Remaining" HH:MM:SS, or "Ended" 00:00:00.
 */
export const countdownBadge = (
  contest: Pick<Contest, "startsAt" | "endsAt">,
  now: Instant,
): CountdownBadge => {
  if (now < contest.startsAt) {
    const left = contest.startsAt - now
    if (left >= DAY_MS) {
      const days = Math.floor(left / DAY_MS)
      return { label: "Starts in", text: `${days}d ${clock(left - days * DAY_MS)}` }
    }
    return { label: "Starts in", text: clock(left) }
  }
  if (now < contest.endsAt) return { label: "Remaining", text: clock(contest.endsAt - now) }
  return { label: "Ended", text: "00:00:00" }
}
