import { MailCheck, MailQuestion } from "lucide-react"
import { Link } from "react-router-dom"
import { VERIFICATION_TOKEN_TTL_MS } from "../../../../../domain/accounts/account-rules.ts"
import { api } from "../../api/api.ts"
import { TextField } from "../../session/auth/form-field.tsx"
import { Button, buttonClass } from "../../ui/ui.tsx"
import { AuthCard, CardActions } from "./AuthCard.tsx"
import { useMailALink } from "./useMailALink.ts"

const LINK_HOURS = VERIFICATION_TOKEN_TTL_MS / 3_600_000

/** /resend-verification: a new verification link; the same answer whether the account exists. */
const ResendVerificationPage = () => {
  const { email, setEmail, busy, sentTo, tryAnother, onSubmit } = useMailALink({
    send: api.resendVerification,
    sentTitle: "Verification Email Sent",
    failedTitle: "Failed to send verification email",
    failedDefault: "An error occurred. Please try again.",
  })

  if (sentTo !== null) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title="Check Your Email"
        lead={
          <>
            <p>
              If an account with <strong>{sentTo}</strong> exists and is not yet verified, we have
              sent it a new verification link. The link works for {LINK_HOURS} hours.
            </p>
            <p className="mt-2 text-sm text-slate-600">
              Nothing in your inbox? Check your spam or junk folder.
            </p>
          </>
        }
      >
        <CardActions>
          <Button variant="secondary" onClick={tryAnother}>
            Try Another Email
          </Button>
          <Link to="/" className={buttonClass()}>
            Go to Homepage
          </Link>
        </CardActions>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      icon={MailQuestion}
      title="Resend Verification Email"
      lead="Your account can be used once your email address is verified. We'll send you a new link."
    >
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          hint="Enter the email address you used to register."
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={busy || email.trim() === ""}>
          {busy ? "Sending..." : "Send Verification Email"}
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <p className="mb-3 text-center text-sm text-slate-600">Already verified?</p>
        <CardActions>
          <Link to="/?signin=true" className={buttonClass("secondary")}>
            Try Signing In
          </Link>
          <Link to="/" className={buttonClass("ghost")}>
            Go to Homepage
          </Link>
        </CardActions>
      </div>
    </AuthCard>
  )
}

export default ResendVerificationPage
