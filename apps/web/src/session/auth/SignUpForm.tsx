import "./catalog.ts"
import { MailCheck } from "lucide-react"
import { useState, type FormEvent } from "react"
import { Link } from "react-router-dom"
import {
  MIN_PASSWORD_LENGTH,
  MINIMUM_AGE,
  signUpIssues,
} from "../../../../../domain/accounts/account-rules.ts"
import { SITE_NAME } from "../../../../../domain/site/page-titles.ts"
import { api } from "../../api/api.ts"
import type { SignUpForm as SignUpFields } from "../../api/types.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { fieldErrors, serverMessage } from "./api-errors.ts"
import { TextField } from "../../../../ui/src/form.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { issueText } from "./issue-text.ts"

type Field = keyof SignUpFields

const FIELD_ORDER: ReadonlyArray<Field> = [
  "firstName",
  "lastName",
  "username",
  "email",
  "password",
  "dateOfBirth",
]

const pad = (n: number) => String(n).padStart(2, "0")

/** Today in the visitor's calendar, YYYY-MM-DD: no date of birth can be later. */
const localToday = (): string => {
  const now = new Date()
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

const isField = (name: string): name is Field =>
  (FIELD_ORDER as ReadonlyArray<string>).includes(name)

/**
 * The Sign Up tab. The same rules as the server's (account-rules.ts) are checked here first, so an
 * under-18 date of birth or a short password is refused before anything is sent. Sign-up does not
 * sign in: the member opens the mailed link first, so success shows "Check your email".
 */
export const SignUpForm = ({
  email,
  onEmailChange,
  onGoToSignIn,
  onLeave,
}: {
  readonly email: string
  readonly onEmailChange: (email: string) => void
  readonly onGoToSignIn: () => void
  readonly onLeave: () => void
}) => {
  const t = useT()
  const toast = useToast()
  const [fields, setFields] = useState({
    firstName: "",
    lastName: "",
    username: "",
    password: "",
    dateOfBirth: "",
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  const set = (field: keyof typeof fields) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const focusFirst = (invalid: Partial<Record<Field, string>>) => {
    const first = FIELD_ORDER.find((field) => invalid[field])
    if (first) document.getElementById(`signup-${first}`)?.focus()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFailure(null)
    const form: SignUpFields = {
      email: email.trim(),
      password: fields.password,
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      username: fields.username.trim(),
      dateOfBirth: fields.dateOfBirth,
    }
    const invalid: Partial<Record<Field, string>> = {}
    for (const issue of signUpIssues(form, Date.now())) {
      if (isField(issue.field)) invalid[issue.field] ??= issueText(issue, t).message
    }
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid)
      focusFirst(invalid)
      return
    }
    setBusy(true)
    try {
      await api.signUp(form)
      setSentTo(form.email)
    } catch (error) {
      const failed = t("web.auth.signUp.failed")
      const message = serverMessage(error) ?? failed
      const named: Partial<Record<Field, string>> = {}
      for (const [field, text] of Object.entries(fieldErrors(error))) {
        if (isField(field)) named[field] = text
      }
      setErrors(named)
      setFailure(message)
      focusFirst(named)
      toast({
        title: failed,
        description: message === failed ? undefined : message,
        variant: "destructive",
      })
    } finally {
      setBusy(false)
    }
  }

  if (sentTo !== null) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
        <MailCheck aria-hidden className="size-10 text-brand-600" />
        <h3 className="text-lg font-semibold text-slate-900">{t("web.auth.signUp.sentTitle")}</h3>
        <p className="break-words text-slate-700">
          <T
            id="web.auth.signUp.sentLead"
            values={{ email: sentTo }}
            components={{ 0: <strong /> }}
          />
        </p>
        <p className="text-sm text-slate-600">
          <T
            id="web.auth.signUp.nothingArrived"
            components={{
              0: (
                <Link
                  to="/resend-verification"
                  onClick={onLeave}
                  className="font-medium text-brand-700 underline"
                />
              ),
            }}
          />
        </p>
        <Button onClick={onGoToSignIn}>{t("web.auth.signUp.goSignIn")}</Button>
      </div>
    )
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="signup-firstName"
          label={t("web.auth.signUp.firstName")}
          name="firstName"
          autoComplete="given-name"
          required
          value={fields.firstName}
          error={errors.firstName}
          onChange={(event) => set("firstName")(event.target.value)}
        />
        <TextField
          id="signup-lastName"
          label={t("web.auth.signUp.lastName")}
          name="lastName"
          autoComplete="family-name"
          required
          value={fields.lastName}
          error={errors.lastName}
          onChange={(event) => set("lastName")(event.target.value)}
        />
      </div>
      <TextField
        id="signup-username"
        label={t("web.auth.signUp.username")}
        name="username"
        autoComplete="username"
        required
        hint={t("web.auth.signUp.usernameHint")}
        value={fields.username}
        error={errors.username}
        onChange={(event) => set("username")(event.target.value)}
      />
      <TextField
        id="signup-email"
        label={t("web.auth.email")}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        error={errors.email}
        onChange={(event) => {
          onEmailChange(event.target.value)
          setErrors((current) => ({ ...current, email: undefined }))
        }}
      />
      <TextField
        id="signup-password"
        label={t("web.auth.password")}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={t("web.auth.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        value={fields.password}
        error={errors.password}
        onChange={(event) => set("password")(event.target.value)}
      />
      <TextField
        id="signup-dateOfBirth"
        label={t("web.auth.signUp.dateOfBirth")}
        type="date"
        name="dateOfBirth"
        autoComplete="bday"
        required
        max={localToday()}
        hint={t("web.auth.signUp.dateOfBirthHint", { site: SITE_NAME, age: MINIMUM_AGE })}
        value={fields.dateOfBirth}
        error={errors.dateOfBirth}
        onChange={(event) => set("dateOfBirth")(event.target.value)}
      />
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? t("web.auth.signUp.creating") : t("web.auth.signUp.submit")}
      </Button>
    </form>
  )
}
