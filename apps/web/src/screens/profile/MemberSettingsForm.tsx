import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import {
  DEFAULT_SETTINGS,
  LANGUAGES,
  type EmailNotifications,
  type MemberSettings,
  type PrivacySettings,
  type PushNotifications,
} from "../../../../../domain/accounts/member-settings.ts"
import { api } from "../../api/api.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { ChangePasswordDialog } from "./ChangePasswordDialog.tsx"
import { SettingSelect, SettingsCard, SettingSwitch } from "./controls.tsx"
import { settingsKey } from "./profile-queries.ts"
import { PublicPagePreview } from "./PublicPagePreview.tsx"
import { TimeZoneSelect } from "./TimeZoneSelect.tsx"
import { TwoFactorSetting } from "./TwoFactorSetting.tsx"

/** The spec's labels (§2, Profile → Settings), each with what it does. */
const EMAIL_SWITCHES: ReadonlyArray<{
  key: keyof EmailNotifications
  label: string
  description?: string
}> = [
  {
    key: "contestAnnouncements",
    label: "Contest announcements",
    description: "New contests and winner announcements.",
  },
  { key: "votingResults", label: "Voting results", description: "How your entries placed." },
  { key: "commentsAndFeedback", label: "Comments and feedback" },
  { key: "weeklySummary", label: "Weekly summary", description: "Your week on Colorday." },
]

const PUSH_SWITCHES: ReadonlyArray<{
  key: keyof PushNotifications
  label: string
  description: string
}> = [
  {
    key: "contestReminders",
    label: "Contest reminders",
    description: "Before today's contest closes.",
  },
  { key: "newVotes", label: "New votes", description: "When your entry receives a vote." },
  {
    key: "achievementUnlocked",
    label: "Achievement unlocked",
    description: "When you earn a badge.",
  },
]

const PRIVACY_SWITCHES: ReadonlyArray<{
  key: keyof PrivacySettings
  label: string
  description: string
}> = [
  {
    key: "publicProfile",
    label: "Public profile",
    description: "Other members can open your profile.",
  },
  {
    key: "showSubmissionHistory",
    label: "Show submission history",
    description: "Your past entries are listed on your profile.",
  },
  {
    key: "showAchievementBadges",
    label: "Show achievement badges",
    description: "Your badges are shown on your profile.",
  },
  {
    key: "showJoinDate",
    label: "Show join date",
    description: "Your member-since date is shown on your profile.",
  },
  {
    key: "analyticsTracking",
    label: "Analytics tracking",
    description: "Help us improve Colorday with usage statistics.",
  },
  {
    key: "personalizedRecommendations",
    label: "Personalized recommendations",
    description: "Suggestions based on the contests you enter.",
  },
]

/** The server's answer over the defaults, so a setting it does not know yet still has a value. */
const complete = (settings: Partial<MemberSettings>): MemberSettings => ({
  ...DEFAULT_SETTINGS,
  ...settings,
  email: { ...DEFAULT_SETTINGS.email, ...settings.email },
  push: { ...DEFAULT_SETTINGS.push, ...settings.push },
  privacy: { ...DEFAULT_SETTINGS.privacy, ...settings.privacy },
})

/**
 * Settings → account settings, notifications and privacy, saved together with one Save Settings
 * (PUT of the whole object), so a member can change several and keep or discard them at once.
 */
export const MemberSettingsForm = ({
  memberId,
  username,
}: {
  readonly memberId: string
  /** For the preview of the public page beside the privacy switches. */
  readonly username: string
}) => {
  const client = useQueryClient()
  const toast = useToast()
  const saved = useQuery({
    queryKey: settingsKey(memberId),
    queryFn: async () => complete(await api.settings(memberId)),
  })
  const [draft, setDraft] = useState<MemberSettings | null>(null)
  const save = useMutation({
    mutationFn: (settings: MemberSettings) => api.saveSettings(memberId, settings),
    onSuccess: (answer) => {
      client.setQueryData(settingsKey(memberId), complete(answer))
      // The public page (and its preview) follow the privacy switches.
      void client.invalidateQueries({ queryKey: ["artist"] })
      setDraft(null)
      toast({ title: "Settings saved" })
    },
    onError: (error) =>
      toast({
        title: "Settings not saved",
        description: messageOf(error, "Failed to save settings"),
        variant: "destructive",
      }),
  })

  const settings = draft ?? saved.data
  const change = (next: MemberSettings) => setDraft(next)
  const dirty =
    draft !== null &&
    saved.data !== undefined &&
    JSON.stringify(draft) !== JSON.stringify(saved.data)

  return (
    <>
      <SettingsCard id="account-settings" title="Account settings">
        <div className="py-3">
          <ChangePasswordDialog memberId={memberId} />
        </div>
        {settings === undefined ? (
          saved.isError ? (
            <ErrorState
              title="Failed to load settings"
              message={messageOf(saved.error, "Your settings could not be loaded.")}
              onRetry={() => void saved.refetch()}
            />
          ) : (
            <Spinner label="Loading settings..." />
          )
        ) : (
          <div className="divide-y divide-slate-100">
            <TwoFactorSetting memberId={memberId} />
            <SettingSwitch
              id="setting-login-notifications"
              label="Login notifications"
              description="An e-mail when your account is signed in on a new device."
              checked={settings.loginNotifications}
              onCheckedChange={(loginNotifications) => change({ ...settings, loginNotifications })}
            />
            <SettingSelect
              id="setting-language"
              label="Language"
              value={settings.language}
              options={LANGUAGES.map((language) => ({
                value: language.code,
                label: language.label,
              }))}
              onValueChange={(language) => change({ ...settings, language })}
            />
            <TimeZoneSelect
              id="setting-time-zone"
              value={settings.timeZone}
              onChange={(timeZone) => change({ ...settings, timeZone })}
            />
          </div>
        )}
      </SettingsCard>
      {settings && (
        <>
          <SettingsCard id="email-notifications" title="Email notifications">
            <div className="divide-y divide-slate-100">
              {EMAIL_SWITCHES.map((item) => (
                <SettingSwitch
                  key={item.key}
                  id={`setting-email-${item.key}`}
                  label={item.label}
                  description={item.description}
                  checked={settings.email[item.key]}
                  onCheckedChange={(on) =>
                    change({ ...settings, email: { ...settings.email, [item.key]: on } })
                  }
                />
              ))}
            </div>
          </SettingsCard>

          <SettingsCard id="push-notifications" title="Push notifications">
            <div className="divide-y divide-slate-100">
              {PUSH_SWITCHES.map((item) => (
                <SettingSwitch
                  key={item.key}
                  id={`setting-push-${item.key}`}
                  label={item.label}
                  description={item.description}
                  checked={settings.push[item.key]}
                  onCheckedChange={(on) =>
                    change({ ...settings, push: { ...settings.push, [item.key]: on } })
                  }
                />
              ))}
            </div>
          </SettingsCard>

          <SettingsCard id="privacy-settings" title="Privacy">
            <div className="divide-y divide-slate-100">
              {PRIVACY_SWITCHES.map((item) => (
                <SettingSwitch
                  key={item.key}
                  id={`setting-privacy-${item.key}`}
                  label={item.label}
                  description={item.description}
                  checked={settings.privacy[item.key]}
                  onCheckedChange={(on) =>
                    change({ ...settings, privacy: { ...settings.privacy, [item.key]: on } })
                  }
                />
              ))}
            </div>
            <PublicPagePreview username={username} />
          </SettingsCard>

          <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-3 rounded-xl border border-slate-200 bg-white/95 p-4 shadow-sm backdrop-blur">
            <p aria-live="polite" className="mr-auto text-sm text-slate-600">
              {dirty ? "You have unsaved changes." : ""}
            </p>
            <Button
              variant="ghost"
              disabled={!dirty || save.isPending}
              onClick={() => setDraft(null)}
            >
              Discard changes
            </Button>
            <Button disabled={save.isPending} onClick={() => save.mutate(settings)}>
              {save.isPending ? "Saving…" : "Save Settings"}
            </Button>
          </div>
        </>
      )}
    </>
  )
}
