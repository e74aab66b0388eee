import { Clock, Effect } from "effect"
import { isOpen } from "../contests/contest-status.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { JobLease } from "../jobs/job-lease.port.ts"
import { type Notification, pushPayload } from "./notification.entity.ts"
import { NotificationAudience } from "./notification-audience.port.ts"
import { NotificationRepository } from "./notification.port.ts"
import { notify, switchIsOn } from "./notify.use-case.ts"
import { PushSender } from "./push-sender.port.ts"
import { PushRetryRepository } from "./push-retry.port.ts"
import { type PushSubscription, PushSubscriptionRepository } from "./push-subscription.port.ts"

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
    const minutesLeft = Math.max(1, Math.round((contest.endsAt - now) / 60_000))
    const members = yield* audience.reminderCandidates(
      contest.id,
      contest.startsAt - DAY_MS,
      contest.startsAt,
    )
    for (const memberId of members) {
      const content = {
        kind: "contest-reminder",
        contestTitle: contest.title,
        minutesLeft,
      } as const
      if (yield* notify(memberId, contest.id, content, "/")) added += 1
    }
  }
  return added
})

/** How far back the new-votes batch looks for hours not yet announced (after a restart). */
export const NEW_VOTES_LOOKBACK_MS = DAY_MS

/** A new-votes notification's period: the clock hour ("2026-11-27T14", UTC) it counts to. */
const hourPeriod = (hourStart: number) => new Date(hourStart).toISOString().slice(0, 13)

/**
 * New votes, batched: each member whose entries received votes since their last new-votes
 * notification (looking back a day at most), in whole hours that have ended, gets one
 * notification counting them; its period is the latest of those hours, so at most one an hour.
 * Hours no tick ran in (the server was down all of them) are counted by the next tick, in the
 * same one notification.
 */
export const batchNewVotes = Effect.fn("batchNewVotes")(function* () {
  const now = yield* Clock.currentTimeMillis
  const to = Math.floor(now / HOUR_MS) * HOUR_MS
  const from = to - NEW_VOTES_LOOKBACK_MS
  const latest = yield* (yield* NotificationRepository).latestPeriods("new-votes", hourPeriod(from))
  // Per member: the votes of the hours after their latest notification, and the last such hour.
  const unannounced = new Map<string, { votes: number; hour: number }>()
  for (const { memberId, hour, votes } of yield* (yield* NotificationAudience).votesReceivedByHour(
    from,
    to,
  )) {
    const announcedUpTo = latest.get(memberId)
    if (announcedUpTo !== undefined && hourPeriod(hour) <= announcedUpTo) continue
    const sum = unannounced.get(memberId) ?? { votes: 0, hour }
    unannounced.set(memberId, { votes: sum.votes + votes, hour: Math.max(sum.hour, hour) })
  }
  let added = 0
  for (const [memberId, { votes, hour }] of unannounced) {
    const content = { kind: "new-votes", votes } as const
    if (yield* notify(memberId, hourPeriod(hour), content, "/profile")) added += 1
  }
  return added
})

/** Attempts at one push to one device, the first included, before it is given up. */
export const MAX_PUSH_ATTEMPTS = 5

/** The wait before attempt n + 1 after n failed: 1, 5, 30 minutes, then 2 hours. */
export const pushRetryDelayMs = (attempts: number): number =>
  [60_000, 5 * 60_000, 30 * 60_000][attempts - 1] ?? 2 * HOUR_MS

/** How long a claimed retry is held by the instance sending it before another may take it. */
const RETRY_CLAIM_MS = 2 * 60_000

/**
 * Sends one push to one device and settles what follows: a device gone (404/410) is removed; a
 * failure is tried again later with backoff (the retry's attempts so far: 0 for a first send),
 * and given up after MAX_PUSH_ATTEMPTS.
 */
const sendToDevice = Effect.fn("sendToDevice")(function* (
  notification: Pick<Notification, "id" | "memberId" | "kind">,
  subscription: PushSubscription,
  payload: string,
  attemptsBefore: number,
) {
  const outcome = yield* (yield* PushSender).send(subscription, payload)
  const retries = yield* PushRetryRepository
  if (outcome === "gone") {
    yield* (yield* PushSubscriptionRepository).removeEndpoint(subscription.endpoint)
  }
  const attempts = attemptsBefore + 1
  if (outcome === "failed" && attempts < MAX_PUSH_ATTEMPTS) {
    yield* retries.schedule({
      notificationId: notification.id,
      endpoint: subscription.endpoint,
      memberId: notification.memberId,
      kind: notification.kind,
      payload,
      attempts,
      nextAttemptAt: (yield* Clock.currentTimeMillis) + pushRetryDelayMs(attempts),
    })
  } else if (attemptsBefore > 0) {
    yield* retries.remove(notification.id, subscription.endpoint)
  }
  return outcome
})

/**
 * Sends the pending pushes to every device of their member; a subscription the push service
 * answers 404/410 for is removed. Each push is taken once (claimPush), so two instances never
 * send one twice. A device whose push service fails otherwise is tried again, that device only,
 * after 1, 5 and 30 minutes and 2 hours (each retry claimed once, like the push), then given up
 * (the bell list still has it). A member who turned the switch off since gets no push.
 */
export const deliverPushes = Effect.fn("deliverPushes")(function* (limit: number = PUSH_BATCH) {
  const notifications = yield* NotificationRepository
  const subscriptions = yield* PushSubscriptionRepository
  const retries = yield* PushRetryRepository
  const sender = yield* PushSender
  const report = { delivered: 0, gone: 0, refused: 0, failed: 0, retried: 0 }
  for (const notification of yield* notifications.pendingPushes(limit)) {
    if (!(yield* notifications.claimPush(notification.id))) continue
    if (sender.publicKey === null) continue
    if (!(yield* switchIsOn(notification.memberId, notification.kind))) continue
    const payload = pushPayload(notification)
    for (const subscription of yield* subscriptions.of(notification.memberId)) {
      report[yield* sendToDevice(notification, subscription, payload, 0)] += 1
    }
  }
  const now = yield* Clock.currentTimeMillis
  for (const retry of yield* retries.due(now, limit)) {
    if (!(yield* retries.claim(retry, now + RETRY_CLAIM_MS))) continue
    const device = (yield* subscriptions.of(retry.memberId)).find(
      (subscription) => subscription.endpoint === retry.endpoint,
    )
    if (device === undefined || sender.publicKey === null) {
      yield* retries.remove(retry.notificationId, retry.endpoint)
      continue
    }
    if (!(yield* switchIsOn(retry.memberId, retry.kind))) {
      yield* retries.remove(retry.notificationId, retry.endpoint)
      continue
    }
    const notification = { id: retry.notificationId, memberId: retry.memberId, kind: retry.kind }
    report[yield* sendToDevice(notification, device, retry.payload, retry.attempts)] += 1
    report.retried += 1
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
