import "./catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import { PLANS } from "../../../../../domain/plans/plans.ts"
import { api } from "../../api/api.ts"
import type { Subscription } from "../../api/types.ts"
import { PlanGrid } from "../../plans/PlanCards.tsx"
import { creditsLeftText, entriesText, priceText } from "../../plans/plan-text.ts"
import { useSession } from "../../session/session.tsx"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { shortDate } from "../../../../ui/src/format.ts"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { SettingsCard } from "./controls.tsx"

/** The card of the latest paid payment, read from the billing history. */
const PaymentMethod = ({ memberId }: { readonly memberId: string }) => {
  const t = useT()
  const history = useQuery({
    queryKey: ["billing-history-first-page", memberId],
    queryFn: () => api.billingHistory(),
  })
  let text: string
  if (history.isPending) text = t("web.settings.subscription.paymentLoading")
  else if (history.isError) text = t("web.settings.subscription.paymentFailed")
  else {
    const latest = history.data.records.find(
      (record) => record.status === "paid" && record.payment_method,
    )
    text = latest?.payment_method ?? t("web.settings.subscription.noPaymentMethod")
  }
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
      <dl className="min-w-0">
        <dt className="text-sm text-slate-600">{t("web.settings.subscription.paymentMethod")}</dt>
        <dd className="font-medium break-words text-slate-900">{text}</dd>
      </dl>
      {history.isError && (
        <Button variant="ghost" onClick={() => void history.refetch()}>
          {t("web.settings.tryAgain")}
        </Button>
      )}
    </div>
  )
}

const CancelPlan = ({ subscription }: { readonly subscription: Subscription }) => {
  const t = useT()
  const { setSubscription } = useSession()
  const toast = useToast()
  const plan = PLANS[subscription.tier]
  const free = PLANS.free

  const cancel = async () => {
    const answer = await api.cancelPlan()
    setSubscription(answer.subscription)
    toast({
      title: t("web.settings.cancelPlan.cancelled"),
      description: t("web.settings.cancelPlan.nowOn", {
        plan: PLANS[answer.subscription.tier].name,
      }),
    })
  }

  return (
    <SettingsCard
      id="cancel-plan"
      title={t("web.settings.cancelPlan.title")}
      tone="danger"
      description={t("web.settings.cancelPlan.description", { plan: plan.name, free: free.name })}
    >
      <ConfirmDialog
        className="max-w-md"
        trigger={<Button variant="danger">{t("web.settings.cancelPlan.button")}</Button>}
        title={t("web.settings.cancelPlan.confirmTitle", { plan: plan.name })}
        description={t("web.settings.cancelPlan.confirmDescription", {
          free: free.name,
          // "2 entries per month", as it is: lower-casing it would break German nouns.
          entries: entriesText(free, t),
          weight: free.voteWeight,
        })}
        cancelLabel={t("web.settings.cancelPlan.keep")}
        confirmLabel={t("web.settings.cancelPlan.confirm")}
        busyLabel={t("web.settings.cancelPlan.cancelling")}
        problemOf={(error) => messageOf(error, t("web.settings.cancelPlan.failed"))}
        onConfirm={cancel}
      />
    </SettingsCard>
  )
}

/** Settings → subscription management: the plan, its figures, the other plans, Cancel Plan. */
export const SubscriptionManagement = ({
  memberId,
  subscription,
}: {
  readonly memberId: string
  readonly subscription: Subscription | null
}) => {
  const t = useT()
  const tier = subscription?.tier ?? "free"
  const plan = PLANS[tier]
  return (
    <>
      <SettingsCard id="subscription" title={t("web.settings.subscription.title")}>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="min-w-0">
            <dt className="text-sm text-slate-600">{t("web.settings.subscription.current")}</dt>
            <dd className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              {plan.name}
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                {t("web.settings.subscription.active")}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("web.profile.subscription.left")}</dt>
            <dd className="font-medium text-slate-900">
              {subscription ? creditsLeftText(subscription, t) : "—"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("web.settings.subscription.nextBilling")}</dt>
            <dd className="font-medium text-slate-900">
              {tier === "free"
                ? t("web.settings.subscription.noBilling")
                : subscription?.renews_at
                  ? shortDate(subscription.renews_at)
                  : "—"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("web.settings.subscription.monthlyCost")}</dt>
            <dd className="font-medium text-slate-900">{priceText(plan, t)}</dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-wrap items-end justify-between gap-4 border-t border-slate-100 pt-4">
          <PaymentMethod memberId={memberId} />
          <Link to="/billing-history" className={buttonVariants({ variant: "secondary" })}>
            {t("web.settings.subscription.billingHistory")}
          </Link>
        </div>
        <h3 className="mt-8 mb-4 font-semibold text-slate-900">
          {t("web.settings.subscription.plans")}
        </h3>
        <PlanGrid heading="h3" freeNote={t("web.settings.subscription.freeNote")} />
      </SettingsCard>
      {tier !== "free" && subscription && <CancelPlan subscription={subscription} />}
    </>
  )
}
