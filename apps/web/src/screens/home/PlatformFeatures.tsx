import {
  CalendarDays,
  ChevronLeft,
  ChevronRight,
  Clock,
  Images,
  Trophy,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react"
import { useCallback, useEffect, useRef, useState } from "react"

const FEATURES: ReadonlyArray<{
  readonly title: string
  readonly text: string
  readonly icon: LucideIcon
}> = [
  {
    title: "Daily Challenges",
    text: "A new line-art page every day, ready to download, print and color.",
    icon: CalendarDays,
  },
  {
    title: "Community Voting",
    text: "Members vote for the entries they love. Every vote counts once, for good.",
    icon: Users,
  },
  {
    title: "Win Prizes",
    text: "The highest score (weighted votes) wins the day's prize, and badges mark every win.",
    icon: Trophy,
  },
  {
    title: "Timed Contests",
    text: "Each contest runs on a clock: submit your photo before the countdown ends.",
    icon: Clock,
  },
  {
    title: "Gallery Showcase",
    text: "Every entry is shown in the gallery: today's, past contests', top rated or at random.",
    icon: Images,
  },
  {
    title: "Artist Profiles",
    text: "Your profile gathers your entries, your badges and your stats.",
    icon: UserRound,
  },
]

/**
 * 'Platform Features' (§2 Home): a carousel the person moves (no autoplay), with labelled
 * previous/next buttons and a row that scrolls inside its own box, so the page never does.
 */
export const PlatformFeatures = () => {
  const row = useRef<HTMLUListElement>(null)
  const [edges, setEdges] = useState({ atStart: true, atEnd: false })

  const measure = useCallback(() => {
    const element = row.current
    if (!element) return
    setEdges({
      atStart: element.scrollLeft <= 1,
      atEnd: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
    })
  }, [])

  useEffect(() => {
    measure()
    window.addEventListener("resize", measure)
    return () => window.removeEventListener("resize", measure)
  }, [measure])

  const move = (direction: 1 | -1) => {
    const element = row.current
    const card = element?.querySelector("li")
    if (!element || !card) return
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
    element.scrollBy({
      left: direction * (card.clientWidth + 16),
      behavior: still ? "auto" : "smooth",
    })
  }

  return (
    <section aria-labelledby="features-title" aria-roledescription="carousel" className="py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="features-title" className="text-2xl font-bold text-slate-900">
          Platform Features
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label="Previous features"
            aria-controls="features-row"
            disabled={edges.atStart}
            onClick={() => move(-1)}
            className="rounded-full border border-slate-300 p-2 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            aria-label="Next features"
            aria-controls="features-row"
            disabled={edges.atEnd}
            onClick={() => move(1)}
            className="rounded-full border border-slate-300 p-2 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      </div>
      <ul
        id="features-row"
        ref={row}
        onScroll={measure}
        tabIndex={0}
        aria-label="Platform features"
        className="mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4 motion-safe:scroll-smooth"
      >
        {FEATURES.map((feature, index) => (
          <li
            key={feature.title}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${FEATURES.length}: ${feature.title}`}
            className="w-64 shrink-0 snap-start rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:w-72"
          >
            <feature.icon aria-hidden className="size-8 text-brand-600" />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
