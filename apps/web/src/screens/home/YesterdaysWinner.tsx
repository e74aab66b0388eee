import { useQuery } from "@tanstack/react-query"
import { Trophy } from "lucide-react"
import { Link } from "react-router-dom"
import { api } from "../../api/api.ts"
import { VotesAndScore } from "../../entries/VotesAndScore.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { ShortDate } from "../../../../ui/src/local-date.tsx"
import { ArtistLink, contestPath, RowImage } from "../contests/result-parts.tsx"

export const LATEST_WINNER = ["latest-winner"] as const

/**
 * "Yesterday's winner": the last announced contest's winning entry, linked to the contest's page.
 * Nothing at all while none is announced (204), while it loads, or if it cannot be loaded: the
 * home page's own content does not wait for it.
 */
export const YesterdaysWinner = () => {
  const t = useT()
  const latest = useQuery({ queryKey: LATEST_WINNER, queryFn: api.latestWinner })
  const item = latest.data
  if (!item?.winner) return null
  const { contest, winner } = item
  return (
    <section
      aria-labelledby="yesterdays-winner-title"
      className="mt-12 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:p-6"
    >
      <h2
        id="yesterdays-winner-title"
        className="flex items-center gap-2 text-2xl font-bold text-slate-900"
      >
        <Trophy aria-hidden className="size-6 text-amber-600" />
        {t("web.home.winner.title")}
      </h2>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
        <RowImage row={winner} size={160} className="w-full max-w-48 self-center sm:w-40" />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="break-words text-slate-800">
            {item.announcedAt ? (
              <T
                id="web.home.winner.wonAnnounced"
                values={{ title: contest.title }}
                components={{
                  0: <ArtistLink row={winner} />,
                  1: <ShortDate iso={item.announcedAt} />,
                }}
              />
            ) : (
              <T
                id="web.home.winner.won"
                values={{ title: contest.title }}
                components={{ 0: <ArtistLink row={winner} /> }}
              />
            )}
          </p>
          <VotesAndScore votes={winner.rawVotes} score={winner.score} />
          <Link
            to={contestPath(contest.id)}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            {t("web.home.winner.results", { title: contest.title })}
          </Link>
        </div>
      </div>
    </section>
  )
}
