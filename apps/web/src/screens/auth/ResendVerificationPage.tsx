import { MailCheck, MailQuestion } from "lucide-react"
import { useState, type FormEvent } from "react"
import { Link } from "react-router-dom"
import { VERIFICATION_TOKEN_TTL_MS } from "../../../../../domain/accounts/account-rules.ts"
import { api } from "../../api/api.ts"
import { serverMessage } from "../../session/auth/api-errors.ts"
import { TextField } from "../../session/auth/form-field.tsx"
import { useToast } from "../../ui/toast.tsx"
import { Button, buttonClass } from "../../ui/ui.tsx"
import { AuthCard, CardActions } from "./AuthCard.tsx"

const LINK_HOURS = VERIFICATION_TOKEN_TTL_MS / 3_600_000

/** /resend-verification: a new verification link; the same answer whether the account exists. */
const ResendVerificationPage = () => {
  const toast = useToast()
  const [email, setEmail] = useState("")
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const address = email.trim()
    if (address === "") return
    setBusy(true)
    try {
      const answer = await api.resendVerification(address)
      setSentTo(address)
      toast({ title: "Verification Email Sent", description: answer.message })
    } catch (error) {
      toast({
        title: "Failed to send verification email",
        description: serverMessage(error) ?? "An error occurred. Please try again.",
        variant: "destructive",
      })
    } finally {
      setBusy(false)
    }
  }

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
          <Button
            variant="secondary"
            onClick={() => {
              setEmail("")
              setSentTo(null)
            }}
          >
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
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
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
