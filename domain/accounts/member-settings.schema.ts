import { Schema } from "effect"
import { LANGUAGES, SETTINGS_TIME_ZONES } from "./member-settings.ts"

/**
 * The whole settings object as the Settings tab saves it: every field required, each language
 * and time zone one of the offered ones. (Kept apart from member-settings.ts, which the web app
 * imports without Effect.)
 */
export const MemberSettingsSchema = Schema.Struct({
  language: Schema.Literals(LANGUAGES.map((language) => language.code)),
  timeZone: Schema.Literals(SETTINGS_TIME_ZONES.map((timeZone) => timeZone.zone)),
  loginNotifications: Schema.Boolean,
  email: Schema.Struct({
    contestAnnouncements: Schema.Boolean,
    votingResults: Schema.Boolean,
    commentsAndFeedback: Schema.Boolean,
    weeklySummary: Schema.Boolean,
  }),
  push: Schema.Struct({
    contestReminders: Schema.Boolean,
    newVotes: Schema.Boolean,
    achievementUnlocked: Schema.Boolean,
  }),
  privacy: Schema.Struct({
    publicProfile: Schema.Boolean,
    showSubmissionHistory: Schema.Boolean,
    showAchievementBadges: Schema.Boolean,
    showJoinDate: Schema.Boolean,
    analyticsTracking: Schema.Boolean,
    personalizedRecommendations: Schema.Boolean,
  }),
})
