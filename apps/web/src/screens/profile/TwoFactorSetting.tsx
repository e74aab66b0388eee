import "./catalog.ts"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { twoFactorApi } from "../../api/two-factor-api.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { SettingSwitch } from "./controls.tsx"
import { TwoFactorEnrolDialog } from "./TwoFactorEnrolDialog.tsx"
import { TwoFactorTurnOffDialog } from "./TwoFactorTurnOffDialog.tsx"

export const twoFactorKey = (memberId: string) => ["two-factor", memberId] as const

/**
 * Settings → Two-factor authentication: the switch shows whether it is on (the server's answer,
 * not the settings draft) and opens enrolment to turn it on, or the turn-off dialog.
 */
export const TwoFactorSetting = ({ memberId }: { readonly memberId: string }) => {
  const t = useT()
  const client = useQueryClient()
  const toast = useToast()
  const status = useQuery({
    queryKey: twoFactorKey(memberId),
    queryFn: () => twoFactorApi.status(memberId),
  })
  const [dialog, setDialog] = useState<"enrol" | "turn-off" | null>(null)
  const refresh = () => void client.invalidateQueries({ queryKey: twoFactorKey(memberId) })

  const enabled = status.data?.enabled ?? false
  const description = status.isError
    ? t("web.settings.twoFactor.loadFailed")
    : enabled
      ? t("web.settings.twoFactor.on", { count: status.data?.recoveryCodesLeft ?? 0 })
      : t("web.settings.twoFactor.off")

  return (
    <>
      <SettingSwitch
        id="setting-two-factor"
        label={t("web.settings.twoFactor.label")}
        description={description}
        checked={enabled}
        disabled={status.data === undefined}
        onCheckedChange={(on) => setDialog(on ? "enrol" : "turn-off")}
      />
      <TwoFactorEnrolDialog
        memberId={memberId}
        open={dialog === "enrol"}
        onOpenChange={(open) => setDialog(open ? "enrol" : null)}
        onEnabled={refresh}
      />
      <TwoFactorTurnOffDialog
        memberId={memberId}
        open={dialog === "turn-off"}
        onOpenChange={(open) => setDialog(open ? "turn-off" : null)}
        onDisabled={() => {
          refresh()
          toast({ title: t("web.settings.twoFactor.turnedOff") })
        }}
      />
    </>
  )
}
