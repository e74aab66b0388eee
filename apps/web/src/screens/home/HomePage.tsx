import { useCallback, useState } from "react"
import { Link } from "react-router-dom"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { ContestSection } from "./ContestSection.tsx"
import { EarlyAccessSection } from "./EarlyAccessSection.tsx"
import { HowItWorks } from "./HowItWorks.tsx"
import { PlatformFeatures } from "./PlatformFeatures.tsx"
import { RecentSubmissions } from "./RecentSubmissions.tsx"
import { SpotlightRow } from "./SpotlightRow.tsx"
import { useHomeFlags } from "./useHomeFlags.ts"
import { YesterdaysWinner } from "./YesterdaysWinner.tsx"

const ClosingCall = () => (
  <section
    aria-labelledby="closing-title"
    className="relative my-12 overflow-hidden rounded-[1.75rem] bg-brand-700 px-6 pt-12 pb-10 text-center text-white"
  >
    <div aria-hidden className="pencil-stripe absolute inset-x-0 top-0 h-1.5" />
    <h2 id="closing-title" className="text-3xl font-bold">
      Ready to pick up your pencils?
    </h2>
    <p className="mx-auto mt-2 max-w-xl text-brand-50">
      Choose a plan for more entries every month, or read how Colorday works.
    </p>
    <div className="mt-6 flex flex-wrap justify-center gap-3">
      <Link to="/pricing" className={buttonVariants({ variant: "secondary" })}>
        View Plans
      </Link>
      <Link
        to="/about"
        className="inline-flex items-center justify-center rounded-md border border-white px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
      >
        Learn More
      </Link>
    </div>
  </section>
)

/**
 * The home page (§2 Home): today's contest with its countdown, download and entry; the features,
 * how it works, the newest entries, and a closing call to action.
 */
const HomePage = () => {
  const [submitOpen, setSubmitOpen] = useState(false)
  useHomeFlags(useCallback(() => setSubmitOpen(true), []))
  return (
    <Page className="pt-4 sm:pt-8">
      <section
        aria-labelledby="home-title"
        className="paper-sheet relative overflow-hidden rounded-[1.75rem] border border-border px-4 pt-8 pb-6 shadow-card sm:px-8 sm:pt-10 sm:pb-8"
      >
        <div aria-hidden className="pencil-stripe absolute inset-x-0 top-0 h-1.5" />
        <PageTitle id="home-title" className="scribble-underline w-fit text-4xl sm:text-5xl">
          Daily Coloring Challenge
        </PageTitle>
        <p className="mt-3 max-w-2xl text-slate-700 sm:text-lg">
          Download today's line art, color it, and enter your photo for the community to vote on.
        </p>
        <div className="mt-6 sm:mt-8">
          <ContestSection submitOpen={submitOpen} onSubmitOpenChange={setSubmitOpen} />
        </div>
      </section>
      <EarlyAccessSection />
      <SpotlightRow />
      <YesterdaysWinner />
      <PlatformFeatures />
      <HowItWorks />
      <RecentSubmissions />
      <ClosingCall />
    </Page>
  )
}

export default HomePage
