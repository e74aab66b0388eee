import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { AdminMember } from "../../api/admin-types.ts"

/**
 * Gives or takes the judge role (issue 19). A judge writes professional feedback on Color Champ
 * members' entries from the site's Judging page; the role opens nothing of this dashboard.
 */
export const JudgeToggle = ({
  member,
  onChanged,
}: {
  readonly member: AdminMember
  readonly onChanged: (member: AdminMember) => void
}) => {
  const toast = useToast()
  const t = useT()
  const username = member.username
  return member.isJudge ? (
    <ConfirmDialog
      trigger={<Button variant="secondary">{t("admin.members.judge.remove")}</Button>}
      title={t("admin.members.judge.removeTitle", { username })}
      description={t("admin.members.judge.removeBody", { username })}
      confirmLabel={t("admin.members.judge.remove")}
      busyLabel={t("admin.members.judge.removing")}
      onConfirm={async () => {
        onChanged(await adminApi.setJudge(member.id, false))
        toast({
          title: t("admin.members.judge.removed"),
          description: t("admin.members.judge.removedBody", { username }),
        })
      }}
    />
  ) : (
    <ConfirmDialog
      trigger={<Button variant="secondary">{t("admin.members.judge.make")}</Button>}
      title={t("admin.members.judge.makeTitle", { username })}
      description={t("admin.members.judge.makeBody", { username })}
      confirmLabel={t("admin.members.judge.make")}
      busyLabel={t("admin.members.judge.saving")}
      variant="primary"
      onConfirm={async () => {
        onChanged(await adminApi.setJudge(member.id, true))
        toast({
          title: t("admin.members.judge.added"),
          description: t("admin.members.judge.addedBody", { username }),
        })
      }}
    />
  )
}
