import { CircleCheck, LockKeyhole, TriangleAlert } from "lucide-react"
import { useState, type FormEvent } from "react"
import { Link, useNavigate, useParams } from "react-router-dom"
import { MIN_PASSWORD_LENGTH, resetIssues } from "../../../../../domain/accounts/account-rules.ts"
import { api } from "../../api/api.ts"
import { serverMessage } from "../../session/auth/api-errors.ts"
import { TextField } from "../../../../ui/src/form.tsx"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { AuthCard, CardActions } from "./AuthCard.tsx"

type Field = "password" | "confirmPassword"

const linkClass = "font-medium text-brand-700 hover:underline"

/** /reset-password/:token — a new password from the mailed link (single use, 1 hour). */
const ResetPasswordPage = () => {
  const { token = "" } = useParams()
  const toast = useToast()
  const navigate = useNavigate()
  const [password, setPassword] = useState("")
  const [confirmPassword, setConfirmPassword] = useState("")
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  if (token.trim() === "") {
    return (
      <AuthCard
        icon={TriangleAlert}
        tone="danger"
        title="Invalid link"
        lead="The password reset link is missing a token"
      >
        <CardActions>
          <Link to="/forgot-password" className={buttonVariants()}>
            Request a new reset email
          </Link>
        </CardActions>
      </AuthCard>
    )
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFailure(null)
    const issues = resetIssues({ token, password, confirmPassword })
    const first = issues[0]
    if (first) {
      const invalid: Partial<Record<Field, string>> = {}
      for (const issue of issues) {
        if (issue.field === "password" || issue.field === "confirmPassword") {
          invalid[issue.field] ??= issue.message
        }
      }
      setErrors(invalid)
      toast({ title: first.title, description: first.message, variant: "destructive" })
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await api.resetPassword(token, password)
      setDone(true)
      toast({ title: "Password updated", description: "Sign in with your new password." })
    } catch (error) {
      const message =
        serverMessage(error) ?? "Please try the link again or request a new reset email"
      setFailure(message)
      toast({ title: "Unable to reset password", description: message, variant: "destructive" })
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title="Password Reset"
        lead="Your password has been updated. You can now sign in with your new password."
      >
        <CardActions>
          <Button onClick={() => void navigate("/?signin=true", { replace: true })}>
            Return to Sign In
          </Button>
          <Link to="/" className={buttonVariants({ variant: "secondary" })}>
            Back to Home
          </Link>
        </CardActions>
      </AuthCard>
    )
  }

  return (
    <AuthCard icon={LockKeyhole} title="Set a New Password" lead="Choose a new password.">
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <TextField
          label="New Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Confirm Password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        {failure && (
          <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-semibold">Unable to reset password</p>
            <p>{failure}</p>
          </div>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? "Updating..." : "Reset Password"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Link expired?{" "}
        <Link to="/forgot-password" className={linkClass}>
          Request a new reset email
        </Link>
      </p>
    </AuthCard>
  )
}

export default ResetPasswordPage
