import "./catalog.ts"
import { useInfiniteQuery } from "@tanstack/react-query"
import { CalendarDays, Globe, MapPin } from "lucide-react"
import { api } from "../../api/api.ts"
import type { Artist, PublicArtist } from "../../api/types.ts"
import { EntryCard } from "../../entries/EntryCard.tsx"
import { gridSizes } from "../../entries/grid-sizes.ts"
import { scoreText, votesText } from "../../entries/VotesAndScore.tsx"
import { useSession } from "../../session/session.tsx"
import { monthYear, shortDate } from "../../../../ui/src/format.ts"
import { LoadMore } from "../../../../ui/src/load-more.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { BadgeIconView } from "../rewards/badge-icon.tsx"
import { useT, type Translate } from "../../../../ui/src/i18n.tsx"
import { activeT } from "../../session/active-t.ts"
import { badgeText, isBadgeId } from "../../plans/plan-text.ts"

/** "This artist keeps their profile private", in the page's language. */
export const privateSentence = (t: Translate = activeT): string => t("web.artist.private")

/** A page everyone may see, or the owner's own (which they see even while it is private). */
export const isShown = (artist: Artist): artist is PublicArtist => "stats" in artist

export const artistKey = (username: string, view?: "public") =>
  ["artist", username, view ?? "as-viewer"] as const

/** A website as a link: the member may have typed it without its scheme. */
const websiteHref = (website: string): string =>
  /^https?:\/\//i.test(website) ? website : `https://${website}`

/** The submissions grid's sizes (grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4). */
const SUBMISSIONS_SIZES = gridSizes({ columns: { base: 2, sm: 3, lg: 4 }, gap: { base: 16 } })

const initialsOf = (username: string): string => username.slice(0, 2).toUpperCase() || "?"

export const ArtistAvatar = ({
  username,
  avatarUrl,
  initials = initialsOf(username),
}: {
  readonly username: string
  readonly avatarUrl: string | null
  /** Without a picture; the username's first letters unless the caller knows better. */
  readonly initials?: string
}) => {
  const t = useT()
  return avatarUrl ? (
    <img
      src={avatarUrl}
      alt={t("web.artist.avatar", { username })}
      width={96}
      height={96}
      className="size-24 shrink-0 rounded-full bg-brand-100 object-cover"
    />
  ) : (
    <span
      aria-hidden
      className="inline-flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800"
    >
      {initials}
    </span>
  )
}

const Stat = ({ label, value }: { readonly label: string; readonly value: string }) => (
  <div className="rounded-lg border border-slate-200 bg-white p-4">
    <dt className="text-sm text-slate-600">{label}</dt>
    <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
  </div>
)

/** The artist's entries, newest first, a page at a time; each opens in the lightbox. */
const History = ({
  username,
  Heading,
}: {
  readonly username: string
  readonly Heading: "h2" | "h4"
}) => {
  const t = useT()
  const { member } = useSession()
  const history = useInfiniteQuery({
    // hasVoted is the viewer's: a new viewer reads the list again.
    queryKey: ["artist-entries", username, member?.id ?? "visitor"],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.artistEntries(username, pageParam),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const items = history.data?.pages.flatMap((page) => page.items) ?? []
  const ids = items.map((entry) => entry.id)
  const content = (() => {
    if (history.isPending) return <Spinner label={t("web.artist.loadingSubmissions")} />
    if (history.isError && items.length === 0)
      return (
        <ErrorState
          title={t("web.artist.submissionsFailed")}
          message={messageOf(history.error, t("web.artist.submissionsFailedMessage"))}
          onRetry={() => void history.refetch()}
        />
      )
    if (items.length === 0) return <EmptyState title={t("web.artist.noSubmissions")} />
    return (
      <>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((entry) => (
            <EntryCard
              key={entry.id}
              entry={entry}
              ids={ids}
              className="min-w-0"
              sizes={SUBMISSIONS_SIZES}
              captionClassName="p-2 text-sm"
              caption={
                <span className="truncate text-slate-700">
                  {entry.contestName
                    ? t("web.artist.contestDate", {
                        contest: entry.contestName,
                        date: shortDate(entry.createdAt),
                      })
                    : shortDate(entry.createdAt)}
                </span>
              }
            />
          ))}
        </ul>
        <LoadMore
          pages={history}
          failure={t("web.artist.moreFailed")}
          busyLabel={t("web.artist.loadingMore")}
          className="mt-6"
        />
      </>
    )
  })()
  return (
    <section aria-labelledby="history-title" className="mt-10">
      <Heading id="history-title" className="text-xl font-bold text-slate-900">
        {t("web.artist.submissions")}
      </Heading>
      <div className="mt-4">{content}</div>
    </section>
  )
}

/**
 * What an artist shows: avatar, name, bio, location, website, join date, wins and counts, badges
 * and submission history, each only when the artist's switches allow it. Also the Settings preview.
 */
export const ArtistProfile = ({
  artist,
  headingLevel = 1,
}: {
  readonly artist: PublicArtist
  /** 1 on the artist's page; 3 inside the Settings preview. Its sections are one level below. */
  readonly headingLevel?: 1 | 3
}) => {
  const t = useT()
  const Heading = headingLevel === 1 ? "h1" : "h3"
  const Section = headingLevel === 1 ? "h2" : "h4"
  return (
    <div>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <ArtistAvatar username={artist.username} avatarUrl={artist.avatarUrl} />
        <div className="min-w-0 flex-1">
          <Heading className="text-3xl font-bold break-words text-slate-900">
            {artist.username}
          </Heading>
          {artist.bio && (
            <p className="mt-2 max-w-2xl whitespace-pre-line text-slate-700">{artist.bio}</p>
          )}
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600">
            {artist.location && (
              <li className="flex items-center gap-1">
                <MapPin aria-hidden className="size-4" />
                <span className="sr-only">{t("web.artist.location")} </span>
                {artist.location}
              </li>
            )}
            {artist.website && (
              <li className="flex min-w-0 items-center gap-1">
                <Globe aria-hidden className="size-4 shrink-0" />
                <a
                  href={websiteHref(artist.website)}
                  rel="nofollow noopener noreferrer ugc"
                  target="_blank"
                  className="truncate text-brand-700 underline"
                >
                  {artist.website}
                </a>
              </li>
            )}
            {artist.memberSince && (
              <li className="flex items-center gap-1">
                <CalendarDays aria-hidden className="size-4" />
                {t("web.artist.memberSince", { date: monthYear(artist.memberSince) })}
              </li>
            )}
          </ul>
        </div>
      </div>
      <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label={t("web.artist.wins")} value={votesText(artist.stats.wins)} />
        <Stat label={t("web.artist.entries")} value={votesText(artist.stats.entries)} />
        <Stat label={t("web.artist.votesReceived")} value={votesText(artist.stats.votesReceived)} />
        <Stat label={t("web.artist.score")} value={scoreText(artist.stats.score)} />
      </dl>
      {artist.badges !== null && (
        <section aria-labelledby="badges-title" className="mt-10">
          <Section id="badges-title" className="text-xl font-bold text-slate-900">
            {t("web.artist.badges")}
          </Section>
          {artist.badges.length === 0 ? (
            <p className="mt-2 text-slate-600">{t("web.artist.noBadges")}</p>
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {artist.badges.map((badge) => {
                const text = isBadgeId(badge.id) ? badgeText(badge.id, t) : badge
                return (
                  <li
                    key={badge.id}
                    className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-3"
                  >
                    <BadgeIconView icon={badge.icon} colorClass={badge.iconColor} />
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">{text.name}</p>
                      <p className="text-sm text-slate-600">{text.description}</p>
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      )}
      {artist.showsHistory && <History username={artist.username} Heading={Section} />}
    </div>
  )
}
