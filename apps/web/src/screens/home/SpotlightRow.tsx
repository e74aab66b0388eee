import { useQuery } from "@tanstack/react-query"
import { Sparkles } from "lucide-react"
import { api } from "../../api/api.ts"
import { EntryCard } from "../../entries/EntryCard.tsx"
import { artistOf } from "../../entries/entry-view.ts"
import { useT } from "../../../../ui/src/i18n.tsx"

export const SPOTLIGHT = ["spotlight"] as const

/**
 * The home page's Spotlight (issue 19): entries by Color Pro and Color Champ members that an admin
 * features for a while. Only those showing now come from the server; with none, or while they
 * load, the row is not there at all (it is a showcase, not something a visitor waits for).
 */
export const SpotlightRow = () => {
  const t = useT()
  const spotlight = useQuery({ queryKey: SPOTLIGHT, queryFn: () => api.spotlight() })
  const featured = spotlight.data ?? []
  if (featured.length === 0) return null
  const ids = featured.map((item) => item.entry.id)
  return (
    <section aria-labelledby="spotlight-title" className="pt-12">
      <h2
        id="spotlight-title"
        className="flex items-center gap-2 text-2xl font-bold text-slate-900"
      >
        <Sparkles aria-hidden className="size-6 text-amber-500" />
        {t("web.home.spotlight.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("web.home.spotlight.text")}</p>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {featured.map(({ entry }) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            ids={ids}
            caption={
              <span className="min-w-0 truncate font-medium text-slate-900">{artistOf(entry)}</span>
            }
          />
        ))}
      </ul>
    </section>
  )
}
