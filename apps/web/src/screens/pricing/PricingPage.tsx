import "./catalog.ts"
import { Gift, Ticket, Trophy } from "lucide-react"
import { Link } from "react-router-dom"
import { BADGE_IDS } from "../../../../../domain/badges/badges.ts"
import { EXTRA_ENTRY, PLANS } from "../../../../../domain/plans/plans.ts"
import { PlanGrid } from "../../plans/PlanCards.tsx"
import { badgeText, moneyText, PAID_TIERS } from "../../plans/plan-text.ts"
import { scoreRule } from "../../plans/score-rule.ts"
import { T, useLanguage, useT } from "../../../../ui/src/i18n.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"

/** /pricing: the four plans with the subscribe flow, the extra entry, and what winners get. */
/** "Your first contest victory" after a colon: lower case, but German nouns keep their capital. */
const afterColon = (text: string, language: string) =>
  language === "de" ? text : text.charAt(0).toLowerCase() + text.slice(1)

const linkClass = "font-medium text-brand-700 underline"

const PricingPage = () => {
  const t = useT()
  const language = useLanguage()
  return (
    <Page>
      <div className="max-w-3xl">
        <PageTitle>{t("web.pricing.title")}</PageTitle>
        <p className="mt-3 text-lg text-slate-600">{t("web.pricing.lead")}</p>
      </div>

      <section aria-label={t("web.pricing.plans")} className="mt-8">
        <PlanGrid
          freeNote={
            <T
              id="web.pricing.freeNote"
              components={{ 0: <Link to="/profile" className={linkClass} /> }}
            />
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
            {t("web.pricing.extra.title")}
          </h2>
          <p className="text-sm text-slate-700">
            <T
              id="web.pricing.extra.text"
              values={{ price: moneyText(EXTRA_ENTRY.priceCents), count: EXTRA_ENTRY.credits }}
              components={{ 0: <strong /> }}
            />
          </p>
        </div>
      </section>

      <section aria-labelledby="winner-rewards" className="mt-12">
        <h2
          id="winner-rewards"
          className="flex items-center gap-2 text-2xl font-bold text-slate-900"
        >
          <Trophy aria-hidden className="size-6 text-brand-600" />
          {t("web.pricing.rewards.title")}
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          <div className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">{t("web.pricing.rewards.daily")}</h3>
            <p className="mt-2 text-sm text-slate-700">
              {scoreRule(t)}{" "}
              <T
                id="web.pricing.rewards.dailyText"
                components={{ 0: <Link to="/contests" className={linkClass} /> }}
              />
            </p>
          </div>
          <div className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">{t("web.pricing.rewards.badges")}</h3>
            <ul
              aria-label={t("web.pricing.rewards.badges")}
              className="mt-2 flex flex-col gap-1 text-sm text-slate-700"
            >
              {BADGE_IDS.map((id) => {
                const badge = badgeText(id, t)
                return (
                  <li key={id}>
                    <T
                      id="web.pricing.rewards.badge"
                      values={{
                        name: badge.name,
                        description: afterColon(badge.description, language),
                      }}
                      components={{ 0: <strong /> }}
                    />
                  </li>
                )
              })}
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">{t("web.pricing.rewards.drawings")}</h3>
            <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
              {PAID_TIERS.map((tier) => {
                const plan = PLANS[tier]
                return plan.drawingCents === null ? null : (
                  <li key={tier}>
                    {t("web.pricing.rewards.drawing", {
                      plan: plan.name,
                      prize: moneyText(plan.drawingCents),
                    })}
                  </li>
                )
              })}
            </ul>
            <p className="mt-3 text-sm text-slate-700">
              <T
                id="web.pricing.rewards.free"
                components={{ 0: <Link to="/rewards/drawings" className={linkClass} /> }}
              />
            </p>
          </div>
        </div>
        <p className="mt-4 text-sm">
          <Link to="/rewards" className="font-medium text-brand-700 underline">
            {t("web.pricing.rewards.seeAll")}
          </Link>
        </p>
      </section>

      <section
        aria-label={t("web.pricing.gifts.label")}
        className="mt-12 flex flex-col items-start gap-3 rounded-xl bg-brand-50 p-6 sm:flex-row sm:items-center"
      >
        <Gift aria-hidden className="size-8 shrink-0 text-brand-700" />
        <p className="min-w-0 flex-1 font-medium text-slate-900">{t("web.pricing.gifts.text")}</p>
        <Link to="/contact" className="text-sm font-medium text-brand-700 underline">
          {t("web.pricing.gifts.ask")}
        </Link>
      </section>
    </Page>
  )
}

export default PricingPage
