import { useQuery } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import { api } from "../../api/api.ts"
import { EntryCard } from "../../entries/EntryCard.tsx"
import { artistOf } from "../../entries/entry-view.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"

export const RECENT_ENTRIES = ["recent-entries"] as const
const RECENT_COUNT = 8

/** 'Recent Submissions' (§2 Home): the newest entries, each opening in the lightbox. */
export const RecentSubmissions = () => {
  const t = useT()
  const recent = useQuery({
    queryKey: RECENT_ENTRIES,
    queryFn: () => api.gallery({ tab: "all", sort: "newest", limit: RECENT_COUNT }),
  })

  const content = (() => {
    if (recent.isPending || (recent.isError && recent.isFetching)) {
      return <Spinner label={t("web.home.recent.loading")} />
    }
    if (recent.isError) {
      return (
        <ErrorState
          title={t("web.home.recent.failed")}
          message={messageOf(recent.error, t("web.home.recent.failedText"))}
          onRetry={() => void recent.refetch()}
        />
      )
    }
    if (recent.data.items.length === 0) {
      return (
        <EmptyState title={t("web.home.recent.empty")}>{t("web.home.recent.emptyText")}</EmptyState>
      )
    }
    const ids = recent.data.items.map((item) => item.id)
    return (
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {recent.data.items.map((entry) => (
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
    )
  })()

  return (
    <section aria-labelledby="recent-title" className="py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="recent-title" className="text-2xl font-bold text-slate-900">
          {t("web.home.recent.title")}
        </h2>
        <Link to="/gallery" className="text-sm font-semibold text-brand-700 hover:underline">
          {t("web.home.recent.viewAll")}
        </Link>
      </div>
      <div className="mt-6">{content}</div>
    </section>
  )
}
