import { Schema } from "effect"
import { LANGUAGES, MAX_TIME_ZONE_LENGTH } from "./member-settings.ts"

/**
 * The whole settings object as the Settings tab saves it: every field required, the language one
 * of the offered ones; the time zone is any IANA zone, which saveMemberSettings checks. (Kept apart from member-settings.ts, which the web app
 * imports without Effect.)
 */
export const MemberSettingsSchema = Schema.Struct({
  language: Schema.Literals(LANGUAGES.map((language) => language.code)),
  timeZone: Schema.String.check(Schema.isMaxLength(MAX_TIME_ZONE_LENGTH)),
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
