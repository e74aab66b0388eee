import { useCallback, useState } from "react"
import { Link } from "react-router-dom"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { ContestSection } from "./ContestSection.tsx"
import { HowItWorks } from "./HowItWorks.tsx"
import { PlatformFeatures } from "./PlatformFeatures.tsx"
import { RecentSubmissions } from "./RecentSubmissions.tsx"
import { useHomeFlags } from "./useHomeFlags.ts"
import { YesterdaysWinner } from "./YesterdaysWinner.tsx"

const ClosingCall = () => (
  <section
    aria-labelledby="closing-title"
    className="my-12 rounded-xl bg-brand-700 px-6 py-10 text-center text-white"
  >
    <h2 id="closing-title" className="text-2xl font-bold">
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
    <Page>
      <PageTitle>Daily Coloring Challenge</PageTitle>
      <p className="mt-2 text-slate-600">
        Download today's line art, color it, and enter your photo for the community to vote on.
      </p>
      <div className="mt-6">
        <ContestSection submitOpen={submitOpen} onSubmitOpenChange={setSubmitOpen} />
      </div>
      <YesterdaysWinner />
      <PlatformFeatures />
      <HowItWorks />
      <RecentSubmissions />
      <ClosingCall />
    </Page>
  )
}

export default HomePage
