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

/**
 * The spec's four time zones, offered first; a member may choose any IANA zone this runtime
 * knows (isSettingsTimeZone).
 */
export const SETTINGS_TIME_ZONES = [
  { zone: "UTC", label: "UTC" },
  { zone: "America/New_York", label: "Eastern Time" },
  { zone: "America/Los_Angeles", label: "Pacific Time" },
  { zone: "Europe/Berlin", label: "Central European Time" },
] as const
/** An IANA time zone name ("Asia/Tokyo"); checked by isSettingsTimeZone. */
export type SettingsTimeZone = string

/** The longest IANA zone name is 32 characters ("America/Argentina/ComodRivadavia"). */
export const MAX_TIME_ZONE_LENGTH = 64

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

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.some((language) => language.code === value)

/**
 * The IANA time zone `value` names, in the case IANA writes it ("utc" is "UTC"), or null when
 * this runtime's Intl does not know it. An offset ("+01:00"), which Intl also takes, is not an
 * IANA zone. A link keeps its own name ("Asia/Calcutta" stays, not "Asia/Kolkata").
 */
export const timeZoneName = (value: string): string | null => {
  if (value.length > MAX_TIME_ZONE_LENGTH || !/^[A-Za-z]/.test(value)) return null
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions()
    return resolved.timeZone.toLowerCase() === value.toLowerCase() ? resolved.timeZone : value
  } catch {
    return null
  }
}

/** Whether `value` names an IANA time zone this runtime's Intl knows. */
export const isSettingsTimeZone = (value: string): boolean => timeZoneName(value) !== null

/**
 * The zones the Settings tab offers: the spec's four first, then every other zone Intl lists
 * (a member's saved zone stays offered even where this runtime's list lacks it).
 */
export const timeZoneChoices = (
  saved: string,
  supported: ReadonlyArray<string> = Intl.supportedValuesOf("timeZone"),
): ReadonlyArray<{ readonly zone: string; readonly label: string }> => {
  const first = new Set<string>(SETTINGS_TIME_ZONES.map((timeZone) => timeZone.zone))
  const rest = [...new Set([...supported, saved])].filter((zone) => !first.has(zone)).sort()
  return [
    ...SETTINGS_TIME_ZONES,
    ...rest.map((zone) => ({ zone, label: zone.replaceAll("_", " ") })),
  ]
}

const record = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

/** Each switch of `defaults` taken from `stored` when it is a boolean there. */
const switches = <T extends { readonly [K in keyof T]: boolean }>(
  defaults: T,
  stored: unknown,
): T => {
  const from = record(stored)
  return Object.fromEntries(
    Object.entries(defaults).map(([key, value]) => [
      key,
      typeof from[key] === "boolean" ? from[key] : value,
    ]),
  ) as T
}

/**
 * Settings as they were stored (by this version or an older one, which may lack a field added
 * since): every field that is valid is kept, every other one is its default.
 */
export const settingsFrom = (stored: unknown): MemberSettings => {
  const from = record(stored)
  return {
    language: isLanguage(from.language) ? from.language : DEFAULT_SETTINGS.language,
    timeZone:
      typeof from.timeZone === "string" && isSettingsTimeZone(from.timeZone)
        ? from.timeZone
        : DEFAULT_SETTINGS.timeZone,
    loginNotifications:
      typeof from.loginNotifications === "boolean"
        ? from.loginNotifications
        : DEFAULT_SETTINGS.loginNotifications,
    email: switches(DEFAULT_SETTINGS.email, from.email),
    push: switches(DEFAULT_SETTINGS.push, from.push),
    privacy: switches(DEFAULT_SETTINGS.privacy, from.privacy),
  }
}

/** What others may see of a member (the member always sees everything of their own). */
export interface ProfileVisibility {
  /** The public profile; hidden, it is as if the member did not exist (404). */
  readonly profile: boolean
  /** Their list of entries (the gallery and leaderboards still show the entries themselves). */
  readonly submissionHistory: boolean
  readonly badges: boolean
  readonly joinDate: boolean
}

export const EVERYTHING_VISIBLE: ProfileVisibility = {
  profile: true,
  submissionHistory: true,
  badges: true,
  joinDate: true,
}

/**
 * What someone else sees by the member's privacy settings. A private profile hides the lists
 * that belong to it too (entries, badges): they are the profile's parts.
 */
export const visibilityFor = (privacy: PrivacySettings): ProfileVisibility => ({
  profile: privacy.publicProfile,
  submissionHistory: privacy.publicProfile && privacy.showSubmissionHistory,
  badges: privacy.publicProfile && privacy.showAchievementBadges,
  joinDate: privacy.publicProfile && privacy.showJoinDate,
})
