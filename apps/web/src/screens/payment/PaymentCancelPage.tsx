import "./catalog.ts"
import { useQueryClient } from "@tanstack/react-query"
import { XCircle } from "lucide-react"
import { useEffect, useRef } from "react"
import { Link, useSearchParams } from "react-router-dom"
import { api } from "../../api/api.ts"
import { useSession } from "../../session/session.tsx"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { Page } from "../../../../ui/src/page.tsx"

/**
 * Tells the server, once, that the member gave up the checkout `?payment=…` names, so billing
 * history shows it cancelled now rather than pending until it expires. Silent: a failure changes
 * nothing for the member (the checkout expires by itself).
 */
const useCancelCheckout = (paymentId: string | null) => {
  const { member } = useSession()
  const queryClient = useQueryClient()
  const asked = useRef<string | null>(null)
  const memberId = member?.id
  useEffect(() => {
    if (!memberId || !paymentId || asked.current === paymentId) return
    asked.current = paymentId
    api.cancelCheckout(paymentId).then(
      () => queryClient.invalidateQueries({ queryKey: ["billing-history"] }),
      () => undefined,
    )
  }, [memberId, paymentId, queryClient])
}

/** /payment-cancel: the provider's Cancel sends the member here; nothing was charged. */
const PaymentCancelPage = () => {
  const t = useT()
  const [params] = useSearchParams()
  useCancelCheckout(params.get("payment"))
  return (
    <Page className="max-w-xl">
      <div className="rounded-xl border border-slate-200 p-8 text-center shadow-sm">
        <XCircle aria-hidden className="mx-auto size-12 text-slate-500" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t("web.payment.cancel.title")}</h1>
        <p className="mt-2 text-slate-700">{t("web.payment.cancel.text")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/pricing" className={buttonVariants({ variant: "primary" })}>
            {t("web.payment.cancel.plans")}
          </Link>
          <Link to="/" className={buttonVariants({ variant: "secondary" })}>
            {t("web.payment.home")}
          </Link>
        </div>
      </div>
    </Page>
  )
}

export default PaymentCancelPage
