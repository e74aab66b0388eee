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
import { useT } from "../../../../ui/src/i18n.tsx"
import { useCallback, useEffect, useRef, useState } from "react"

const FEATURES: ReadonlyArray<{
  readonly title: string
  readonly text: string
  readonly icon: LucideIcon
}> = [
  {
    title: "web.home.features.daily.title",
    text: "web.home.features.daily.text",
    icon: CalendarDays,
  },
  {
    title: "web.home.features.voting.title",
    text: "web.home.features.voting.text",
    icon: Users,
  },
  {
    title: "web.home.features.prizes.title",
    text: "web.home.features.prizes.text",
    icon: Trophy,
  },
  {
    title: "web.home.features.timed.title",
    text: "web.home.features.timed.text",
    icon: Clock,
  },
  {
    title: "web.home.features.gallery.title",
    text: "web.home.features.gallery.text",
    icon: Images,
  },
  {
    title: "web.home.features.profiles.title",
    text: "web.home.features.profiles.text",
    icon: UserRound,
  },
]

/**
 * 'Platform Features' (§2 Home): a carousel the person moves (no autoplay), with labelled
 * previous/next buttons and a row that scrolls inside its own box, so the page never does.
 */
export const PlatformFeatures = () => {
  const t = useT()
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
          {t("web.home.features.title")}
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label={t("web.home.features.previous")}
            aria-controls="features-row"
            disabled={edges.atStart}
            onClick={() => move(-1)}
            className="rounded-full border border-slate-300 p-2 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            aria-label={t("web.home.features.next")}
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
        aria-label={t("web.home.features.list")}
        className="mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4 motion-safe:scroll-smooth"
      >
        {FEATURES.map((feature, index) => (
          <li
            key={feature.title}
            aria-roledescription="slide"
            aria-label={t("web.home.features.slide", {
              number: index + 1,
              count: FEATURES.length,
              title: t(feature.title),
            })}
            className="w-64 shrink-0 snap-start rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:w-72"
          >
            <feature.icon aria-hidden className="size-8 text-brand-600" />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(feature.title)}</h3>
            <p className="mt-2 text-sm text-slate-600">{t(feature.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
