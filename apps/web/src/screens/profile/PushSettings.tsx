import "../../layout/notifications-catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { Button } from "../../../../ui/src/button.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { api } from "../../api/api.ts"
import {
  enablePush,
  pushPermission,
  type PushState,
  subscribeThisBrowser,
} from "../../push/web-push.ts"
import { SettingsCard } from "./controls.tsx"
import { settingsKey } from "./profile-queries.ts"

/** The push switches' ids in MemberSettingsForm's "Push notifications" card. */
const PUSH_SWITCH = '[id^="setting-push-"][role="switch"]'

/**
 * Settings → push on this browser (issue 24). The browser is asked for its permission only when
 * a push switch is turned on (within that click, as browsers ask only during a gesture) or with
 * the Allow button; then this browser's subscription is stored for the member. Says when the
 * browser blocks notifications, and how to undo that. With the permission already granted, the
 * subscription is stored again on each visit (a new device, or one the push service renewed).
 */
export const PushSettings = ({ memberId }: { readonly memberId: string }) => {
  const t = useT()
  const toast = useToast()
  const [state, setState] = useState<PushState>(pushPermission)
  const settings = useQuery({
    queryKey: settingsKey(memberId),
    queryFn: () => api.settings(memberId),
  })
  const anyOn = Object.values(settings.data?.push ?? {}).some(Boolean)

  const allow = () =>
    void enablePush().then(setState, () => {
      setState(pushPermission())
      toast({ title: t("web.notifications.push.failed"), variant: "destructive" })
    })

  // A push switch turned on (it was off when clicked) asks within the same click.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest(PUSH_SWITCH) : null
      if (target?.getAttribute("aria-checked") === "false" && pushPermission() === "default") {
        allow()
      }
    }
    document.addEventListener("click", onClick, true)
    return () => document.removeEventListener("click", onClick, true)
  })

  useEffect(() => {
    if (pushPermission() === "granted") void subscribeThisBrowser().catch(() => {})
  }, [])

  const message =
    state === "unsupported"
      ? t("web.notifications.push.unsupported")
      : state === "denied"
        ? t("web.notifications.push.blocked")
        : state === "granted"
          ? t("web.notifications.push.on")
          : anyOn
            ? t("web.notifications.push.ask")
            : t("web.notifications.push.allOff")

  return (
    <SettingsCard id="push-on-this-browser" title={t("web.notifications.push.title")}>
      <p
        role="status"
        data-push-state={state}
        className={state === "denied" ? "text-sm text-red-800" : "text-sm text-slate-700"}
      >
        {message}
      </p>
      {state === "default" && (
        <Button className="mt-3" variant="secondary" onClick={allow}>
          {t("web.notifications.push.allow")}
        </Button>
      )}
    </SettingsCard>
  )
}
