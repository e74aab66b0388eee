import "./catalog.ts"
import { CalendarDays, Crown, ImagePlus, Trophy, Upload } from "lucide-react"
import { Avatar } from "radix-ui"
import { TabPanel, TabStrip } from "../../../../ui/src/tabs.tsx"
import { useState, type ReactNode } from "react"
import { Link } from "react-router-dom"
import { PLANS } from "../../../../../domain/plans/plans.ts"
import type { Member, Subscription } from "../../api/types.ts"
import { creditsLeftText } from "../../plans/plan-text.ts"
import { useSession } from "../../session/session.tsx"
import { monthYear, shortDate } from "../../../../ui/src/format.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { Page } from "../../../../ui/src/page.tsx"
import { Spinner } from "../../../../ui/src/states.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { AchievementsTab } from "./AchievementsTab.tsx"
import { LineArtRequests } from "./LineArtRequests.tsx"
import { useMemberStats } from "./profile-queries.ts"
import { SettingsTab } from "./SettingsTab.tsx"
import { SubmissionsTab } from "./SubmissionsTab.tsx"

const initialsOf = (member: Member): string => {
  const fromNames = `${member.firstName.trim().charAt(0)}${member.lastName.trim().charAt(0)}`
  return (fromNames || member.username.slice(0, 2)).toUpperCase()
}

const Pill = ({ children }: { readonly children: ReactNode }) => (
  <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
    {children}
  </span>
)

const ProfileHeader = ({
  member,
  subscription,
}: {
  readonly member: Member
  readonly subscription: Subscription | null
}) => {
  const t = useT()
  const stats = useMemberStats(member.id)
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <Avatar.Root className="inline-flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100">
        {member.avatarUrl && (
          <Avatar.Image
            src={member.avatarUrl}
            alt={t("web.profile.avatar", { username: member.username })}
            width={96}
            height={96}
            className="size-full object-cover"
          />
        )}
        <Avatar.Fallback className="text-2xl font-bold text-brand-800" aria-hidden>
          {initialsOf(member)}
        </Avatar.Fallback>
      </Avatar.Root>
      <div className="min-w-0 flex-1">
        <h1 className="text-3xl font-bold break-words text-slate-900">{member.username}</h1>
        <p className="mt-1 flex items-center gap-1 text-slate-600">
          <CalendarDays aria-hidden className="size-4" />
          {t("web.profile.memberSince", { date: monthYear(member.createdDate) })}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {stats.data && (
            <>
              <Pill>
                <Trophy aria-hidden className="size-4" />
                {t("web.profile.wins", { count: stats.data.winCount })}
              </Pill>
              <Pill>
                <Upload aria-hidden className="size-4" />
                {t("web.profile.submissionCount", { count: stats.data.totalSubmissions })}
              </Pill>
            </>
          )}
          <Pill>
            <Crown aria-hidden className="size-4" />
            {PLANS[subscription?.tier ?? "free"].name}
          </Pill>
        </div>
      </div>
      <Link
        to="/"
        className={buttonVariants({ variant: "primary", className: "self-start sm:self-center" })}
      >
        <ImagePlus aria-hidden className="size-4" />
        {t("web.profile.enterToday")}
      </Link>
    </div>
  )
}

/** Non-free members: their plan, credits left, the renewal date and a way up. */
const SubscriptionBox = ({ subscription }: { readonly subscription: Subscription }) => {
  const t = useT()
  return (
    <section
      aria-label={t("web.profile.subscription.label")}
      className="mt-6 flex flex-col gap-4 rounded-xl border border-brand-100 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <dl className="grid flex-1 grid-cols-1 gap-4 min-[420px]:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">{t("web.profile.subscription.plan")}</dt>
          <dd className="font-semibold text-slate-900">{PLANS[subscription.tier].name}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t("web.profile.subscription.left")}</dt>
          <dd className="font-semibold text-slate-900">{creditsLeftText(subscription, t)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t("web.profile.subscription.renews")}</dt>
          <dd className="font-semibold text-slate-900">
            {subscription.renews_at ? shortDate(subscription.renews_at) : "—"}
          </dd>
        </div>
      </dl>
      <Link
        to="/pricing"
        className={buttonVariants({ variant: "secondary", className: "self-start sm:self-center" })}
      >
        {subscription.tier === "champ"
          ? t("web.profile.subscription.viewPlans")
          : t("web.profile.subscription.upgrade")}
      </Link>
    </section>
  )
}

const SECTIONS = [
  { value: "submissions", label: "web.profile.tab.submissions" },
  { value: "achievements", label: "web.profile.tab.achievements" },
  { value: "settings", label: "web.profile.tab.settings" },
] as const
type Section = (typeof SECTIONS)[number]["value"]

/** Names the section tabs and their panel (TabStrip). */
const SECTIONS_ID = "profile-sections"

/** /profile (members only): the member's own profile, entries, achievements and settings. */
const ProfilePage = () => {
  const t = useT()
  const { member, subscription } = useSession()
  const [section, setSection] = useState<Section>("submissions")
  // MembersOnly renders this page only for a member; the guard keeps the types honest.
  if (!member) return <Spinner label={t("web.profile.loading")} />
  return (
    <Page>
      <ProfileHeader member={member} subscription={subscription} />
      {subscription && subscription.tier !== "free" && (
        <SubscriptionBox subscription={subscription} />
      )}
      <div className="mt-8">
        <TabStrip
          id={SECTIONS_ID}
          label={t("web.profile.sections")}
          value={section}
          choices={SECTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
          onValueChange={setSection}
        />
        <TabPanel key={section} id={SECTIONS_ID} value={section} className="mt-6">
          {section === "submissions" && <SubmissionsTab memberId={member.id} />}
          {section === "achievements" && <AchievementsTab memberId={member.id} />}
          {section === "settings" && <SettingsTab member={member} subscription={subscription} />}
        </TabPanel>
      </div>
      <LineArtRequests />
    </Page>
  )
}

export default ProfilePage
