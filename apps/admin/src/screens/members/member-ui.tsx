import type { AdminMember } from "../../api/admin-types.ts"
import { Chip } from "../../../../ui/src/card.tsx"

/** What sets a member apart: admin, judge, suspended, e-mail not verified. */
export const MemberChips = ({ member }: { readonly member: AdminMember }) => (
  <span className="flex flex-wrap gap-1">
    {member.isAdmin && <Chip tone="brand">Admin</Chip>}
    {member.isJudge && <Chip tone="sky">Judge</Chip>}
    {member.suspendedAt && <Chip tone="red">Suspended</Chip>}
    {!member.emailVerified && <Chip tone="amber">Unverified</Chip>}
    {/* A plain member's status in words: a blank cell reads as missing data. */}
    {!member.isAdmin && !member.isJudge && !member.suspendedAt && member.emailVerified && (
      <Chip>Active</Chip>
    )}
  </span>
)
