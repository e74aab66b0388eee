import "./notifications-catalog.ts"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Bell } from "lucide-react"
import { useEffect } from "react"
import { Link } from "react-router-dom"
import { BELL_CLASS } from "./NotificationBell.tsx"
import { useT } from "../../../ui/src/i18n.tsx"
import { Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from "../../../ui/src/menu.tsx"
import { notificationsKey, pushApi } from "../api/push-api.ts"

/** How often the bell asks for new notifications while the page is open. */
const REFRESH_MS = 60_000

/**
 * The bell's menu (issue 24), its own chunk (issue 20): Radix's dropdown menu and what it brings
 * (floating-ui, focus scope, scroll lock) is a sixth of the site's first script, and a visitor,
 * whom every first load serves, never sees the bell. NotificationBell loads it for a member.
 */
const BellMenu = () => {
  const t = useT()
  const client = useQueryClient()
  const list = useQuery({
    queryKey: notificationsKey,
    queryFn: pushApi.notifications,
    refetchInterval: REFRESH_MS,
  })
  const markRead = useMutation({
    mutationFn: pushApi.markRead,
    onSuccess: () => void client.invalidateQueries({ queryKey: notificationsKey }),
  })
  // A push that reached this browser is in the list too: ask again.
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === "colorday:push") {
        void client.invalidateQueries({ queryKey: notificationsKey })
      }
    }
    navigator.serviceWorker.addEventListener("message", onMessage)
    return () => navigator.serviceWorker.removeEventListener("message", onMessage)
  }, [client])

  const unread = list.data?.unread ?? 0
  const items = list.data?.items ?? []
  return (
    <Menu
      onOpenChange={(open) => {
        if (open && unread > 0) markRead.mutate()
      }}
    >
      <MenuTrigger
        className={BELL_CLASS}
        aria-label={
          unread > 0
            ? t("web.notifications.bell.labelUnread", { count: unread })
            : t("web.notifications.bell.label")
        }
        data-testid="notification-bell"
      >
        <Bell aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-semibold text-primary-foreground"
          >
            {unread > 9 ? "9+" : unread}
          </span>
        )}
      </MenuTrigger>
      <MenuContent className="w-80 max-w-[calc(100vw-2rem)]">
        <MenuLabel>{t("web.notifications.bell.title")}</MenuLabel>
        {items.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">
            {t("web.notifications.bell.empty")}
          </p>
        ) : (
          <ul className="max-h-96 overflow-y-auto" data-testid="notification-list">
            {items.map((item) => (
              <li key={item.id}>
                <MenuItem asChild>
                  <Link to={item.url} className="flex flex-col items-start gap-0.5">
                    <span className={item.read ? "font-medium" : "font-semibold"}>
                      {item.title}
                    </span>
                    <span className="text-xs text-muted-foreground">{item.body}</span>
                  </Link>
                </MenuItem>
              </li>
            ))}
          </ul>
        )}
      </MenuContent>
    </Menu>
  )
}

export default BellMenu
