import "./catalog.ts"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import {
  DEFAULT_SETTINGS,
  LANGUAGES,
  type EmailNotifications,
  type Language,
  type MemberSettings,
  type PrivacySettings,
  type PushNotifications,
} from "../../../../../domain/accounts/member-settings.ts"
import { api } from "../../api/api.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { ChangePasswordDialog } from "./ChangePasswordDialog.tsx"
import { SettingSelect, SettingsCard, SettingSwitch } from "./controls.tsx"
import { settingsKey } from "./profile-queries.ts"
import { PublicPagePreview } from "./PublicPagePreview.tsx"
import { TimeZoneSelect } from "./TimeZoneSelect.tsx"
import { TwoFactorSetting } from "./TwoFactorSetting.tsx"

/** The spec's labels (§2, Profile → Settings), each with what it does: their catalog ids. */
const EMAIL_SWITCHES: ReadonlyArray<{
  key: keyof EmailNotifications
  label: string
  description?: string
}> = [
  {
    key: "contestAnnouncements",
    label: "web.settings.email.contestAnnouncements",
    description: "web.settings.email.contestAnnouncementsDescription",
  },
  {
    key: "votingResults",
    label: "web.settings.email.votingResults",
    description: "web.settings.email.votingResultsDescription",
  },
  { key: "commentsAndFeedback", label: "web.settings.email.commentsAndFeedback" },
  {
    key: "weeklySummary",
    label: "web.settings.email.weeklySummary",
    description: "web.settings.email.weeklySummaryDescription",
  },
]

const PUSH_SWITCHES: ReadonlyArray<{
  key: keyof PushNotifications
  label: string
  description: string
}> = [
  {
    key: "contestReminders",
    label: "web.settings.push.contestReminders",
    description: "web.settings.push.contestRemindersDescription",
  },
  {
    key: "newVotes",
    label: "web.settings.push.newVotes",
    description: "web.settings.push.newVotesDescription",
  },
  {
    key: "achievementUnlocked",
    label: "web.settings.push.achievementUnlocked",
    description: "web.settings.push.achievementUnlockedDescription",
  },
]

const PRIVACY_SWITCHES: ReadonlyArray<{
  key: keyof PrivacySettings
  label: string
  description: string
}> = [
  {
    key: "publicProfile",
    label: "web.settings.privacy.publicProfile",
    description: "web.settings.privacy.publicProfileDescription",
  },
  {
    key: "showSubmissionHistory",
    label: "web.settings.privacy.showSubmissionHistory",
    description: "web.settings.privacy.showSubmissionHistoryDescription",
  },
  {
    key: "showAchievementBadges",
    label: "web.settings.privacy.showAchievementBadges",
    description: "web.settings.privacy.showAchievementBadgesDescription",
  },
  {
    key: "showJoinDate",
    label: "web.settings.privacy.showJoinDate",
    description: "web.settings.privacy.showJoinDateDescription",
  },
  {
    key: "analyticsTracking",
    label: "web.settings.privacy.analyticsTracking",
    description: "web.settings.privacy.analyticsTrackingDescription",
  },
  {
    key: "personalizedRecommendations",
    label: "web.settings.privacy.personalizedRecommendations",
    description: "web.settings.privacy.personalizedRecommendationsDescription",
  },
]

/** The language setting's choices, named in the page's language. */
const LANGUAGE_LABEL: Readonly<Record<Language, string>> = {
  en: "web.settings.language.en",
  es: "web.settings.language.es",
  fr: "web.settings.language.fr",
  de: "web.settings.language.de",
}

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
  const t = useT()
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
      toast({ title: t("web.settings.saved") })
    },
    onError: (error) =>
      toast({
        title: t("web.settings.notSaved"),
        description: messageOf(error, t("web.settings.saveFailed")),
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
      <SettingsCard id="account-settings" title={t("web.settings.account.title")}>
        <div className="py-3">
          <ChangePasswordDialog memberId={memberId} />
        </div>
        {settings === undefined ? (
          saved.isError ? (
            <ErrorState
              title={t("web.settings.loadFailed")}
              message={messageOf(saved.error, t("web.settings.loadFailedMessage"))}
              onRetry={() => void saved.refetch()}
            />
          ) : (
            <Spinner label={t("web.settings.loading")} />
          )
        ) : (
          <div className="divide-y divide-slate-100">
            <TwoFactorSetting memberId={memberId} />
            <SettingSwitch
              id="setting-login-notifications"
              label={t("web.settings.account.loginNotifications")}
              description={t("web.settings.account.loginNotificationsDescription")}
              checked={settings.loginNotifications}
              onCheckedChange={(loginNotifications) => change({ ...settings, loginNotifications })}
            />
            <SettingSelect
              id="setting-language"
              label={t("web.settings.language.label")}
              value={settings.language}
              options={LANGUAGES.map((language) => ({
                value: language.code,
                label: t(LANGUAGE_LABEL[language.code]),
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
          <SettingsCard id="email-notifications" title={t("web.settings.email.title")}>
            <div className="divide-y divide-slate-100">
              {EMAIL_SWITCHES.map((item) => (
                <SettingSwitch
                  key={item.key}
                  id={`setting-email-${item.key}`}
                  label={t(item.label)}
                  description={item.description && t(item.description)}
                  checked={settings.email[item.key]}
                  onCheckedChange={(on) =>
                    change({ ...settings, email: { ...settings.email, [item.key]: on } })
                  }
                />
              ))}
            </div>
          </SettingsCard>

          <SettingsCard id="push-notifications" title={t("web.settings.push.title")}>
            <div className="divide-y divide-slate-100">
              {PUSH_SWITCHES.map((item) => (
                <SettingSwitch
                  key={item.key}
                  id={`setting-push-${item.key}`}
                  label={t(item.label)}
                  description={t(item.description)}
                  checked={settings.push[item.key]}
                  onCheckedChange={(on) =>
                    change({ ...settings, push: { ...settings.push, [item.key]: on } })
                  }
                />
              ))}
            </div>
          </SettingsCard>

          <SettingsCard id="privacy-settings" title={t("web.settings.privacy.title")}>
            <div className="divide-y divide-slate-100">
              {PRIVACY_SWITCHES.map((item) => (
                <SettingSwitch
                  key={item.key}
                  id={`setting-privacy-${item.key}`}
                  label={t(item.label)}
                  description={t(item.description)}
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
              {dirty ? t("web.settings.unsaved") : ""}
            </p>
            <Button
              variant="ghost"
              disabled={!dirty || save.isPending}
              onClick={() => setDraft(null)}
            >
              {t("web.settings.discard")}
            </Button>
            <Button disabled={save.isPending} onClick={() => save.mutate(settings)}>
              {save.isPending ? t("web.settings.saving") : t("web.settings.save")}
            </Button>
          </div>
        </>
      )}
    </>
  )
}
