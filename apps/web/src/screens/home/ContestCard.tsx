import { Download, ImageOff, Upload } from "lucide-react"
import { useState } from "react"
import { Link } from "react-router-dom"
import type { CountdownBadge as Badge } from "../../../../../domain/contests/countdown.ts"
import type { Contest } from "../../api/types.ts"
import { WIN_SHORT } from "../../plans/score-rule.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { CountdownBadge } from "./CountdownBadge.tsx"
import { DownloadDialog } from "./DownloadDialog.tsx"

const HOW_TO_PARTICIPATE = [
  "Download the line art.",
  "Print it on Letter or A4 paper.",
  "Color it with any medium you like.",
  "Take a photo of your page and submit it before the countdown ends.",
  `${WIN_SHORT}.`,
] as const

const LineArt = ({ contest }: { readonly contest: Pick<Contest, "lineArt" | "title"> }) =>
  contest.lineArt ? (
    // Above the fold: loaded at once, not lazily.
    <img
      src={contest.lineArt}
      alt={`Line art for “${contest.title}”`}
      width={800}
      height={800}
      fetchPriority="high"
      className="aspect-square w-full rounded-lg border border-slate-200 bg-white object-contain"
    />
  ) : (
    <div className="flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 text-slate-600">
      <ImageOff aria-hidden className="size-10" />
      <span>The line art is on its way.</span>
    </div>
  )

/**
 * The contest card (§2): title, line art, description, countdown, how to take part, Download and
 * — while the contest is open — Submit Your Artwork.
 */
export const ContestCard = ({
  contest,
  badge,
  open,
  onSubmit,
}: {
  readonly contest: Contest
  readonly badge: Badge
  /** Submissions accepted now (start <= now < end). */
  readonly open: boolean
  readonly onSubmit: () => void
}) => {
  const [downloading, setDownloading] = useState(false)
  return (
    <article
      aria-labelledby="contest-title"
      className="grid gap-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 md:grid-cols-2"
    >
      <LineArt contest={contest} />
      <div className="min-w-0">
        <CountdownBadge badge={badge} />
        <h2 id="contest-title" className="mt-3 text-2xl font-bold break-words text-slate-900">
          {contest.title}
        </h2>
        {contest.description && (
          <p className="mt-2 break-words text-slate-700">{contest.description}</p>
        )}
        <h3 className="mt-6 font-semibold text-slate-900">How to Participate</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          {HOW_TO_PARTICIPATE.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            disabled={!contest.lineArt}
            onClick={() => setDownloading(true)}
          >
            <Download aria-hidden className="size-4" />
            Download
          </Button>
          {open && (
            <Button onClick={onSubmit}>
              <Upload aria-hidden className="size-4" />
              Submit Your Artwork
            </Button>
          )}
        </div>
        {!open && (
          <p className="mt-4 text-sm text-slate-700">
            This contest has ended and no longer accepts entries.{" "}
            <Link to="/gallery" className="font-semibold text-brand-700 hover:underline">
              See the entries in the gallery
            </Link>
            .
          </p>
        )}
      </div>
      <DownloadDialog contest={contest} open={downloading} onOpenChange={setDownloading} />
    </article>
  )
}
