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

/** What a moderator did to an entry, in words (the API's status is "submitted" when visible). */
const MODERATION: Readonly<Record<string, string>> = {
  hidden: "Hidden by a moderator",
  disqualified: "Disqualified",
}

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
  const image = entry.thumbnailUrl ?? entry.imageUrl
  const srcSet = gridSrcSetOf(entry)
  const title = entry.contestName ?? "Daily Contest"
  const visible = entry.status === "submitted"
  const moderation = visible ? null : (MODERATION[entry.status] ?? entry.status)
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
            alt={`Your entry in ${title}`}
            className={`size-full object-cover ${visible ? "" : "opacity-60"}`}
          />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-600">
            <ImageOff aria-hidden className="size-8" />
            <span className="sr-only">No image</span>
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
              Contest cancelled
            </span>{" "}
            Entering it cost you nothing: its credit is back. A paid extra entry can be refunded
            instead in{" "}
            <Link to="/billing-history" className="font-medium text-brand-700 underline">
              Billing history
            </Link>
            .
          </p>
        )}
        {moderation && entry.moderationReason && (
          <p className="text-sm break-words text-red-800">Reason: {entry.moderationReason}</p>
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
          View entry<span className="sr-only">: {title}</span>
        </Link>
      </div>
    </li>
  )
}

/** The Submissions tab: the member's own entries, including those a moderator took down. */
export const SubmissionsTab = ({ memberId }: { readonly memberId: string }) => {
  const entries = useQuery({
    queryKey: ["member-entries", memberId],
    queryFn: () => api.memberEntries(memberId),
  })
  if (entries.isPending) return <Spinner label="Loading submissions..." />
  if (entries.isError) {
    return (
      <ErrorState
        title="Failed to fetch submissions"
        message={messageOf(entries.error, "Your submissions could not be loaded.")}
        onRetry={() => void entries.refetch()}
      />
    )
  }
  if (entries.data.length === 0) {
    return (
      <EmptyState title="No submissions yet">
        <p>Color today's line art and enter it to see it here.</p>
        <Link to="/" className={buttonVariants({ variant: "primary", className: "mt-4" })}>
          Join today's contest
        </Link>
      </EmptyState>
    )
  }
  return (
    <>
      <h2 className="sr-only">Your submissions</h2>
      <ul
        aria-label="Your submissions"
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4"
      >
        {entries.data.map((entry) => (
          <EntryCard key={entry.id} entry={entry} ids={entries.data.map((each) => each.id)} />
        ))}
      </ul>
    </>
  )
}
