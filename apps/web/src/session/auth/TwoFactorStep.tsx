import "./catalog.ts"
import { useState, type FormEvent } from "react"
import type { SignedIn } from "../../api/types.ts"
import { ApiError } from "../../api/http.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { TextField } from "../../../../ui/src/form.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { fieldMessageOf } from "../../../../ui/src/messages.ts"
import { useSession } from "../session.tsx"

/**
 * Sign-in's second step for an account with two-factor sign-in on: the code from the
 * authenticator app, or one of the recovery codes (each works once). A sign-in that expired (5
 * minutes, or too many wrong codes) goes back to the password.
 */
export const TwoFactorStep = ({
  email,
  challenge,
  onSignedIn,
  onStartOver,
}: {
  readonly email: string
  readonly challenge: string
  readonly onSignedIn: (signedIn: SignedIn) => void
  /** Back to e-mail and password (the challenge ended, or the member chose to). */
  readonly onStartOver: (reason: string | null) => void
}) => {
  const t = useT()
  const { completeTwoFactor } = useSession()
  const [recovery, setRecovery] = useState(false)
  const [code, setCode] = useState("")
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    try {
      onSignedIn(await completeTwoFactor(email, challenge, code.trim()))
    } catch (error) {
      setBusy(false)
      if (error instanceof ApiError && error.code === "TWO_FACTOR_CHALLENGE_EXPIRED") {
        onStartOver(error.message)
        return
      }
      setFailure(fieldMessageOf(error, ["code"], t("web.auth.twoFactor.checkFailed")))
    }
  }

  const switchKind = () => {
    setRecovery((current) => !current)
    setCode("")
    setFailure(null)
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <p className="text-sm text-slate-700">
        {recovery ? t("web.auth.twoFactor.recoveryLead") : t("web.auth.twoFactor.codeLead")}
      </p>
      {recovery ? (
        <TextField
          key="recovery"
          label={t("web.auth.twoFactor.recoveryLabel")}
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          autoFocus
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : (
        <TextField
          key="authenticator"
          label={t("web.auth.twoFactor.codeLabel")}
          name="one-time-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]{6,7}"
          required
          autoFocus
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      )}
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? t("web.auth.twoFactor.verifying") : t("web.auth.twoFactor.verify")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={switchKind}
        >
          {recovery ? t("web.auth.twoFactor.useApp") : t("web.auth.twoFactor.useRecovery")}
        </button>
        <button
          type="button"
          className="font-medium text-slate-700 hover:underline"
          onClick={() => onStartOver(null)}
        >
          {t("web.auth.twoFactor.back")}
        </button>
      </div>
    </form>
  )
}
