import "./catalog.ts"
import { useState, type FormEvent } from "react"
import { Link } from "react-router-dom"
import { api } from "../../api/api.ts"
import type { SignedIn } from "../../api/types.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { useSession } from "../session.tsx"
import { isEmailNotVerified, serverMessage } from "./api-errors.ts"
import { TextField } from "../../../../ui/src/form.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { TwoFactorStep } from "./TwoFactorStep.tsx"

/**
 * The Sign In tab: e-mail and password; an unverified e-mail gets a notice with a resend button.
 * An account with two-factor sign-in on then asks for its code (TwoFactorStep).
 */
export const SignInForm = ({
  email,
  onEmailChange,
  onSignedIn,
  onLeave,
}: {
  readonly email: string
  readonly onEmailChange: (email: string) => void
  readonly onSignedIn: (signedIn: SignedIn) => void
  /** Called when a link leaves the dialog (Forgot password?). */
  readonly onLeave: () => void
}) => {
  const t = useT()
  const { signIn } = useSession()
  const toast = useToast()
  const [password, setPassword] = useState("")
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [unverified, setUnverified] = useState(false)
  const [resending, setResending] = useState(false)
  const [challenge, setChallenge] = useState<string | null>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    setUnverified(false)
    try {
      const answer = await signIn(email.trim(), password)
      if ("twoFactorRequired" in answer) {
        setChallenge(answer.challenge)
        setBusy(false)
        return
      }
      onSignedIn(answer)
    } catch (error) {
      if (isEmailNotVerified(error)) {
        setUnverified(true)
        toast({
          title: t("web.auth.signIn.notVerifiedTitle"),
          description: t("web.auth.signIn.notVerified"),
          variant: "destructive",
        })
      } else {
        const failed = t("web.auth.signIn.failed")
        const message = serverMessage(error) ?? failed
        setFailure(message)
        toast({
          title: failed,
          description: message === failed ? undefined : message,
          variant: "destructive",
        })
      }
      setBusy(false)
    }
  }

  const resend = async () => {
    if (email.trim() === "") {
      toast({
        title: t("web.auth.signIn.emailRequiredTitle"),
        description: t("web.auth.signIn.emailRequired"),
        variant: "destructive",
      })
      return
    }
    setResending(true)
    try {
      const answer = await api.resendVerification(email.trim())
      toast({ title: t("web.auth.resend.sentTitle"), description: answer.message })
    } catch (error) {
      toast({
        title: t("web.auth.resend.failedTitle"),
        description: serverMessage(error) ?? t("web.auth.tryAgain"),
        variant: "destructive",
      })
    } finally {
      setResending(false)
    }
  }

  if (challenge !== null) {
    return (
      <TwoFactorStep
        email={email.trim()}
        challenge={challenge}
        onSignedIn={onSignedIn}
        onStartOver={(reason) => {
          setChallenge(null)
          setPassword("")
          setFailure(reason)
        }}
      />
    )
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <TextField
        label={t("web.auth.email")}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
      />
      <TextField
        label={t("web.auth.password")}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      {unverified && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-semibold">{t("web.auth.signIn.notVerifiedTitle")}</p>
          <p>{t("web.auth.signIn.notVerified")}</p>
          <Button
            variant="secondary"
            className="self-start"
            disabled={resending}
            onClick={() => void resend()}
          >
            {resending ? t("web.auth.sending") : t("web.auth.signIn.resend")}
          </Button>
        </div>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? t("web.auth.signIn.busy") : t("web.auth.dialog.signIn")}
      </Button>
      <Link
        to="/forgot-password"
        onClick={onLeave}
        className="self-center text-sm font-medium text-brand-700 hover:underline"
      >
        {t("web.auth.signIn.forgot")}
      </Link>
    </form>
  )
}
