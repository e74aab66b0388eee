import { useQuery } from "@tanstack/react-query"
import { api } from "../../api/api.ts"

/** The member's counters: the header's badges and the Achievements tab share one request. */
export const useMemberStats = (memberId: string) =>
  useQuery({ queryKey: ["member-stats", memberId], queryFn: api.stats })

export const settingsKey = (memberId: string) => ["member-settings", memberId] as const
