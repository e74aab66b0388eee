import { Clock } from "lucide-react"
import type { CountdownBadge as Badge } from "../../../../../domain/contests/countdown.ts"
import { useT } from "../../../../ui/src/i18n.tsx"

const TONES: Record<Badge["label"], string> = {
  Remaining: "bg-green-50 text-green-800 ring-green-200",
  "Starts in": "bg-brand-50 text-brand-800 ring-brand-100",
  Ended: "bg-slate-100 text-slate-700 ring-slate-200",
}

const LABELS: Record<Badge["label"], string> = {
  Remaining: "web.home.countdown.remaining",
  "Starts in": "web.home.countdown.startsIn",
  Ended: "web.home.countdown.ended",
}

/** "Remaining 05:12:09", "Starts in 1d 02:00:00" or "Ended 00:00:00" (§4 Countdown badge). */
export const CountdownBadge = ({ badge }: { readonly badge: Badge }) => {
  const t = useT()
  const days = /^(\d+)d (.+)$/.exec(badge.text)
  return (
    <p
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium ring-1 ${TONES[badge.label]}`}
    >
      <Clock aria-hidden className="size-4" />
      <span>{t(LABELS[badge.label])}</span>
      {/* A timer is not announced every second; it is read when the person reaches it. */}
      <span role="timer" className="font-mono tabular-nums">
        {days ? t("web.home.countdown.days", { days: days[1], clock: days[2] }) : badge.text}
      </span>
    </p>
  )
}
