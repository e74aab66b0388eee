import type { MemberSettings } from "./member-settings.ts"
import type { TokenPurpose } from "./member-token.port.ts"

/**
 * The notification switches a mail can be unsubscribed from with one click (RFC 8058): each of
 * Settings' e-mail switches and the login notifications.
 */
export type MailSwitch =
  | "contestAnnouncements"
  | "votingResults"
  | "commentsAndFeedback"
  | "weeklySummary"
  | "loginNotifications"

export const MAIL_SWITCHES: ReadonlyArray<MailSwitch> = [
  "contestAnnouncements",
  "votingResults",
  "commentsAndFeedback",
  "weeklySummary",
  "loginNotifications",
]

/** An unsubscribe link keeps working for a year: mail may be read (and acted on) late. */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 365 * 24 * 3_600_000

/** The link token's purpose per switch (the stored purpose is at most 16 characters). */
export const UNSUBSCRIBE_PURPOSE = {
  contestAnnouncements: "unsub-announce",
  votingResults: "unsub-results",
  commentsAndFeedback: "unsub-feedback",
  weeklySummary: "unsub-weekly",
  loginNotifications: "unsub-login",
} as const satisfies Record<MailSwitch, TokenPurpose>

/** The switch a token purpose turns off, or null when the purpose is not an unsubscribe one. */
export const switchOfPurpose = (purpose: TokenPurpose): MailSwitch | null =>
  MAIL_SWITCHES.find((name) => UNSUBSCRIBE_PURPOSE[name] === purpose) ?? null

/** The switch's name as the Settings tab shows it. */
export const SWITCH_LABEL: Record<MailSwitch, string> = {
  contestAnnouncements: "Contest announcements",
  votingResults: "Voting results",
  commentsAndFeedback: "Comments and feedback",
  weeklySummary: "Weekly summary",
  loginNotifications: "Login notifications",
}

export const isSwitchOn = (settings: MemberSettings, name: MailSwitch): boolean =>
  name === "loginNotifications" ? settings.loginNotifications : settings.email[name]

/** The settings with this one switch off, every other choice as it was. */
export const withSwitchOff = (settings: MemberSettings, name: MailSwitch): MemberSettings =>
  name === "loginNotifications"
    ? { ...settings, loginNotifications: false }
    : { ...settings, email: { ...settings.email, [name]: false } }
