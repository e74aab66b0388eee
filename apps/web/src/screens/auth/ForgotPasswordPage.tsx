import { KeyRound, MailCheck } from "lucide-react"
import { Link } from "react-router-dom"
import { RESET_TOKEN_TTL_MS } from "../../../../../domain/accounts/account-rules.ts"
import { api } from "../../api/api.ts"
import { TextField } from "../../session/auth/form-field.tsx"
import { Button, buttonClass } from "../../ui/ui.tsx"
import { AuthCard, CardActions } from "./AuthCard.tsx"
import { useMailALink } from "./useMailALink.ts"

const RESET_LINK_HOURS = RESET_TOKEN_TTL_MS / 3_600_000

/** /forgot-password: asks for a reset link; the answer is the same whether the account exists. */
const ForgotPasswordPage = () => {
  const { email, setEmail, busy, sentTo, tryAnother, onSubmit } = useMailALink({
    send: api.forgotPassword,
    sentTitle: "Reset link sent!",
    failedTitle: "Failed to request password reset",
    failedDefault: "An error occurred while sending the reset email",
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
              If an account with <strong>{sentTo}</strong> exists, a password reset email will
              arrive shortly. The link in it works for {RESET_LINK_HOURS} hour
              {RESET_LINK_HOURS === 1 ? "" : "s"}.
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
            Back to Home
          </Link>
        </CardActions>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot Password"
      lead="Enter the email address of your account and we'll send you a link to reset your password."
    >
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <TextField
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={busy || email.trim() === ""}>
          {busy ? "Sending..." : "Send Reset Link"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link to="/?signin=true" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  )
}

export default ForgotPasswordPage
