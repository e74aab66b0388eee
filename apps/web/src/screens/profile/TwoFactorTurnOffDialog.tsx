import "../../session/auth/catalog.ts"
import "./catalog.ts"
import { useMutation } from "@tanstack/react-query"
import { useState, type FormEvent } from "react"
import { twoFactorApi } from "../../api/two-factor-api.ts"
import { issuesOf, messageOf } from "../../../../ui/src/messages.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { DialogDescription, DialogShell, DialogTitle } from "../../../../ui/src/dialog.tsx"
import { Field } from "./controls.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"

const EMPTY = { password: "", code: "" }

/** Turning two-factor sign-in off: the password and a current code (or a recovery code). */
export const TwoFactorTurnOffDialog = ({
  memberId,
  open,
  onOpenChange,
  onDisabled,
}: {
  readonly memberId: string
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly onDisabled: () => void
}) => {
  const t = useT()
  const [fields, setFields] = useState(EMPTY)
  const turnOff = useMutation({
    mutationFn: () => twoFactorApi.turnOff(memberId, fields.password, fields.code.trim()),
    onSuccess: () => {
      onDisabled()
      close(false)
    },
  })
  const issues = turnOff.isError ? issuesOf(turnOff.error) : []
  const errorAt = (field: string) => issues.find((issue) => issue.field === field)?.message
  const close = (next: boolean) => {
    onOpenChange(next)
    if (!next) {
      setFields(EMPTY)
      turnOff.reset()
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    turnOff.mutate()
  }

  const passwordError = errorAt("password")
  const codeError = errorAt("code")
  return (
    <DialogShell open={open} onOpenChange={close} className="max-w-md">
      <DialogTitle>{t("web.settings.twoFactor.offTitle")}</DialogTitle>
      <DialogDescription>{t("web.settings.twoFactor.offLead")}</DialogDescription>
      <form onSubmit={submit} className="mt-4 grid gap-4">
        <Field
          id="two-factor-off-password"
          label={t("web.auth.password")}
          type="password"
          autoComplete="current-password"
          required
          value={fields.password}
          onChange={(password) => setFields((f) => ({ ...f, password }))}
          {...(passwordError ? { error: passwordError } : {})}
        />
        <Field
          id="two-factor-off-code"
          label={t("web.settings.twoFactor.offCode")}
          autoComplete="one-time-code"
          required
          maxLength={32}
          value={fields.code}
          onChange={(code) => setFields((f) => ({ ...f, code }))}
          {...(codeError ? { error: codeError } : {})}
        />
        {turnOff.isError && issues.length === 0 && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {messageOf(turnOff.error, t("web.settings.twoFactor.offFailed"))}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            {t("web.settings.cancel")}
          </Button>
          <Button type="submit" variant="danger" disabled={turnOff.isPending}>
            {turnOff.isPending
              ? t("web.settings.twoFactor.turningOff")
              : t("web.settings.twoFactor.turnOff")}
          </Button>
        </div>
      </form>
    </DialogShell>
  )
}
