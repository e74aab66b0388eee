import "./catalog.ts"
import { Award, Medal, Trophy, type LucideIcon } from "lucide-react"
import { useT } from "../../../ui/src/i18n.tsx"

/** Where an entry placed in its announced contest, as the API presents it on every entry. */
export interface Placed {
  readonly placement?: 1 | 2 | 3 | null
  readonly peoplesChoice?: boolean
}

type Kind = 1 | 2 | 3 | "peoples-choice"

const RIBBONS: { readonly [K in Kind]: { label: string; icon: LucideIcon; style: string } } = {
  1: {
    label: "web.entry.ribbon.first",
    icon: Trophy,
    style: "border-gold bg-gold-soft text-slate-900",
  },
  2: {
    label: "web.entry.ribbon.second",
    icon: Medal,
    style: "border-silver bg-silver-soft text-slate-900",
  },
  3: {
    label: "web.entry.ribbon.third",
    icon: Medal,
    style: "border-bronze bg-bronze-soft text-slate-900",
  },
  "peoples-choice": {
    label: "web.entry.ribbon.peoplesChoice",
    icon: Award,
    style: "border-sky-400 bg-sky-100 text-sky-950",
  },
}

/** The ribbons an entry earned: its podium place and People's Choice, in that order. */
export const ribbonsOf = (entry: Placed): ReadonlyArray<Kind> => [
  ...(entry.placement === 1 || entry.placement === 2 || entry.placement === 3
    ? [entry.placement]
    : []),
  ...(entry.peoplesChoice === true ? (["peoples-choice"] as const) : []),
]

/**
 * An entry's ribbons (1st, 2nd, 3rd, People's Choice) in words, the colour only repeating them.
 * Nothing at all for an entry that did not place.
 */
export const Ribbons = ({
  entry,
  className = "",
}: {
  readonly entry: Placed
  readonly className?: string
}) => {
  const t = useT()
  const kinds = ribbonsOf(entry)
  if (kinds.length === 0) return null
  return (
    <ul aria-label={t("web.entry.ribbon.awards")} className={`flex flex-wrap gap-1 ${className}`}>
      {kinds.map((kind) => {
        const ribbon = RIBBONS[kind]
        return (
          <li
            key={kind}
            className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold shadow-sm ${ribbon.style}`}
          >
            <ribbon.icon aria-hidden className="size-3.5" />
            {t(ribbon.label)}
          </li>
        )
      })}
    </ul>
  )
}
