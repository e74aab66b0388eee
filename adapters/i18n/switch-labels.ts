import type { MailSwitch } from "../../domain/accounts/unsubscribe-switches.ts"

/**
 * Each notification switch's name as Settings shows it, as a catalog id (mail-common.json): the
 * mails that a switch governs and the unsubscribe pages name it in the reader's language.
 */
export const SWITCH_LABEL_ID: Readonly<Record<MailSwitch, string>> = {
  contestAnnouncements: "mail.common.switch.contestAnnouncements",
  votingResults: "mail.common.switch.votingResults",
  commentsAndFeedback: "mail.common.switch.commentsFeedback",
  weeklySummary: "mail.common.switch.weeklySummary",
  loginNotifications: "mail.common.switch.loginNotifications",
}
