import { Clock, Effect } from "effect"
import { closeDueContests } from "../contests/close-due-contests.use-case.ts"
import { ContestAnalytics, visitDay } from "../contests/contest-analytics.port.ts"
import { runMonthlyDrawings } from "../drawings/drawings.use-case.ts"
import { renewSubscriptions } from "../plans/renew-subscriptions.use-case.ts"
import { JobLease } from "./job-lease.port.ts"
import { sendNotificationMails } from "../notifications/mails/notification-mails.use-case.ts"
import { runPushJobs } from "../notifications/push-jobs.use-case.ts"

/** The scheduler's jobs, by the name of the lease each runs under. */
export const CLOSING_JOB = "close-due-contests"
export const RENEWAL_JOB = "renew-subscriptions"
export const VISITS_JOB = "forget-old-visits"
export const DRAWINGS_JOB = "monthly-drawings"
export const NOTIFICATION_MAILS_JOB = "notification-mails"

/** How long a lease is held: longer than a run takes, short enough to fail over quickly. */
export const JOB_LEASE_MS = 5 * 60_000

/**
 * One tick of the scheduler: close the contests that have ended (winner, results, badges),
 * renew the subscriptions due on the 1st and run the monthly drawings — each only where this
 * instance holds the job's lease.
 * Every job is idempotent, so a tick after a crash simply finishes what was left.
 */
export const runScheduledJobs = Effect.fn("runScheduledJobs")(function* (holder: string) {
  const leases = yield* JobLease
  const now = yield* Clock.currentTimeMillis
  const report = {
    closedContests: 0,
    renewedSubscriptions: 0,
    drawingsDrawn: 0,
    notificationMails: 0,
    skipped: [] as Array<string>,
  }
  if (yield* leases.acquire(CLOSING_JOB, holder, now, now + JOB_LEASE_MS)) {
    report.closedContests = (yield* closeDueContests()).length
  } else {
    report.skipped.push(CLOSING_JOB)
  }
  if (yield* leases.acquire(RENEWAL_JOB, holder, now, now + JOB_LEASE_MS)) {
    report.renewedSubscriptions = (yield* renewSubscriptions()).renewed
  } else {
    report.skipped.push(RENEWAL_JOB)
  }
  // Views and downloads are counted once a visitor a day: older notes decide nothing now.
  if (yield* leases.acquire(VISITS_JOB, holder, now, now + JOB_LEASE_MS)) {
    yield* (yield* ContestAnalytics).forgetVisitsBefore(visitDay(now - 24 * 60 * 60 * 1000))
  } else {
    report.skipped.push(VISITS_JOB)
  }
  // Commit this month's drawings, draw last month's once it has closed (both idempotent).
  if (yield* leases.acquire(DRAWINGS_JOB, holder, now, now + JOB_LEASE_MS)) {
    report.drawingsDrawn = (yield* runMonthlyDrawings()).drawn
  } else {
    report.skipped.push(DRAWINGS_JOB)
  }
  // Web Push and the bell list: due reminders, last hour's votes, pending pushes (own lease).
  yield* runPushJobs(holder)
  // Contest announcements and weekly summaries, each once by its ledger (issue 24).
  if (yield* leases.acquire(NOTIFICATION_MAILS_JOB, holder, now, now + JOB_LEASE_MS)) {
    const mails = yield* sendNotificationMails()
    report.notificationMails = mails.announcements + mails.weeklySummaries
  } else {
    report.skipped.push(NOTIFICATION_MAILS_JOB)
  }
  return report
})
