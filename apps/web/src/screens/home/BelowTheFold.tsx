import { Link } from "react-router-dom"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { EarlyAccessSection } from "./EarlyAccessSection.tsx"
import { HowItWorks } from "./HowItWorks.tsx"
import { PlatformFeatures } from "./PlatformFeatures.tsx"
import { RecentSubmissions } from "./RecentSubmissions.tsx"
import { SpotlightRow } from "./SpotlightRow.tsx"
import { YesterdaysWinner } from "./YesterdaysWinner.tsx"

import { useT } from "../../../../ui/src/i18n.tsx"
const ClosingCall = () => {
  const t = useT()
  return (
    <section
      aria-labelledby="closing-title"
      className="relative my-12 overflow-hidden rounded-[1.75rem] bg-brand-700 px-6 pt-12 pb-10 text-center text-white"
    >
      <div aria-hidden className="pencil-stripe absolute inset-x-0 top-0 h-1.5" />
      <h2 id="closing-title" className="text-3xl font-bold">
        {t("web.home.closing.title")}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-brand-50">{t("web.home.closing.text")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/pricing" className={buttonVariants({ variant: "secondary" })}>
          {t("web.home.closing.plans")}
        </Link>
        <Link
          to="/about"
          className="inline-flex items-center justify-center rounded-md border border-white px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
        >
          {t("web.home.closing.learnMore")}
        </Link>
      </div>
    </section>
  )
}

/**
 * Everything on home below today's contest, in a chunk of its own (HomePage starts loading it as
 * it mounts): tomorrow's page for early access, the Spotlight, yesterday's winner, the features,
 * how it works, the newest entries and the closing call. The first screen on a phone is the
 * contest card; these come a moment later, below it, moving nothing already drawn.
 */
const BelowTheFold = () => (
  <>
    <EarlyAccessSection />
    <SpotlightRow />
    <YesterdaysWinner />
    <PlatformFeatures />
    <HowItWorks />
    <RecentSubmissions />
    <ClosingCall />
  </>
)

export default BelowTheFold
