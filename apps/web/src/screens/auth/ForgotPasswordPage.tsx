import { KeyRound } from "lucide-react"
import { Link } from "react-router-dom"
import { RESET_TOKEN_TTL_MS } from "../../../../../domain/accounts/account-rules.ts"
import { api } from "../../api/api.ts"
import { MailALinkPage } from "./MailALinkPage.tsx"

const RESET_LINK_HOURS = RESET_TOKEN_TTL_MS / 3_600_000

/** /forgot-password: asks for a reset link; the answer is the same whether the account exists. */
const ForgotPasswordPage = () => (
  <MailALinkPage
    send={api.forgotPassword}
    toasts={{
      sentTitle: "Reset link sent!",
      failedTitle: "Failed to request password reset",
      failedDefault: "An error occurred while sending the reset email",
    }}
    icon={KeyRound}
    title="Forgot Password"
    lead="Enter the email address of your account and we'll send you a link to reset your password."
    field={{ label: "Email Address" }}
    submitLabel="Send Reset Link"
    sentLead={(sentTo) => (
      <>
        If an account with <strong>{sentTo}</strong> exists, a password reset email will arrive
        shortly. The link in it works for {RESET_LINK_HOURS} hour
        {RESET_LINK_HOURS === 1 ? "" : "s"}.
      </>
    )}
    homeLabel="Back to Home"
    footer={
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link to="/?signin=true" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    }
  />
)

export default ForgotPasswordPage
