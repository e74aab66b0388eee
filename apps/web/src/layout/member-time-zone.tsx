import { useQuery } from "@tanstack/react-query"
import { useEffect } from "react"
import { announceDisplayTimeZone, setDisplayTimeZone } from "../../../ui/src/format.ts"
import { api } from "../api/api.ts"
import { settingsKey } from "../screens/profile/profile-queries.ts"
import { useSession } from "../session/session.tsx"

/**
 * The signed-in member's time zone setting, read once per session (the Settings tab's own query,
 * so a save there updates it): what dates and times are shown in. A visitor's are shown in the
 * browser's zone. Returns it, undefined while unknown or for a visitor.
 */
export const useMemberTimeZone = (): string | undefined => {
  const { member } = useSession()
  const memberId = member?.id
  const settings = useQuery({
    queryKey: settingsKey(memberId ?? ""),
    queryFn: () => api.settings(memberId ?? ""),
    enabled: memberId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  })
  return memberId === undefined ? undefined : settings.data?.timeZone
}

/**
 * Sets the display zone while rendering, so everything rendered from then on shows the member's
 * zone, then tells the dates already on screen (useDisplayTimeZone). Sits under the
 * SessionProvider.
 */
export const MemberTimeZone = () => {
  const timeZone = useMemberTimeZone()
  setDisplayTimeZone(timeZone)
  useEffect(announceDisplayTimeZone, [timeZone])
  return null
}
