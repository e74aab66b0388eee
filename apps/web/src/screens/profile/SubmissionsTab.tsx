import "./catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { EyeOff, ImageOff } from "lucide-react"
import { Link } from "react-router-dom"
import { api } from "../../api/api.ts"
import type { Entry } from "../../api/types.ts"
import { gridSrcSetOf } from "../../entries/entry-view.ts"
import { gridSizes } from "../../entries/grid-sizes.ts"
import { openEntry } from "../../entries/lightbox.ts"
import { Ribbons } from "../../entries/Ribbon.tsx"
import { VotesAndScore } from "../../entries/VotesAndScore.tsx"
import { shortDate } from "../../../../ui/src/format.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { T, useT, type Translate } from "../../../../ui/src/i18n.tsx"

/** What a moderator did to an entry, in words (the API's status is "submitted" when visible). */
const moderationText = (status: string, t: Translate): string =>
  status === "hidden"
    ? t("web.profile.entry.hidden")
    : status === "disqualified"
      ? t("web.profile.entry.disqualified")
      : status

/** The grid's sizes (grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4). */
const SUBMISSIONS_SIZES = gridSizes({
  columns: { base: 2, lg: 3, xl: 4 },
  gap: { base: 12, sm: 16 },
})

const EntryCard = ({
  entry,
  ids,
}: {
  readonly entry: Entry
  readonly ids: ReadonlyArray<string>
}) => {
  const t = useT()
  const image = entry.thumbnailUrl ?? entry.imageUrl
  const srcSet = gridSrcSetOf(entry)
  const title = entry.contestName ?? t("web.profile.entry.dailyContest")
  const visible = entry.status === "submitted"
  const moderation = visible ? null : moderationText(entry.status, t)
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[4/3] bg-slate-100">
        {image ? (
          <img
            loading="lazy"
            width={480}
            height={360}
            sizes={srcSet === undefined ? undefined : SUBMISSIONS_SIZES}
            srcSet={srcSet}
            src={image}
            alt={t("web.profile.entry.alt", { contest: title })}
            className={`size-full object-cover ${visible ? "" : "opacity-60"}`}
          />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-600">
            <ImageOff aria-hidden className="size-8" />
            <span className="sr-only">{t("web.profile.entry.noImage")}</span>
          </div>
        )}
        {moderation && (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white">
            <EyeOff aria-hidden className="size-3.5" />
            {moderation}
          </span>
        )}
        {visible && <Ribbons entry={entry} className="absolute top-2 left-2" />}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-semibold break-words text-slate-900">{title}</h3>
        <p className="text-sm text-slate-600">{shortDate(entry.createdAt)}</p>
        {entry.contestCancelled && (
          <p className="text-sm text-slate-700">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
              {t("web.profile.entry.cancelled")}
            </span>{" "}
            <T
              id="web.profile.entry.cancelledText"
              components={{
                0: <Link to="/billing-history" className="font-medium text-brand-700 underline" />,
              }}
            />
          </p>
        )}
        {moderation && entry.moderationReason && (
          <p className="text-sm break-words text-red-800">
            {t("web.profile.entry.reason", { reason: entry.moderationReason })}
          </p>
        )}
        <VotesAndScore
          votes={entry.voteCount}
          score={entry.weightedScore}
          className="mt-auto pt-2"
        />
        <Link
          {...openEntry(entry.id, ids)}
          className="text-sm font-medium text-brand-700 underline"
        >
          <T
            id="web.profile.entry.view"
            values={{ contest: title }}
            components={{ 0: <span className="sr-only" /> }}
          />
        </Link>
      </div>
    </li>
  )
}

/** The Submissions tab: the member's own entries, including those a moderator took down. */
export const SubmissionsTab = ({ memberId }: { readonly memberId: string }) => {
  const t = useT()
  const entries = useQuery({
    queryKey: ["member-entries", memberId],
    queryFn: () => api.memberEntries(memberId),
  })
  if (entries.isPending) return <Spinner label={t("web.profile.submissions.loading")} />
  if (entries.isError) {
    return (
      <ErrorState
        title={t("web.profile.submissions.failed")}
        message={messageOf(entries.error, t("web.profile.submissions.failedMessage"))}
        onRetry={() => void entries.refetch()}
      />
    )
  }
  if (entries.data.length === 0) {
    return (
      <EmptyState title={t("web.profile.submissions.none")}>
        <p>{t("web.profile.submissions.noneText")}</p>
        <Link to="/" className={buttonVariants({ variant: "primary", className: "mt-4" })}>
          {t("web.profile.submissions.join")}
        </Link>
      </EmptyState>
    )
  }
  return (
    <>
      <h2 className="sr-only">{t("web.profile.submissions.label")}</h2>
      <ul
        aria-label={t("web.profile.submissions.label")}
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4"
      >
        {entries.data.map((entry) => (
          <EntryCard key={entry.id} entry={entry} ids={entries.data.map((each) => each.id)} />
        ))}
      </ul>
    </>
  )
}
