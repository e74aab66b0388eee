import "./catalog.ts"
import { Check } from "lucide-react"
import type { ReactNode } from "react"
import { formatCents, PLANS, TIERS, type Plan } from "../../../../domain/plans/plans.ts"
import { useAuthDialog } from "../session/auth-dialog-context.tsx"
import { useSession } from "../session/session.tsx"
import { Button } from "../../../ui/src/button.tsx"
import { T, useT } from "../../../ui/src/i18n.tsx"
import { useSubscribe } from "./checkout.ts"
import { planFeatures } from "./plan-text.ts"

type Heading = "h2" | "h3"

/** One plan of the table: name, price a month, what it gives; `children` is its action. */
export const PlanCard = ({
  plan,
  current,
  heading: HeadingTag = "h2",
  children,
}: {
  readonly plan: Plan
  readonly current: boolean
  readonly heading?: Heading
  readonly children?: ReactNode
}) => {
  const t = useT()
  return (
    <article
      aria-labelledby={`plan-${plan.tier}-name`}
      className={`flex min-w-0 flex-col rounded-xl border bg-white p-5 shadow-sm ${
        current ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <HeadingTag id={`plan-${plan.tier}-name`} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </HeadingTag>
        {current && (
          <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
            {t("web.plans.card.current")}
          </span>
        )}
      </div>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-3xl font-bold text-slate-900">{formatCents(plan.priceCents)}</span>
        <span className="text-sm text-slate-600">{t("web.plans.card.perMonth")}</span>
      </p>
      <ul
        aria-label={t("web.plans.card.perks", { plan: plan.name })}
        className="mt-4 flex flex-1 flex-col gap-2 text-sm text-slate-700"
      >
        {planFeatures(plan, t).map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span className="min-w-0 break-words">{feature}</span>
          </li>
        ))}
      </ul>
      {children && <div className="mt-5">{children}</div>}
    </article>
  )
}

/**
 * The four plans with real Subscribe buttons (the subscribe flow), the member's plan marked.
 * Free is not for sale: a visitor is offered to sign up, a paid member is told how to go back
 * (`freeNote`: Cancel Plan lives on the profile).
 */
export const PlanGrid = ({
  heading = "h2",
  freeNote,
}: {
  readonly heading?: Heading
  readonly freeNote: ReactNode
}) => {
  const t = useT()
  const { member, subscription } = useSession()
  const auth = useAuthDialog()
  const { subscribe, pending, busy } = useSubscribe()
  const currentTier = member ? (subscription?.tier ?? "free") : null

  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {TIERS.map((tier) => {
        const plan = PLANS[tier]
        const current = currentTier === tier
        let action: ReactNode
        if (tier === "free" && member === undefined) {
          // Holds the Sign Up button's place until the session is known, so the cards below
          // it do not move 58 px when it arrives (CLS on /pricing at 412 px was 0.023).
          action = (
            <Button variant="secondary" className="invisible w-full" disabled aria-hidden>
              {t("web.plans.card.signUpFree")}
            </Button>
          )
        } else if (tier === "free" && member === null) {
          action = (
            <Button variant="secondary" className="w-full" onClick={() => auth.open("signup")}>
              {t("web.plans.card.signUpFree")}
            </Button>
          )
        } else if (tier === "free" && !current) {
          action = member ? <p className="text-sm text-slate-600">{freeNote}</p> : null
        } else {
          action = (
            <Button
              variant={current ? "secondary" : "primary"}
              className="w-full"
              disabled={busy || member === undefined}
              aria-busy={pending === tier}
              onClick={() => void subscribe(tier)}
            >
              {busy ? (
                t("web.plans.card.loading")
              ) : current ? (
                t("web.plans.card.currentButton")
              ) : (
                <T
                  id="web.plans.card.subscribe"
                  values={{ plan: plan.name }}
                  components={{ 0: <span className="sr-only" /> }}
                />
              )}
            </Button>
          )
        }
        return (
          <PlanCard key={tier} plan={plan} current={current} heading={heading}>
            {action}
          </PlanCard>
        )
      })}
    </div>
  )
}
