import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
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
  return member.isJudge ? (
    <ConfirmDialog
      trigger={<Button variant="secondary">Remove judge</Button>}
      title={`Remove ${member.username}'s judge role?`}
      description={`${member.username} will no longer write professional feedback. What they wrote stays on the entries.`}
      confirmLabel="Remove judge"
      busyLabel="Removing…"
      onConfirm={async () => {
        onChanged(await adminApi.setJudge(member.id, false))
        toast({ title: "Judge removed", description: `${member.username} is no longer a judge.` })
      }}
    />
  ) : (
    <ConfirmDialog
      trigger={<Button variant="secondary">Make judge</Button>}
      title={`Make ${member.username} a judge?`}
      description={`${member.username} will write professional feedback on Color Champ members' entries, from the site's Judging page. They will not reach this dashboard.`}
      confirmLabel="Make judge"
      busyLabel="Saving…"
      variant="primary"
      onConfirm={async () => {
        onChanged(await adminApi.setJudge(member.id, true))
        toast({ title: "Judge added", description: `${member.username} is now a judge.` })
      }}
    />
  )
}
