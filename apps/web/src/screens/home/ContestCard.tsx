import { Download, ImageOff, Lock, Upload } from "lucide-react"
import { Suspense, useState } from "react"
import { Link } from "react-router-dom"
import type { CountdownBadge as Badge } from "../../../../../domain/contests/countdown.ts"
import type { Contest } from "../../api/types.ts"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { deferred, useIdlePreload, useOpenedOnce } from "../../../../ui/src/idle-preload.ts"
import { CountdownBadge } from "./CountdownBadge.tsx"
import { YourEndTime } from "./YourEndTime.tsx"
import { ContestPrize } from "../contests/ContestPrize.tsx"

/** The download dialog (Radix Dialog and its focus trap): fetched when the page is idle. */
const DownloadDialog = deferred(async () => (await import("./DownloadDialog.tsx")).DownloadDialog)

const HOW_TO_PARTICIPATE = [
  "web.home.card.step1",
  "web.home.card.step2",
  "web.home.card.step3",
  "web.home.card.step4",
  "web.home.card.step5",
] as const

const LineArt = ({ contest }: { readonly contest: Pick<Contest, "lineArt" | "title"> }) => {
  const t = useT()
  return contest.lineArt ? (
    // Above the fold: loaded at once, not lazily.
    // The hero's centrepiece: a sheet taped to the desk, a little askew. Loaded at once, not lazily.
    <div className="taped mx-auto w-full max-w-xl -rotate-1 bg-white p-2 shadow-paper sm:p-3">
      <img
        src={contest.lineArt}
        alt={t("web.home.card.lineArtAlt", { title: contest.title })}
        width={800}
        height={800}
        fetchPriority="high"
        className="aspect-square w-full bg-white object-contain"
      />
    </div>
  ) : (
    <div className="flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-card border border-dashed border-slate-300 bg-card text-slate-600">
      <ImageOff aria-hidden className="size-10" />
      <span>{t("web.home.card.lineArtComing")}</span>
    </div>
  )
}

/**
 * A subscribers-only contest says so on its card, with the way to a plan, before anyone picks a
 * photo: everyone sees it and votes, members on Lite, Pro or Champ enter it.
 */
const SubscribersOnlyNote = ({ mayEnter }: { readonly mayEnter: boolean }) => {
  const t = useT()
  return (
    <div className="mt-4 rounded-card border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <Lock aria-hidden className="size-4" />
        {t("web.home.card.subscribersOnly")}
      </p>
      <p className="mt-1">
        {mayEnter ? t("web.home.card.mayEnter") : t("web.home.card.mayNotEnter")}
      </p>
      {!mayEnter && (
        <Link to="/pricing" className="mt-2 inline-block font-semibold text-brand-700 underline">
          {t("web.home.card.seePlans")}
        </Link>
      )}
    </div>
  )
}

/**
 * The contest card (§2): title, line art, description, countdown, how to take part, Download and
 * — while the contest is open — Submit Your Artwork.
 */
export const ContestCard = ({
  contest,
  badge,
  open,
  onSubmit,
  mayEnter = true,
}: {
  readonly contest: Contest
  readonly badge: Badge
  /** Submissions accepted now (start <= now < end). */
  readonly open: boolean
  readonly onSubmit: () => void
  /**
   * Whether the viewer's plan may enter (mayEnter in domain/contests/subscribers-only.ts); a
   * visitor may, once signed in on a plan that does.
   */
  readonly mayEnter?: boolean
}) => {
  const t = useT()
  const [downloading, setDownloading] = useState(false)
  const downloadOpened = useOpenedOnce(downloading)
  useIdlePreload(DownloadDialog.preload)
  return (
    <article
      aria-labelledby="contest-title"
      className="grid items-center gap-8 md:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] md:gap-10"
    >
      <LineArt contest={contest} />
      <div className="min-w-0">
        <CountdownBadge badge={badge} />
        <YourEndTime contest={contest} />
        <h2
          id="contest-title"
          className="mt-3 text-3xl font-bold break-words text-slate-900 sm:text-4xl"
        >
          {contest.title}
        </h2>
        {contest.description && (
          <p className="mt-2 break-words text-slate-700">{contest.description}</p>
        )}
        <ContestPrize contest={contest} className="mt-3" />
        {contest.subscribersOnly && <SubscribersOnlyNote mayEnter={mayEnter} />}
        <div className="mt-6 flex flex-wrap gap-3">
          {open && mayEnter && (
            <Button size="lg" onClick={onSubmit}>
              <Upload aria-hidden className="size-4" />
              {t("web.home.card.submit")}
            </Button>
          )}
          {open && !mayEnter && (
            <Link to="/pricing" className={buttonVariants({ size: "lg" })}>
              <Lock aria-hidden className="size-4" />
              {t("web.home.card.choosePlan")}
            </Link>
          )}
          <Button
            variant="secondary"
            size="lg"
            disabled={!contest.lineArt}
            onClick={() => setDownloading(true)}
          >
            <Download aria-hidden className="size-4" />
            {t("web.home.card.download")}
          </Button>
        </div>
        <h3 className="mt-8 font-semibold text-slate-900">{t("web.home.card.howTo")}</h3>
        <ol className="mt-3 space-y-2 text-sm text-slate-700">
          {HOW_TO_PARTICIPATE.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span
                aria-hidden
                className="flex size-6 shrink-0 items-center justify-center rounded-pill bg-brand-100 font-display text-xs font-bold text-brand-800"
              >
                {index + 1}
              </span>
              <span className="pt-0.5">{t(step)}</span>
            </li>
          ))}
        </ol>
        {!open && (
          <p className="mt-4 text-sm text-slate-700">
            <T
              id="web.home.card.ended"
              components={{
                0: <Link to="/gallery" className="font-semibold text-brand-700 hover:underline" />,
              }}
            />
          </p>
        )}
      </div>
      {downloadOpened && (
        <Suspense fallback={null}>
          <DownloadDialog.Component
            contest={contest}
            open={downloading}
            onOpenChange={setDownloading}
          />
        </Suspense>
      )}
    </article>
  )
}
