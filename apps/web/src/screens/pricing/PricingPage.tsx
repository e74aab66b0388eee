import { Gift, Ticket, Trophy } from "lucide-react"
import { Link } from "react-router-dom"
import { BADGES } from "../../../../../domain/badges/badges.ts"
import { EXTRA_ENTRY, PLANS } from "../../../../../domain/plans/plans.ts"
import { PlanGrid } from "../../plans/PlanCards.tsx"
import { moneyText, PAID_TIERS } from "../../plans/plan-text.ts"
import { SCORE_RULE } from "../../plans/score-rule.ts"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"

/** /pricing: the four plans with the subscribe flow, the extra entry, and what winners get. */
const PricingPage = () => (
  <Page>
    <div className="max-w-3xl">
      <PageTitle>Pricing</PageTitle>
      <p className="mt-3 text-lg text-slate-600">
        Pick the plan that fits how often you color. Every plan can vote, enter contests and earn
        badges.
      </p>
    </div>

    <section aria-label="Plans" className="mt-8">
      <PlanGrid
        freeNote={
          <>
            Included with every account. To go back to it, cancel your plan in your{" "}
            <Link to="/profile" className="font-medium text-brand-700 underline">
              profile settings
            </Link>
            .
          </>
        }
      />
    </section>

    <section
      aria-labelledby="extra-entry"
      className="mt-8 flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5 sm:flex-row sm:items-center"
    >
      <Ticket aria-hidden className="size-8 shrink-0 text-brand-600" />
      <div className="min-w-0">
        <h2 id="extra-entry" className="font-semibold text-slate-900">
          Extra entries
        </h2>
        <p className="text-sm text-slate-700">
          Out of entries this month? One extra entry costs{" "}
          <strong>{moneyText(EXTRA_ENTRY.priceCents)}</strong> and adds {EXTRA_ENTRY.credits}{" "}
          {EXTRA_ENTRY.credits === 1 ? "credit" : "credits"}, on any plan.
        </p>
      </div>
    </section>

    <section aria-labelledby="winner-rewards" className="mt-12">
      <h2 id="winner-rewards" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <Trophy aria-hidden className="size-6 text-brand-600" />
        Contest winner rewards
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <div className="rounded-xl border border-slate-200 p-5">
          <h3 className="font-semibold text-slate-900">Daily winners</h3>
          <p className="mt-2 text-sm text-slate-700">
            {SCORE_RULE} Winners are announced 24–48 hours after the deadline. The top 3 and the
            People's Choice get a ribbon on their entry and a place on the contest's{" "}
            <Link to="/contests" className="font-medium text-brand-700 underline">
              results page
            </Link>
            .
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 p-5">
          <h3 className="font-semibold text-slate-900">Badges</h3>
          <ul aria-label="Badges" className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
            {Object.values(BADGES).map((badge) => (
              <li key={badge.id}>
                <strong>{badge.name}</strong>: {badge.description.toLowerCase()}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-xl border border-slate-200 p-5">
          <h3 className="font-semibold text-slate-900">Monthly cash drawings</h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
            {PAID_TIERS.map((tier) => {
              const plan = PLANS[tier]
              return plan.drawingCents === null ? null : (
                <li key={tier}>
                  {plan.name}: {moneyText(plan.drawingCents)} drawing
                </li>
              )
            })}
          </ul>
          <p className="mt-3 text-sm text-slate-700">
            No purchase necessary: any member can{" "}
            <Link to="/rewards/drawings" className="font-medium text-brand-700 underline">
              enter the monthly drawing free
            </Link>
            , once a month.
          </p>
        </div>
      </div>
      <p className="mt-4 text-sm">
        <Link to="/rewards" className="font-medium text-brand-700 underline">
          See every reward and badge
        </Link>
      </p>
    </section>

    <section
      aria-label="Gift packs and classroom licenses"
      className="mt-12 flex flex-col items-start gap-3 rounded-xl bg-brand-50 p-6 sm:flex-row sm:items-center"
    >
      <Gift aria-hidden className="size-8 shrink-0 text-brand-700" />
      <p className="min-w-0 flex-1 font-medium text-slate-900">
        Gift Packs & Classroom Licenses. No ads. Cancel anytime.
      </p>
      <Link to="/contact" className="text-sm font-medium text-brand-700 underline">
        Ask us about gift packs and licenses
      </Link>
    </section>
  </Page>
)

export default PricingPage
