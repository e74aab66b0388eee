import { Banknote, CalendarCheck, Heart, Medal, Trophy, Upload } from "lucide-react"
import { Link } from "react-router-dom"
import { BADGES } from "../../../../../domain/badges/badges.ts"
import { PLANS, TIERS } from "../../../../../domain/plans/plans.ts"
import { moneyText, PAID_TIERS, planFeatures } from "../../plans/plan-text.ts"
import { SCORE_RULE } from "../../plans/score-rule.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { BadgeIconView } from "./badge-icon.tsx"
import { PremiumPageSection } from "./PremiumPageSection.tsx"

const HOW_IT_WORKS = [
  {
    icon: Upload,
    title: "Enter contests",
    text: "Color the day's line art and submit a photo of it. Every entry takes part in its contest's vote.",
  },
  {
    icon: Heart,
    title: "Collect votes",
    text: "Members vote for the entries they like. Each vote counts with the voter's plan weight.",
  },
  {
    icon: Trophy,
    title: "Win contests",
    text: `${SCORE_RULE} Winners are announced 24–48 hours after the deadline.`,
  },
  {
    icon: Medal,
    title: "Earn badges",
    text: "Badges are granted automatically when your wins, entries and votes reach their goals, and show on your profile.",
  },
  {
    icon: CalendarCheck,
    title: "Monthly drawings",
    text: "Subscribers are entered in the monthly cash drawing of their plan; any member can enter free once a month on the drawings page.",
  },
] as const

/** /rewards: monthly cash drawings, tier rewards, the six badges and how rewards work. */
const RewardsPage = () => (
  <Page>
    <div className="max-w-3xl">
      <PageTitle>Rewards</PageTitle>
      <p className="mt-3 text-lg text-slate-600">
        Win contests, earn badges and take part in monthly cash drawings.
      </p>
    </div>

    <section aria-labelledby="drawings" className="mt-10">
      <h2 id="drawings" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <Banknote aria-hidden className="size-6 text-brand-600" />
        Monthly cash drawings
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {PAID_TIERS.map((tier) => {
          const plan = PLANS[tier]
          return plan.drawingCents === null ? null : (
            <li key={tier} className="rounded-xl border border-slate-200 p-5 text-center shadow-sm">
              <p className="text-3xl font-bold text-brand-700">{moneyText(plan.drawingCents)}</p>
              <p className="mt-1 font-medium text-slate-900">{plan.name}</p>
              <p className="text-sm text-slate-600">drawn every month</p>
            </li>
          )
        })}
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        No purchase necessary: any member can{" "}
        <Link to="/rewards/drawings" className="font-medium text-brand-700 underline">
          enter the monthly drawing free
        </Link>
        , once a month. Every draw is published for you to check.
      </p>
    </section>

    <section aria-labelledby="tier-rewards" className="mt-12">
      <h2 id="tier-rewards" className="text-2xl font-bold text-slate-900">
        Tier rewards
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TIERS.map((tier) => {
          const plan = PLANS[tier]
          return (
            <article
              key={tier}
              aria-labelledby={`tier-${tier}`}
              className="min-w-0 rounded-xl border border-slate-200 p-5 shadow-sm"
            >
              <h3 id={`tier-${tier}`} className="text-lg font-semibold text-slate-900">
                {plan.name}
              </h3>
              <ul
                aria-label={`${plan.name} perks`}
                className="mt-3 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700"
              >
                {planFeatures(plan).map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
            </article>
          )
        })}
      </div>
      <Link to="/pricing" className={buttonVariants({ variant: "primary", className: "mt-6" })}>
        Compare plans
      </Link>
    </section>

    <PremiumPageSection />

    <section aria-labelledby="badges" className="mt-12">
      <h2 id="badges" className="text-2xl font-bold text-slate-900">
        Badges
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Object.values(BADGES).map((badge) => (
          <li
            key={badge.id}
            className="flex min-w-0 items-start gap-4 rounded-xl border border-slate-200 p-5 shadow-sm"
          >
            <BadgeIconView icon={badge.icon} colorClass={badge.iconColor} />
            <div className="min-w-0">
              <h3 className="font-semibold text-slate-900">{badge.name}</h3>
              <p className="text-sm text-slate-700">{badge.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>

    <section aria-labelledby="how-rewards-work" className="mt-12">
      <h2 id="how-rewards-work" className="text-2xl font-bold text-slate-900">
        How rewards work
      </h2>
      <ol className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-5">
        {HOW_IT_WORKS.map((step, index) => (
          <li key={step.title} className="min-w-0 rounded-xl bg-slate-50 p-5">
            <step.icon aria-hidden className="size-6 text-brand-600" />
            <h3 className="mt-2 font-semibold text-slate-900">
              {index + 1}. {step.title}
            </h3>
            <p className="mt-1 text-sm text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  </Page>
)

export default RewardsPage
