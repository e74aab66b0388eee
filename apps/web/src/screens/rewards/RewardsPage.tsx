import "./catalog.ts"
import { Banknote, CalendarCheck, Heart, Medal, Trophy, Upload } from "lucide-react"
import { Link } from "react-router-dom"
import { BADGES } from "../../../../../domain/badges/badges.ts"
import { PLANS, TIERS } from "../../../../../domain/plans/plans.ts"
import { badgeText, moneyText, PAID_TIERS, planFeatures } from "../../plans/plan-text.ts"
import { scoreRule } from "../../plans/score-rule.ts"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { BadgeIconView } from "./badge-icon.tsx"
import { PremiumPageSection } from "./PremiumPageSection.tsx"

const HOW_IT_WORKS = [
  {
    icon: Upload,
    title: "web.rewards.how.enter.title",
    text: "web.rewards.how.enter.text",
  },
  {
    icon: Heart,
    title: "web.rewards.how.votes.title",
    text: "web.rewards.how.votes.text",
  },
  {
    icon: Trophy,
    title: "web.rewards.how.win.title",
    text: "web.rewards.how.win.text",
  },
  {
    icon: Medal,
    title: "web.rewards.how.badges.title",
    text: "web.rewards.how.badges.text",
  },
  {
    icon: CalendarCheck,
    title: "web.rewards.how.drawings.title",
    text: "web.rewards.how.drawings.text",
  },
] as const

/** /rewards: monthly cash drawings, tier rewards, the six badges and how rewards work. */
const RewardsPage = () => {
  const t = useT()
  return (
    <Page>
      <div className="max-w-3xl">
        <PageTitle>{t("web.rewards.title")}</PageTitle>
        <p className="mt-3 text-lg text-slate-600">{t("web.rewards.intro")}</p>
      </div>

      <section aria-labelledby="drawings" className="mt-10">
        <h2 id="drawings" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <Banknote aria-hidden className="size-6 text-brand-600" />
          {t("web.rewards.drawings.title")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {PAID_TIERS.map((tier) => {
            const plan = PLANS[tier]
            return plan.drawingCents === null ? null : (
              <li
                key={tier}
                className="rounded-xl border border-slate-200 p-5 text-center shadow-sm"
              >
                <p className="text-3xl font-bold text-brand-700">{moneyText(plan.drawingCents)}</p>
                <p className="mt-1 font-medium text-slate-900">{plan.name}</p>
                <p className="text-sm text-slate-600">{t("web.rewards.drawings.monthly")}</p>
              </li>
            )
          })}
        </ul>
        <p className="mt-4 text-sm text-slate-700">
          <T
            id="web.rewards.drawings.free"
            components={{
              0: <Link to="/rewards/drawings" className="font-medium text-brand-700 underline" />,
            }}
          />
        </p>
      </section>

      <section aria-labelledby="tier-rewards" className="mt-12">
        <h2 id="tier-rewards" className="text-2xl font-bold text-slate-900">
          {t("web.rewards.tiers.title")}
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
                  aria-label={t("web.rewards.tiers.perks", { plan: plan.name })}
                  className="mt-3 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700"
                >
                  {planFeatures(plan, t).map((perk) => (
                    <li key={perk}>{perk}</li>
                  ))}
                </ul>
              </article>
            )
          })}
        </div>
        <Link to="/pricing" className={buttonVariants({ variant: "primary", className: "mt-6" })}>
          {t("web.rewards.tiers.compare")}
        </Link>
      </section>

      <PremiumPageSection />

      <section aria-labelledby="badges" className="mt-12">
        <h2 id="badges" className="text-2xl font-bold text-slate-900">
          {t("web.rewards.badges.title")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Object.values(BADGES).map((badge) => (
            <li
              key={badge.id}
              className="flex min-w-0 items-start gap-4 rounded-xl border border-slate-200 p-5 shadow-sm"
            >
              <BadgeIconView icon={badge.icon} colorClass={badge.iconColor} />
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{badgeText(badge.id, t).name}</h3>
                <p className="text-sm text-slate-700">{badgeText(badge.id, t).description}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-rewards-work" className="mt-12">
        <h2 id="how-rewards-work" className="text-2xl font-bold text-slate-900">
          {t("web.rewards.how.title")}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-5">
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.title} className="min-w-0 rounded-xl bg-slate-50 p-5">
              <step.icon aria-hidden className="size-6 text-brand-600" />
              <h3 className="mt-2 font-semibold text-slate-900">
                {t("web.rewards.how.step", { number: index + 1, title: t(step.title) })}
              </h3>
              <p className="mt-1 text-sm text-slate-700">
                {t(step.text, { scoreRule: scoreRule(t) })}
              </p>
            </li>
          ))}
        </ol>
      </section>
    </Page>
  )
}

export default RewardsPage
