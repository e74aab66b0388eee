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
import { SettingsCard } from "./controls.tsx"

/** The card of the latest paid payment, read from the billing history. */
const PaymentMethod = ({ memberId }: { readonly memberId: string }) => {
  const history = useQuery({
    queryKey: ["billing-history-first-page", memberId],
    queryFn: () => api.billingHistory(),
  })
  let text: string
  if (history.isPending) text = "Loading…"
  else if (history.isError) text = "Could not be loaded"
  else {
    const latest = history.data.records.find(
      (record) => record.status === "paid" && record.payment_method,
    )
    text = latest?.payment_method ?? "No payment method on file"
  }
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
      <dl className="min-w-0">
        <dt className="text-sm text-slate-600">Payment method</dt>
        <dd className="font-medium break-words text-slate-900">{text}</dd>
      </dl>
      {history.isError && (
        <Button variant="ghost" onClick={() => void history.refetch()}>
          Try again
        </Button>
      )}
    </div>
  )
}

const CancelPlan = ({ subscription }: { readonly subscription: Subscription }) => {
  const { setSubscription } = useSession()
  const toast = useToast()
  const plan = PLANS[subscription.tier]
  const free = PLANS.free

  const cancel = async () => {
    const answer = await api.cancelPlan()
    setSubscription(answer.subscription)
    toast({
      title: "Plan cancelled",
      description: `You are now on the ${PLANS[answer.subscription.tier].name} plan.`,
    })
  }

  return (
    <SettingsCard
      id="cancel-plan"
      title="Danger zone"
      tone="danger"
      description={`Cancel your ${plan.name} plan and go back to the free ${free.name} plan.`}
    >
      <ConfirmDialog
        className="max-w-md"
        trigger={<Button variant="danger">Cancel Plan</Button>}
        title={`Cancel your ${plan.name} plan?`}
        description={`You go back to the free ${free.name} plan (${entriesText(free).toLowerCase()}, votes count ${free.voteWeight}×). You can subscribe again at any time from the pricing page.`}
        cancelLabel="Keep my plan"
        confirmLabel="Yes, cancel my plan"
        busyLabel="Cancelling…"
        problemOf={(error) => messageOf(error, "Failed to cancel the plan")}
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
  const tier = subscription?.tier ?? "free"
  const plan = PLANS[tier]
  return (
    <>
      <SettingsCard id="subscription" title="Subscription">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="min-w-0">
            <dt className="text-sm text-slate-600">Current plan</dt>
            <dd className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              {plan.name}
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                Active
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Submissions left</dt>
            <dd className="font-medium text-slate-900">
              {subscription ? creditsLeftText(subscription) : "—"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Next billing</dt>
            <dd className="font-medium text-slate-900">
              {tier === "free"
                ? "No billing on the free plan"
                : subscription?.renews_at
                  ? shortDate(subscription.renews_at)
                  : "—"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Monthly cost</dt>
            <dd className="font-medium text-slate-900">{priceText(plan)}</dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-wrap items-end justify-between gap-4 border-t border-slate-100 pt-4">
          <PaymentMethod memberId={memberId} />
          <Link to="/billing-history" className={buttonVariants({ variant: "secondary" })}>
            View Billing History
          </Link>
        </div>
        <h3 className="mt-8 mb-4 font-semibold text-slate-900">Plans</h3>
        <PlanGrid heading="h3" freeNote="To move to the free plan, use Cancel Plan below." />
      </SettingsCard>
      {tier !== "free" && subscription && <CancelPlan subscription={subscription} />}
    </>
  )
}
