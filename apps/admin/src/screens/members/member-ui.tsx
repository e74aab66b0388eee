import type { AdminMember } from "../../api/admin-types.ts"
import { Chip } from "../../../../ui/src/card.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"

/** What sets a member apart: admin, judge, suspended, e-mail not verified. */
export const MemberChips = ({ member }: { readonly member: AdminMember }) => {
  const t = useT()
  return (
    <span className="flex flex-wrap gap-1">
      {member.isAdmin && <Chip tone="brand">{t("admin.members.chip.admin")}</Chip>}
      {member.isJudge && <Chip tone="sky">{t("admin.members.chip.judge")}</Chip>}
      {member.suspendedAt && <Chip tone="red">{t("admin.members.chip.suspended")}</Chip>}
      {!member.emailVerified && <Chip tone="amber">{t("admin.members.chip.unverified")}</Chip>}
      {/* A plain member's status in words: a blank cell reads as missing data. */}
      {!member.isAdmin && !member.isJudge && !member.suspendedAt && member.emailVerified && (
        <Chip>{t("admin.members.chip.active")}</Chip>
      )}
    </span>
  )
}
