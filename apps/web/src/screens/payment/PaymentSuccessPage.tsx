import "./catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { CheckCircle2, CircleAlert } from "lucide-react"
import { useEffect, useRef, useState, type ReactNode } from "react"
import { useNavigate, useSearchParams } from "react-router-dom"
import { EXTRA_ENTRY, PLANS } from "../../../../../domain/plans/plans.ts"
import { api } from "../../api/api.ts"
import type { VerifiedCheckout } from "../../api/types.ts"
import { forgetSessionId, storedSessionId } from "../../plans/checkout.ts"
import { creditsLeftText } from "../../plans/plan-text.ts"
import { useAuthDialog } from "../../session/auth-dialog-context.tsx"
import { useSession } from "../../session/session.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { translate, useT } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { Page } from "../../../../ui/src/page.tsx"
import { Spinner } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"

/** What the checkout bought, in words: the plan's name, or one extra entry. */
const purchaseText = (verified: VerifiedCheckout): string => {
  const tier = verified.session.metadata.planTier
  return tier
    ? translate("web.payment.planPurchase", { plan: PLANS[tier].name })
    : translate("web.payment.extraEntry")
}

const creditsAddedText = (verified: VerifiedCheckout): string => {
  const tier = verified.session.metadata.planTier
  if (!tier) return String(EXTRA_ENTRY.credits)
  const entries = PLANS[tier].entriesPerMonth
  return entries === null ? translate("web.payment.unlimited") : String(entries)
}

const isPaid = (verified: VerifiedCheckout) =>
  verified.session.payment_status === "paid" ||
  verified.session.payment_status === "no_payment_required"

const Card = ({ children }: { readonly children: ReactNode }) => (
  <Page className="max-w-xl">
    <div className="rounded-xl border border-slate-200 p-8 text-center shadow-sm">{children}</div>
  </Page>
)

const Failure = ({
  message,
  children,
}: {
  readonly message: string
  readonly children: ReactNode
}) => (
  <Card>
    <CircleAlert aria-hidden className="mx-auto size-12 text-red-600" />
    <h1 className="mt-4 text-2xl font-bold text-slate-900">{translate("web.payment.error")}</h1>
    <p role="alert" className="mt-2 break-words text-red-800">
      {message}
    </p>
    <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
  </Card>
)

/**
 * /payment-success: the provider returns the member here with ?session_id=… (or the session id
 * kept in local storage when the checkout opened). Verifying, then success or error (spec §2, §4).
 */
const PaymentSuccessPage = () => {
  const t = useT()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const toast = useToast()
  const auth = useAuthDialog()
  const { member, refresh, setSubscription } = useSession()
  // Read once: the stored id is forgotten after success, and the page must keep showing it.
  const [sessionId] = useState(() => params.get("session_id") || storedSessionId())

  const verification = useQuery({
    queryKey: ["verify-checkout", sessionId],
    queryFn: () => api.verifyCheckout(sessionId ?? ""),
    enabled: Boolean(member) && Boolean(sessionId),
    retry: false,
    staleTime: Infinity,
  })

  const failureOf = (): string | null => {
    if (verification.isError) {
      const reason = messageOf(verification.error, "")
      return reason ? t("web.payment.failedReason", { reason }) : t("web.payment.unableToVerify")
    }
    if (verification.data && !isPaid(verification.data)) {
      return t("web.payment.failedStatus", { status: verification.data.session.payment_status })
    }
    return null
  }
  const failure = failureOf()

  // Once per verified session: refresh the session, forget the stored id, say so in a toast.
  const announced = useRef<string | null>(null)
  const data = verification.data
  useEffect(() => {
    if (!data || announced.current === data.session.id) return
    announced.current = data.session.id
    if (isPaid(data)) {
      setSubscription(data.subscription)
      void refresh()
      forgetSessionId()
      toast({
        title: t("web.payment.successToast"),
        description: t("web.payment.bought", { purchase: purchaseText(data) }),
      })
    }
  }, [data, refresh, setSubscription, toast, t])
  const failedOnce = useRef(false)
  useEffect(() => {
    if (failure === null || failedOnce.current) return
    failedOnce.current = true
    toast({
      title: t("web.payment.verificationFailed"),
      description: failure,
      variant: "destructive",
    })
  }, [failure, toast, t])

  const home = (
    <Button variant="secondary" onClick={() => void navigate("/")}>
      {t("web.payment.home")}
    </Button>
  )

  if (!sessionId) return <Failure message={t("web.payment.noSession")}>{home}</Failure>
  if (member === null) {
    return (
      <Failure message={t("web.payment.notSignedIn")}>
        <Button onClick={() => auth.open("signin")}>{t("web.payment.signIn")}</Button>
        {home}
      </Failure>
    )
  }
  if (failure !== null) {
    return (
      <Failure message={failure}>
        <Button
          variant="secondary"
          disabled={verification.isFetching}
          onClick={() => void verification.refetch()}
        >
          {t("web.payment.checkAgain")}
        </Button>
        {home}
      </Failure>
    )
  }
  if (!data) {
    return (
      <Card>
        <Spinner label={t("web.payment.verifying")} />
      </Card>
    )
  }
  return (
    <Card>
      <CheckCircle2 aria-hidden className="mx-auto size-12 text-green-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t("web.payment.title")}</h1>
      <p className="mt-2 text-slate-700">
        {t("web.payment.thanks", { purchase: purchaseText(data) })}
      </p>
      <dl className="mx-auto mt-6 grid max-w-xs grid-cols-2 gap-3 text-left">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">{t("web.payment.creditsAdded")}</dt>
          <dd className="text-xl font-semibold text-slate-900">{creditsAddedText(data)}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">{t("web.payment.entriesLeft")}</dt>
          <dd className="text-xl font-semibold text-slate-900">
            {creditsLeftText(data.subscription)}
          </dd>
        </div>
      </dl>
      <Button className="mt-6" onClick={() => void navigate("/")}>
        {t("web.payment.continue")}
      </Button>
    </Card>
  )
}

export default PaymentSuccessPage
