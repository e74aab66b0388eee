/**
 * A member's settings (the profile's Settings tab): language, time zone, notification and privacy
 * choices, persisted per member. The defaults are the spec's (§2, Profile → Settings). The privacy
 * choices are honoured by what others see of the member (public profile, entries, badges, join
 * date), not merely stored.
 */

export const LANGUAGES = [
  { code: "en", label: "English" },
  { code: "es", label: "Spanish" },
  { code: "fr", label: "French" },
  { code: "de", label: "German" },
] as const
export type Language = (typeof LANGUAGES)[number]["code"]

/** The spec's four time zones, as IANA zones so leaderboards and mails can use them. */
export const SETTINGS_TIME_ZONES = [
  { zone: "UTC", label: "UTC" },
  { zone: "America/New_York", label: "Eastern Time" },
  { zone: "America/Los_Angeles", label: "Pacific Time" },
  { zone: "Europe/Berlin", label: "Central European Time" },
] as const
export type SettingsTimeZone = (typeof SETTINGS_TIME_ZONES)[number]["zone"]

export interface EmailNotifications {
  readonly contestAnnouncements: boolean
  readonly votingResults: boolean
  readonly commentsAndFeedback: boolean
  readonly weeklySummary: boolean
}

export interface PushNotifications {
  readonly contestReminders: boolean
  readonly newVotes: boolean
  readonly achievementUnlocked: boolean
}

export interface PrivacySettings {
  readonly publicProfile: boolean
  readonly showSubmissionHistory: boolean
  readonly showAchievementBadges: boolean
  readonly showJoinDate: boolean
  readonly analyticsTracking: boolean
  readonly personalizedRecommendations: boolean
}

export interface MemberSettings {
  readonly language: Language
  readonly timeZone: SettingsTimeZone
  readonly loginNotifications: boolean
  readonly email: EmailNotifications
  readonly push: PushNotifications
  readonly privacy: PrivacySettings
}

export const DEFAULT_SETTINGS: MemberSettings = {
  language: "en",
  timeZone: "UTC",
  loginNotifications: true,
  email: {
    contestAnnouncements: true,
    votingResults: true,
    commentsAndFeedback: false,
    weeklySummary: true,
  },
  push: { contestReminders: true, newVotes: false, achievementUnlocked: true },
  privacy: {
    publicProfile: true,
    showSubmissionHistory: true,
    showAchievementBadges: true,
    showJoinDate: false,
    analyticsTracking: true,
    personalizedRecommendations: true,
  },
}
