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

/** Gold, silver, bronze: the card's tint, the medal's colour, the block's fill and height. */
const STEPS = [
  {
    card: "border-gold bg-gold-soft",
    medal: "text-gold-ink",
    block: "h-14 bg-gold sm:h-24",
    order: "order-2",
  },
  {
    card: "border-silver bg-silver-soft",
    medal: "text-silver-ink",
    block: "h-10 bg-silver sm:h-16",
    order: "order-1",
  },
  {
    card: "border-bronze bg-bronze-soft",
    medal: "text-bronze-ink",
    block: "h-8 bg-bronze sm:h-12",
    order: "order-3",
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
          className={cn("flex min-w-0 flex-col motion-safe:animate-rise", step.order)}
          style={{ animationDelay: `${RISE_DELAY_MS[index] ?? 0}ms` } satisfies CSSProperties}
        >
          <div
            className={cn(
              "flex min-w-0 flex-col items-center gap-2 rounded-t-card border border-b-0 px-1.5 pt-3 pb-3 text-center sm:px-4 sm:pt-4",
              step.card,
            )}
          >
            <p className="flex flex-wrap items-center justify-center gap-1 text-sm font-semibold text-foreground sm:text-base">
              <Icon aria-hidden className={cn("size-5 shrink-0", step.medal)} />
              {place.label}
            </p>
            {place.picture}
            <div className="flex w-full min-w-0 flex-col items-center gap-1">{place.details}</div>
          </div>
          <div
            aria-hidden
            className={cn(
              "flex items-start justify-center rounded-b-control pt-1.5 font-display text-lg leading-none font-bold text-foreground sm:pt-2 sm:text-3xl",
              step.block,
            )}
          >
            {index + 1}
          </div>
        </li>
      )
    })}
  </ol>
)
