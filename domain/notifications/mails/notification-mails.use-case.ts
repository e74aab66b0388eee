import { Effect } from "effect"
import { sendContestAnnouncements } from "./contest-announcement.use-case.ts"
import { sendWeeklySummaries } from "./weekly-summary.use-case.ts"

/**
 * The scheduler's mail job (issue 24): the contest announcements and weekly summaries due now,
 * each once per (member, kind, period) by the sent_notifications ledger, so a tick after a crash
 * or a restart sends what is left and nothing twice.
 */
export const sendNotificationMails = Effect.fn("sendNotificationMails")(function* () {
  const announcements = yield* sendContestAnnouncements()
  const summaries = yield* sendWeeklySummaries()
  return {
    announcements,
    weeklySummaries: summaries.sent,
    summariesSkipped: summaries.skipped,
  }
})
