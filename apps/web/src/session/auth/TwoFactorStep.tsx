import { useState, type FormEvent } from "react"
import type { SignedIn } from "../../api/types.ts"
import { ApiError } from "../../api/http.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { TextField } from "../../../../ui/src/form.tsx"
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
      setFailure(fieldMessageOf(error, ["code"], "The code could not be checked"))
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
        {recovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once."
          : "Two-factor sign-in is on for this account. Enter the 6-digit code from your authenticator app."}
      </p>
      {recovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
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
          label="Authentication code"
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
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={switchKind}
        >
          {recovery ? "Use your authenticator app" : "Use a recovery code"}
        </button>
        <button
          type="button"
          className="font-medium text-slate-700 hover:underline"
          onClick={() => onStartOver(null)}
        >
          Back to sign in
        </button>
      </div>
    </form>
  )
}
