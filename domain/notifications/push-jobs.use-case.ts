import { Clock, Effect } from "effect"
import { isOpen } from "../contests/contest-status.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { JobLease } from "../jobs/job-lease.port.ts"
import { pushPayload } from "./notification.entity.ts"
import { NotificationAudience } from "./notification-audience.port.ts"
import { NotificationRepository } from "./notification.port.ts"
import { notify, switchIsOn } from "./notify.use-case.ts"
import { PushSender } from "./push-sender.port.ts"
import { PushSubscriptionRepository } from "./push-subscription.port.ts"

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

/** The contest reminder goes this long before the contest ends. */
export const REMINDER_BEFORE_END_MS = 2 * HOUR_MS

/** The lease the push jobs run under (one instance at a time), and how long it is held. */
export const PUSH_JOB = "push-notifications"
const PUSH_LEASE_MS = 5 * 60_000

/** How many pending pushes one delivery pass sends at most. */
export const PUSH_BATCH = 200

/**
 * Contest reminders: for each open contest ending within two hours, a notification to each member
 * who downloaded its line art or entered a contest the day before it started, and has not entered
 * it. Once per member and contest (the contest id is the period), however often it runs.
 */
export const sendContestReminders = Effect.fn("sendContestReminders")(function* () {
  const now = yield* Clock.currentTimeMillis
  const audience = yield* NotificationAudience
  let added = 0
  for (const contest of yield* (yield* ContestRepository).between(now, now + 1)) {
    if (!isOpen(contest, now) || contest.endsAt - now > REMINDER_BEFORE_END_MS) continue
    const minutes = Math.max(1, Math.round((contest.endsAt - now) / 60_000))
    const left = minutes >= 90 ? "two hours" : minutes >= 60 ? "an hour" : `${minutes} minutes`
    const members = yield* audience.reminderCandidates(
      contest.id,
      contest.startsAt - DAY_MS,
      contest.startsAt,
    )
    for (const memberId of members) {
      const message = {
        title: `${contest.title}: about ${left} left`,
        body: "The contest closes soon. Upload your coloring before it ends.",
        url: "/",
      }
      if (yield* notify(memberId, "contest-reminder", contest.id, message)) added += 1
    }
  }
  return added
})

/**
 * New votes, batched: each member whose entries received votes in the last whole hour gets one
 * notification counting them, its period that hour, so at most one an hour. Votes of an hour no
 * tick ran in (the server was down all of it) are not announced.
 */
export const batchNewVotes = Effect.fn("batchNewVotes")(function* () {
  const now = yield* Clock.currentTimeMillis
  const to = Math.floor(now / HOUR_MS) * HOUR_MS
  const hour = new Date(to - HOUR_MS).toISOString().slice(0, 13)
  let added = 0
  for (const { memberId, votes } of yield* (yield* NotificationAudience).votesReceived(
    to - HOUR_MS,
    to,
  )) {
    const message = {
      title: votes === 1 ? "Your entry got a new vote" : `Your entries got ${votes} new votes`,
      body: "See how your coloring is doing in the gallery.",
      url: "/profile",
    }
    if (yield* notify(memberId, "new-votes", hour, message)) added += 1
  }
  return added
})

/**
 * Sends the pending pushes to every device of their member; a subscription the push service
 * answers 404/410 for is removed. Each push is taken once (claimPush), so two instances never
 * send one twice; one that fails otherwise is not retried (the bell list still has it). A member
 * who turned the switch off since it was recorded gets no push.
 */
export const deliverPushes = Effect.fn("deliverPushes")(function* (limit: number = PUSH_BATCH) {
  const notifications = yield* NotificationRepository
  const subscriptions = yield* PushSubscriptionRepository
  const sender = yield* PushSender
  const report = { delivered: 0, gone: 0, failed: 0 }
  for (const notification of yield* notifications.pendingPushes(limit)) {
    if (!(yield* notifications.claimPush(notification.id))) continue
    if (sender.publicKey === null) continue
    if (!(yield* switchIsOn(notification.memberId, notification.kind))) continue
    for (const subscription of yield* subscriptions.of(notification.memberId)) {
      const outcome = yield* sender.send(subscription, pushPayload(notification))
      if (outcome === "gone") yield* subscriptions.removeEndpoint(subscription.endpoint)
      report[outcome] += 1
    }
  }
  return report
})

/**
 * The scheduler's push job, under its own lease: record the due contest reminders and the last
 * hour's votes, then send what is pending (badges' achievements included).
 */
export const runPushJobs = Effect.fn("runPushJobs")(function* (holder: string) {
  const now = yield* Clock.currentTimeMillis
  if (!(yield* (yield* JobLease).acquire(PUSH_JOB, holder, now, now + PUSH_LEASE_MS))) return null
  const reminders = yield* sendContestReminders()
  const newVotes = yield* batchNewVotes()
  const pushes = yield* deliverPushes()
  return { reminders, newVotes, ...pushes }
})
