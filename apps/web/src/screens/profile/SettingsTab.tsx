import type { Member, Subscription } from "../../api/types.ts"
import { AccountData } from "./AccountData.tsx"
import { AvatarSettings } from "./AvatarSettings.tsx"
import { MemberSettingsForm } from "./MemberSettingsForm.tsx"
import { ProfileForm } from "./ProfileForm.tsx"
import { PushSettings } from "./PushSettings.tsx"
import { SubscriptionManagement } from "./SubscriptionManagement.tsx"

/** The Settings tab: avatar, profile form, account settings, notifications, privacy, data, plan. */
export const SettingsTab = ({
  member,
  subscription,
}: {
  readonly member: Member
  readonly subscription: Subscription | null
}) => (
  <div className="flex flex-col gap-6">
    <AvatarSettings member={member} />
    <ProfileForm member={member} />
    <MemberSettingsForm memberId={member.id} username={member.username} />
    <PushSettings memberId={member.id} />
    <AccountData member={member} />
    <SubscriptionManagement memberId={member.id} subscription={subscription} />
  </div>
)
