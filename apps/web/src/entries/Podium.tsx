import { Medal, Trophy } from "lucide-react"
import type { CSSProperties, ReactNode } from "react"
import { cn } from "../../../ui/src/cn.ts"

/** One place on the podium: what the page shows of the entry that holds it. */
export interface PodiumPlace {
  readonly key: string
  /** "1st Place", "2nd place"…: each page keeps its own wording. */
  readonly label: ReactNode
  readonly picture: ReactNode
  readonly details: ReactNode
}

const PLACE = "flex min-w-0 flex-col motion-safe:animate-rise"
const CARD =
  "flex min-w-0 flex-col items-center gap-2 rounded-t-card border border-b-0 px-1.5 pt-3 pb-3 text-center sm:px-4 sm:pt-4"
const MEDAL = "size-5 shrink-0"
const BLOCK =
  "flex items-start justify-center rounded-b-control pt-1.5 font-display text-lg leading-none font-bold text-foreground sm:pt-2 sm:text-3xl"

/**
 * Gold, silver, bronze: the card's tint, the medal's colour, the block's fill and height, each
 * element's classes whole. Joined here rather than with cn() while rendering: the tint's
 * `border-gold` shares its root with the card's `border-b-0`, so cn() would build tailwind-merge
 * (~50 ms of a throttled phone's first render of the leaderboard, issue 20) to find that they do
 * not conflict.
 */
const STEPS = [
  {
    place: `${PLACE} order-2`,
    card: `${CARD} border-gold bg-gold-soft`,
    medal: `${MEDAL} text-gold-ink`,
    block: `${BLOCK} h-14 bg-gold sm:h-24`,
  },
  {
    place: `${PLACE} order-1`,
    card: `${CARD} border-silver bg-silver-soft`,
    medal: `${MEDAL} text-silver-ink`,
    block: `${BLOCK} h-10 bg-silver sm:h-16`,
  },
  {
    place: `${PLACE} order-3`,
    card: `${CARD} border-bronze bg-bronze-soft`,
    medal: `${MEDAL} text-bronze-ink`,
    block: `${BLOCK} h-8 bg-bronze sm:h-12`,
  },
] as const

/** Third rises first, the winner last, so the eye ends on first place. */
const RISE_DELAY_MS = [320, 160, 0] as const

/**
 * The top three on their blocks, read 2nd, 1st, 3rd from left to right while the document (and a
 * screen reader) reads 1st, 2nd, 3rd. The contest page and the leaderboard both stand on it. The
 * places rise into view unless the visitor prefers reduced motion.
 */
export const Podium = ({
  places,
  className,
}: {
  readonly places: ReadonlyArray<PodiumPlace>
  readonly className?: string
}) => (
  <ol
    data-slot="podium"
    className={cn("mx-auto grid max-w-4xl grid-cols-3 items-end gap-2 sm:gap-4", className)}
  >
    {places.slice(0, 3).map((place, index) => {
      const step = STEPS[index] ?? STEPS[2]
      const Icon = index === 0 ? Trophy : Medal
      return (
        <li
          key={place.key}
          className={step.place}
          style={{ animationDelay: `${RISE_DELAY_MS[index] ?? 0}ms` } satisfies CSSProperties}
        >
          <div className={step.card}>
            <p className="flex flex-wrap items-center justify-center gap-1 text-sm font-semibold text-foreground sm:text-base">
              <Icon aria-hidden className={step.medal} />
              {place.label}
            </p>
            {place.picture}
            <div className="flex w-full min-w-0 flex-col items-center gap-1">{place.details}</div>
          </div>
          <div aria-hidden className={step.block}>
            {index + 1}
          </div>
        </li>
      )
    })}
  </ol>
)
