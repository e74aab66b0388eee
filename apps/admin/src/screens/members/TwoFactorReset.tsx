import { useQuery, useQueryClient } from "@tanstack/react-query"
import { call } from "../../../../web/src/api/http.ts"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import type { AdminMember } from "../../api/admin-types.ts"

/** The dashboard's two calls on a member's two-factor sign-in (issue 24). */
export const twoFactorAdminApi = {
  status: (memberId: string) =>
    call("GET", "/api/admin/members/{id}/two-factor", { params: { id: memberId } }),
  reset: (memberId: string) =>
    call("DELETE", "/api/admin/members/{id}/two-factor", { params: { id: memberId } }),
}

const statusKey = (memberId: string) => ["admin", "member", memberId, "two-factor"] as const

/**
 * A member's two-factor sign-in: whether it is on and, when it is, the reset for a member who
 * lost their authenticator and their recovery codes, after a confirmation (audited on the server).
 * Nothing shows until the status has loaded.
 */
export const TwoFactorReset = ({ member }: { readonly member: AdminMember }) => {
  const t = useT()
  const toast = useToast()
  const client = useQueryClient()
  const status = useQuery({
    queryKey: statusKey(member.id),
    queryFn: () => twoFactorAdminApi.status(member.id),
  })
  const username = member.username
  if (!status.data) return null
  if (!status.data.enabled) {
    return <p className="self-center text-sm text-slate-600">{t("admin.member.twoFactor.off")}</p>
  }
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">{t("admin.member.twoFactor.reset")}</Button>}
      title={t("admin.member.twoFactor.resetTitle", { username })}
      description={t("admin.member.twoFactor.resetBody", {
        username,
        count: status.data.recoveryCodesLeft,
      })}
      confirmLabel={t("admin.member.twoFactor.reset")}
      busyLabel={t("admin.member.twoFactor.resetting")}
      onConfirm={async () => {
        await twoFactorAdminApi.reset(member.id)
        client.setQueryData(statusKey(member.id), { enabled: false, recoveryCodesLeft: 0 })
        toast({
          title: t("admin.member.twoFactor.resetDone"),
          description: t("admin.member.twoFactor.resetDoneBody", { username }),
        })
      }}
    />
  )
}
