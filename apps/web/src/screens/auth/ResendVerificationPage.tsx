import { MailQuestion } from "lucide-react"
import { Link } from "react-router-dom"
import { VERIFICATION_TOKEN_TTL_MS } from "../../../../../domain/accounts/account-rules.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { api } from "../../api/api.ts"
import { CardActions } from "./AuthCard.tsx"
import { MailALinkPage } from "./MailALinkPage.tsx"

const LINK_HOURS = VERIFICATION_TOKEN_TTL_MS / 3_600_000

/** /resend-verification: a new verification link; the same answer whether the account exists. */
const ResendVerificationPage = () => (
  <MailALinkPage
    send={api.resendVerification}
    toasts={{
      sentTitle: "Verification Email Sent",
      failedTitle: "Failed to send verification email",
      failedDefault: "An error occurred. Please try again.",
    }}
    icon={MailQuestion}
    title="Resend Verification Email"
    lead="Your account can be used once your email address is verified. We'll send you a new link."
    field={{ label: "Email", hint: "Enter the email address you used to register." }}
    submitLabel="Send Verification Email"
    sentLead={(sentTo) => (
      <>
        If an account with <strong>{sentTo}</strong> exists and is not yet verified, we have sent it
        a new verification link. The link works for {LINK_HOURS} hours.
      </>
    )}
    homeLabel="Go to Homepage"
    footer={
      <div className="mt-6 border-t border-slate-200 pt-4">
        <p className="mb-3 text-center text-sm text-slate-600">Already verified?</p>
        <CardActions>
          <Link to="/?signin=true" className={buttonVariants({ variant: "secondary" })}>
            Try Signing In
          </Link>
          <Link to="/" className={buttonVariants({ variant: "ghost" })}>
            Go to Homepage
          </Link>
        </CardActions>
      </div>
    }
  />
)

export default ResendVerificationPage
