import "../../session/auth/catalog.ts"
import { CircleCheck, LockKeyhole, TriangleAlert } from "lucide-react"
import { useState, type FormEvent } from "react"
import { Link, useNavigate, useParams } from "react-router-dom"
import { MIN_PASSWORD_LENGTH, resetIssues } from "../../../../../domain/accounts/account-rules.ts"
import { api } from "../../api/api.ts"
import { serverMessage } from "../../session/auth/api-errors.ts"
import { TextField } from "../../../../ui/src/form.tsx"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { issueText } from "../../session/auth/issue-text.ts"
import { AuthCard, CardActions } from "./AuthCard.tsx"

type Field = "password" | "confirmPassword"

const linkClass = "font-medium text-brand-700 hover:underline"

/** /reset-password/:token — a new password from the mailed link (single use, 1 hour). */
const ResetPasswordPage = () => {
  const t = useT()
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
        title={t("web.auth.issue.resetToken.title")}
        lead={t("web.auth.issue.resetToken.message")}
      >
        <CardActions>
          <Link to="/forgot-password" className={buttonVariants()}>
            {t("web.auth.reset.requestNew")}
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
          invalid[issue.field] ??= issueText(issue, t).message
        }
      }
      setErrors(invalid)
      const text = issueText(first, t)
      toast({ title: text.title, description: text.message, variant: "destructive" })
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await api.resetPassword(token, password)
      setDone(true)
      toast({
        title: t("web.auth.reset.updatedTitle"),
        description: t("web.auth.reset.updatedDescription"),
      })
    } catch (error) {
      const message = serverMessage(error) ?? t("web.auth.reset.failedDefault")
      setFailure(message)
      toast({
        title: t("web.auth.reset.failedTitle"),
        description: message,
        variant: "destructive",
      })
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title={t("web.auth.reset.doneTitle")}
        lead={t("web.auth.reset.doneLead")}
      >
        <CardActions>
          <Button onClick={() => void navigate("/?signin=true", { replace: true })}>
            {t("web.auth.reset.returnSignIn")}
          </Button>
          <Link to="/" className={buttonVariants({ variant: "secondary" })}>
            {t("web.auth.backHome")}
          </Link>
        </CardActions>
      </AuthCard>
    )
  }

  return (
    <AuthCard icon={LockKeyhole} title={t("web.auth.reset.title")} lead={t("web.auth.reset.lead")}>
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <TextField
          label={t("web.auth.reset.newPassword")}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={t("web.auth.passwordHint", { min: MIN_PASSWORD_LENGTH })}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label={t("web.auth.reset.confirmPassword")}
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
            <p className="font-semibold">{t("web.auth.reset.failedTitle")}</p>
            <p>{failure}</p>
          </div>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? t("web.auth.reset.updating") : t("web.auth.reset.submit")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t("web.auth.reset.expired")}{" "}
        <Link to="/forgot-password" className={linkClass}>
          {t("web.auth.reset.requestNew")}
        </Link>
      </p>
    </AuthCard>
  )
}

export default ResetPasswordPage
