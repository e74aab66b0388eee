import { Clock, Effect } from "effect"
import type { Contest } from "../../contests/contest.entity.ts"
import { ContestRepository } from "../../contests/contest.port.ts"
import { isCancelled } from "../../contests/contest-status.ts"
import type { Instant } from "../../shared/ids.ts"
import { greetingName, localClock, type Recipient, recipients } from "./recipients.ts"
import { sendOnce } from "./send-once.ts"
import { SentNotificationRepository } from "./sent-notification.port.ts"

/**
 * Contest announcements (issue 24): a short morning mail when the day's contest opens, once per
 * member and contest, to members who keep "Contest announcements" on (the default).
 */

/** The morning: mail from 07:00 to noon, local time. */
export const MORNING_FROM_HOUR = 7
export const MORNING_UNTIL_HOUR = 12
/** No mail at night: when no morning comes before the end, from 07:00 to 22:00. */
export const DAYTIME_UNTIL_HOUR = 22
/** A contest that ends within the hour is not announced any more. */
export const MIN_TIME_LEFT_MS = 60 * 60_000
/** Contests that opened longer ago than this are not the day's (a first deploy, a long outage). */
export const ANNOUNCE_WITHIN_MS = 24 * 60 * 60_000

/** The contests to announce at `now`: open, not cancelled, opened within the last day. */
export const contestsToAnnounce = (candidates: ReadonlyArray<Contest>, now: Instant) =>
  candidates.filter(
    (contest) =>
      !isCancelled(contest) &&
      contest.startsAt <= now &&
      now - contest.startsAt < ANNOUNCE_WITHIN_MS &&
      contest.endsAt - now >= MIN_TIME_LEFT_MS,
  )

/**
 * Whether it is the member's moment for the announcement: their morning; or, when the contest ends
 * before their next morning, any time of their day (never at night).
 */
export const announcementDue = (contest: Contest, now: Instant, timeZone: string): boolean => {
  const clock = localClock(now, timeZone)
  if (clock.hour >= MORNING_FROM_HOUR && clock.hour < MORNING_UNTIL_HOUR) return true
  const nextMorning = clock.nextMidnight + MORNING_FROM_HOUR * 60 * 60_000
  return (
    clock.hour >= MORNING_FROM_HOUR &&
    clock.hour < DAYTIME_UNTIL_HOUR &&
    contest.endsAt <= nextMorning
  )
}

export interface PlannedAnnouncement {
  readonly recipient: Recipient
  readonly contest: Contest
}

/** Who gets which announcement now (not yet sent, switch on, their moment): changes nothing. */
export const plannedAnnouncements = Effect.fn("plannedAnnouncements")(function* () {
  const now = yield* Clock.currentTimeMillis
  const contests = contestsToAnnounce(yield* (yield* ContestRepository).homeCandidates(now), now)
  const ledger = yield* SentNotificationRepository
  const planned: Array<PlannedAnnouncement> = []
  for (const contest of contests) {
    const sent = yield* ledger.sentTo("contest-announcement", contest.id)
    const chosen = yield* recipients(
      ({ settings }) =>
        settings.email.contestAnnouncements && announcementDue(contest, now, settings.timeZone),
      (member) => sent.has(member.id),
    )
    for (const recipient of chosen) planned.push({ recipient, contest })
  }
  return planned
})

/** Sends the announcements due now, each once; returns how many were queued. */
export const sendContestAnnouncements = Effect.fn("sendContestAnnouncements")(function* () {
  let sent = 0
  for (const { recipient, contest } of yield* plannedAnnouncements()) {
    const { member, settings } = recipient
    const queued = yield* sendOnce(
      member,
      "contest-announcement",
      contest.id,
      "contestAnnouncements",
      (unsubscribeToken) => ({
        kind: "contest-announcement",
        to: member.email,
        name: greetingName(member),
        contestId: contest.id,
        contestTitle: contest.title,
        lineArt: contest.lineArt,
        endsAt: contest.endsAt,
        timeZone: settings.timeZone,
        subscribersOnly: contest.subscribersOnly,
        unsubscribeToken,
        language: settings.language,
      }),
    )
    if (queued) sent++
  }
  return sent
})
