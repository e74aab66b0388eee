import "../../session/auth/catalog.ts"
import "./catalog.ts"
import { Dialog } from "radix-ui"
import { useState, type FormEvent } from "react"
import { MIN_PASSWORD_LENGTH } from "../../../../../domain/accounts/account-rules.ts"
import { api } from "../../api/api.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { DialogDescription, DialogShell, DialogTitle } from "../../../../ui/src/dialog.tsx"
import { fieldMessageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { useT, type Translate } from "../../../../ui/src/i18n.tsx"
import { Field } from "./controls.tsx"

interface Problem {
  readonly title: string
  readonly message: string
}

/** The spec's password rules (§5) before anything is sent. */
export const passwordProblem = (next: string, confirm: string, t: Translate): Problem | null => {
  if (next.length < MIN_PASSWORD_LENGTH) {
    return {
      title: t("web.auth.issue.passwordShort.title"),
      message: t("web.auth.issue.passwordShort.message", { min: MIN_PASSWORD_LENGTH }),
    }
  }
  if (next !== confirm) {
    return {
      title: t("web.auth.issue.passwordsDiffer.title"),
      message: t("web.auth.issue.passwordsDiffer.message"),
    }
  }
  return null
}

const EMPTY = { current: "", next: "", confirm: "" }

/** Settings → Change Password: current, new and confirmation, checked here, then by the server. */
export const ChangePasswordDialog = ({ memberId }: { readonly memberId: string }) => {
  const t = useT()
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [fields, setFields] = useState(EMPTY)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setFields(EMPTY)
      setProblem(null)
    }
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const local = passwordProblem(fields.next, fields.confirm, t)
    setProblem(local)
    if (local) return
    setBusy(true)
    try {
      await api.changePassword(memberId, fields.current, fields.next)
      toast({ title: t("web.settings.password.updated") })
      onOpenChange(false)
    } catch (error) {
      setProblem({
        title: t("web.settings.password.notChanged"),
        message: fieldMessageOf(
          error,
          ["currentPassword", "newPassword"],
          t("web.settings.password.failed"),
        ),
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-md"
      trigger={<Button variant="secondary">{t("web.settings.password.title")}</Button>}
    >
      <DialogTitle>{t("web.settings.password.title")}</DialogTitle>
      <DialogDescription>{t("web.settings.password.lead")}</DialogDescription>
      <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4">
        <Field
          id="current-password"
          label={t("web.settings.password.current")}
          type="password"
          autoComplete="current-password"
          required
          value={fields.current}
          onChange={(current) => setFields((f) => ({ ...f, current }))}
        />
        <Field
          id="new-password"
          label={t("web.settings.password.new")}
          type="password"
          autoComplete="new-password"
          required
          value={fields.next}
          onChange={(next) => setFields((f) => ({ ...f, next }))}
        />
        <Field
          id="confirm-password"
          label={t("web.settings.password.confirm")}
          type="password"
          autoComplete="new-password"
          required
          value={fields.confirm}
          onChange={(confirm) => setFields((f) => ({ ...f, confirm }))}
        />
        {problem && (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">{problem.title}</p>
            <p>{problem.message}</p>
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="secondary">{t("web.settings.cancel")}</Button>
          </Dialog.Close>
          <Button type="submit" disabled={busy}>
            {busy ? t("web.settings.updating") : t("web.settings.password.submit")}
          </Button>
        </div>
      </form>
    </DialogShell>
  )
}
