import { XCircle } from "lucide-react"
import { Link } from "react-router-dom"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { Page } from "../../../../ui/src/page.tsx"

/** /payment-cancel: the provider's Cancel sends the member here; nothing was charged. */
const PaymentCancelPage = () => (
  <Page className="max-w-xl">
    <div className="rounded-xl border border-slate-200 p-8 text-center shadow-sm">
      <XCircle aria-hidden className="mx-auto size-12 text-slate-500" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment Cancelled</h1>
      <p className="mt-2 text-slate-700">
        Your payment process was cancelled. No charges were made to your account.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/pricing" className={buttonVariants({ variant: "primary" })}>
          View Pricing Plans
        </Link>
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          Return to Home
        </Link>
      </div>
    </div>
  </Page>
)

export default PaymentCancelPage
