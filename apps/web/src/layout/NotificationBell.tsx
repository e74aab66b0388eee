import { Bell } from "lucide-react"
import { lazy, Suspense } from "react"
import { buttonVariants } from "../../../ui/src/button.tsx"
import { useSession } from "../session/session.tsx"

const BellMenu = lazy(() => import("./BellMenu.tsx"))

/** Where the bell goes in the header, and how large it is. */
export const BELL_CLASS = `${buttonVariants({ variant: "ghost", size: "icon" })} relative ml-auto lg:ml-0`

/**
 * The header's bell (issue 24): a signed-in member's notifications (contest reminders, new votes,
 * badges unlocked), the same events Web Push sends, for members who did not allow push too.
 * The unread count shows on the bell; opening the list marks them read. Its menu is loaded for a
 * member only (BellMenu.tsx); until it is, the bell's place holds a bell of the same size, so
 * nothing in the header moves.
 */
export const NotificationBell = () => {
  const { member } = useSession()
  if (!member) return null
  return (
    <Suspense
      fallback={
        <span aria-hidden className={BELL_CLASS}>
          <Bell aria-hidden />
        </span>
      }
    >
      <BellMenu />
    </Suspense>
  )
}
