import { Suspense, useCallback, useEffect, useState } from "react"
import { deferred } from "../../../../ui/src/idle-preload.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { ContestSection } from "./ContestSection.tsx"
import { useHomeFlags } from "./useHomeFlags.ts"

const BelowTheFoldPart = deferred(async () => (await import("./BelowTheFold.tsx")).default)

/**
 * The home page (§2 Home): today's contest with its countdown, download and entry; the features,
 * how it works, the newest entries, and a closing call to action.
 */
const HomePage = () => {
  const t = useT()
  const [submitOpen, setSubmitOpen] = useState(false)
  // Asked for at once, not when idle: it is the rest of the page, not a dialog that may open.
  useEffect(() => void BelowTheFoldPart.preload(), [])
  useHomeFlags(useCallback(() => setSubmitOpen(true), []))
  return (
    <Page top="tight">
      <section
        aria-labelledby="home-title"
        className="paper-sheet relative overflow-hidden rounded-[1.75rem] border border-border px-4 pt-8 pb-6 shadow-card sm:px-8 sm:pt-10 sm:pb-8"
      >
        <div aria-hidden className="pencil-stripe absolute inset-x-0 top-0 h-1.5" />
        <PageTitle id="home-title" size="hero" className="relative isolate w-fit pb-[0.35em]">
          {t("web.home.title")}
          <Scribble />
        </PageTitle>
        <p className="mt-3 max-w-2xl text-slate-700 sm:text-lg">{t("web.home.intro")}</p>
        <div className="mt-6 sm:mt-8">
          <ContestSection submitOpen={submitOpen} onSubmitOpenChange={setSubmitOpen} />
        </div>
      </section>
      <Suspense fallback={null}>
        <BelowTheFoldPart.Component />
      </Suspense>
    </Page>
  )
}

/**
 * A hand-drawn underline under the hero's heading. Drawn in the page rather than as a CSS
 * background: an SVG image (a data: URL too) is a document of its own that Chromium builds during
 * the style recalculation that first needs it, 55 ms of the home page's first render at 4× CPU
 * (a trace of `/`: IsolatedSVGDocumentHost), where an inline SVG is a few elements. Behind the
 * heading's letters, as the background was.
 */
const Scribble = () => (
  <svg
    aria-hidden
    viewBox="0 0 200 12"
    preserveAspectRatio="none"
    className="absolute bottom-0 left-0 -z-10 h-[0.6em] w-full text-brand-500"
    fill="none"
  >
    <path
      d="M2 8c30-6 60-6 90-2s70 3 106-4"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
    />
  </svg>
)

export default HomePage
