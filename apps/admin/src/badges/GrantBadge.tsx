import { useQueryClient } from "@tanstack/react-query"
import { Medal } from "lucide-react"
import { useState, type FormEvent, type SelectHTMLAttributes } from "react"
import { BADGE_IDS, type BadgeId } from "../../../../domain/badges/badges.ts"
import { badgeText } from "../../../ui/src/badge-text.ts"
import { Button } from "../../../ui/src/button.tsx"
import { DialogActions, FormDialog } from "../../../ui/src/dialog.tsx"
import { Field, FormAlert, SelectInput } from "../../../ui/src/form.tsx"
import { useT } from "../../../ui/src/i18n.tsx"
import { messageOf } from "../../../ui/src/messages.ts"
import { useToast } from "../../../ui/src/toast.tsx"
import { adminApi } from "../api/admin-api.ts"

/** One of the six badges (domain/badges/badges.ts), the catalogue every page reads. */
export const BadgeSelect = ({
  value,
  onChange,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> & {
  readonly value: BadgeId | ""
  readonly onChange: (badge: BadgeId | "") => void
}) => {
  const t = useT()
  return (
    <SelectInput
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value as BadgeId | "")}
    >
      <option value="">{t("admin.badges.grant.choose")}</option>
      {BADGE_IDS.map((id) => (
        <option key={id} value={id}>
          {t("admin.badges.grant.option", badgeText(id, t))}
        </option>
      ))}
    </SelectInput>
  )
}

/** Grants a badge to a member; the grant is idempotent: a badge already held stays as it was. */
export const useGrantBadge = () => {
  const client = useQueryClient()
  const toast = useToast()
  const t = useT()
  return async (memberId: string, memberName: string, badgeId: BadgeId) => {
    await adminApi.grantBadge(memberId, badgeId)
    void client.invalidateQueries({ queryKey: ["admin", "member", memberId] })
    toast({
      title: t("admin.badges.grant.granted"),
      description: t("admin.badges.grant.grantedBody", {
        badge: badgeText(badgeId, t).name,
        member: memberName,
      }),
    })
  }
}

/** "Grant badge" for one member: a dialog to choose which of the six. */
export const GrantBadgeButton = ({
  memberId,
  memberName,
}: {
  readonly memberId: string
  readonly memberName: string
}) => {
  const [open, setOpen] = useState(false)
  const [badge, setBadge] = useState<BadgeId | "">("")
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const grant = useGrantBadge()
  const t = useT()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (badge === "") {
      setFieldError(t("admin.badges.grant.required"))
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await grant(memberId, memberName, badge)
      setOpen(false)
    } catch (error) {
      setProblem(messageOf(error, t("admin.badges.grant.failed")))
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        setBadge("")
        setFieldError(undefined)
        setProblem(null)
      }}
      title={t("admin.badges.grant.title", { member: memberName })}
      description={t("admin.badges.grant.description")}
      trigger={
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          aria-label={t("admin.badges.grant.buttonLabel", { member: memberName })}
        >
          <Medal aria-hidden className="size-4" />
          {t("admin.badges.grant.button")}
        </Button>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        <FormAlert message={problem} />
        <Field label={t("admin.badges.grant.badge")} error={fieldError}>
          <BadgeSelect
            value={badge}
            disabled={busy}
            onChange={(next) => {
              setBadge(next)
              setFieldError(undefined)
            }}
          />
        </Field>
        <DialogActions>
          <Button type="submit" disabled={busy}>
            {busy ? t("admin.badges.grant.granting") : t("admin.badges.grant.button")}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  )
}
