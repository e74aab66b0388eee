import { Clock, Effect } from "effect"
import { artistName } from "../../accounts/member.entity.ts"
import { MemberRepository } from "../../accounts/member.port.ts"
import { BadgeRepository } from "../../badges/badge.port.ts"
import { BADGES } from "../../badges/badges.ts"
import type { Contest } from "../../contests/contest.entity.ts"
import { ContestRepository } from "../../contests/contest.port.ts"
import { isCancelled } from "../../contests/contest-status.ts"
import { type RankedEntry, resultRanking } from "../../ranking/contest-ranking.ts"
import type { ContestId, Instant } from "../../shared/ids.ts"
import type { WeeklySummaryMail } from "../../shared/mailer.port.ts"
import { EntryRepository } from "../../submissions/entry.port.ts"
import { greetingName, localClock, type Recipient, recipients } from "./recipients.ts"
import { sendOnce } from "./send-once.ts"
import { SentNotificationRepository } from "./sent-notification.port.ts"

/**
 * The weekly summary (issue 24): on the member's Sunday, their week (entries and their votes,
 * places in the contests that closed, badges) and the site's (the week's winners, the next
 * contest); once per member and Sunday, to members who keep "Weekly summary" on (the default).
 * Skipped for a member with nothing to report when nothing new happened on the site either.
 */

/** Sent from 09:00 on the member's Sunday. */
export const SUMMARY_FROM_HOUR = 9
export const WEEK_MS = 7 * 24 * 60 * 60_000

/** What the summary says: the mail without its address and unsubscribe token. */
export type WeeklySummary = Omit<WeeklySummaryMail, "kind" | "to" | "name" | "unsubscribeToken">

/** The site's week, the same for every member: read once a run. */
export interface SiteWeek {
  readonly from: Instant
  readonly winners: WeeklySummary["winners"]
  readonly nextContest: WeeklySummary["nextContest"]
  /** The contests that closed this week, each with its ranking. */
  readonly closed: ReadonlyArray<{
    readonly contest: Contest
    readonly ranking: ReadonlyArray<RankedEntry>
  }>
}

export const siteWeek = Effect.fn("siteWeek")(function* (now: Instant) {
  const contests = yield* ContestRepository
  const entries = yield* EntryRepository
  const members = yield* MemberRepository
  const from = now - WEEK_MS
  const closed = (yield* contests.closedInOrder).filter(
    (contest) =>
      contest.result !== null && contest.result.closedAt >= from && contest.result.closedAt < now,
  )
  const ranked = []
  const winners = []
  for (const contest of closed) {
    ranked.push({ contest, ranking: resultRanking(yield* entries.ofContest(contest.id)) })
    const winnerId = contest.result?.winnerMemberId ?? null
    if (winnerId === null) continue
    const winner = yield* members.get(winnerId).pipe(Effect.option)
    if (winner._tag === "None") continue
    winners.push({
      contestId: contest.id,
      contestTitle: contest.title,
      winnerName: artistName(winner.value),
    })
  }
  const next = (yield* contests.homeCandidates(now))
    .filter((contest) => contest.startsAt > now && !isCancelled(contest))
    .sort((a, b) => a.startsAt - b.startsAt)[0]
  return {
    from,
    winners,
    nextContest:
      next === undefined
        ? null
        : { contestId: next.id, title: next.title, startsAt: next.startsAt },
    closed: ranked,
  } satisfies SiteWeek
})

/** The member's summary for the week ending `now`, or null when there is nothing to say. */
export const summaryOf = Effect.fn("summaryOf")(function* (
  recipient: Recipient,
  site: SiteWeek,
  now: Instant,
) {
  const { member, settings } = recipient
  const week = (yield* (yield* EntryRepository).ofMember(member.id)).filter(
    (entry) => entry.createdAt >= site.from && entry.createdAt < now,
  )
  const titles = new Map<ContestId, string>(
    (yield* (yield* ContestRepository).byIds([
      ...new Set(week.map((entry) => entry.contestId)),
    ])).map((contest) => [contest.id, contest.title]),
  )
  const placements = site.closed.flatMap(({ contest, ranking }) => {
    const best = ranking.find((row) => row.entry.memberId === member.id)
    return best === undefined
      ? []
      : [
          {
            contestId: contest.id,
            contestTitle: contest.title,
            rank: best.rank,
            entrants: ranking.length,
          },
        ]
  })
  const badges = (yield* (yield* BadgeRepository).of(member.id))
    .filter((grant) => grant.earnedAt >= site.from && grant.earnedAt < now)
    .map((grant) => BADGES[grant.badgeId].name)
  const nothingOfTheirs = week.length === 0 && placements.length === 0 && badges.length === 0
  if (nothingOfTheirs && site.winners.length === 0) return null
  return {
    sunday: localClock(now, settings.timeZone).date,
    timeZone: settings.timeZone,
    entries: week
      .slice()
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((entry) => ({
        entryId: entry.id,
        contestTitle: titles.get(entry.contestId) ?? "A contest",
        votes: entry.voteCount,
      })),
    placements,
    badges,
    winners: site.winners,
    nextContest: site.nextContest,
  } satisfies WeeklySummary
})

export interface PlannedSummary {
  readonly recipient: Recipient
  /** Null: skipped, nothing to report and nothing new on the site. */
  readonly summary: WeeklySummary | null
}

/** Whose Sunday it is (from 09:00), with the switch on and no summary yet: changes nothing. */
export const plannedSummaries = Effect.fn("plannedSummaries")(function* () {
  const now = yield* Clock.currentTimeMillis
  const ledger = yield* SentNotificationRepository
  // Members' Sundays fall on two or three UTC dates at most: each date's ledger read once.
  const sentByDate = new Map<string, ReadonlySet<string>>()
  const chosen = yield* recipients(({ settings }) => {
    const clock = localClock(now, settings.timeZone)
    return settings.email.weeklySummary && clock.weekDay === 0 && clock.hour >= SUMMARY_FROM_HOUR
  })
  for (const { settings } of chosen) {
    const date = localClock(now, settings.timeZone).date
    if (!sentByDate.has(date)) sentByDate.set(date, yield* ledger.sentTo("weekly-summary", date))
  }
  const due = chosen.filter(
    ({ member, settings }) =>
      !(sentByDate.get(localClock(now, settings.timeZone).date)?.has(member.id) ?? false),
  )
  if (due.length === 0) return []
  const site = yield* siteWeek(now)
  const planned: Array<PlannedSummary> = []
  for (const recipient of due) {
    planned.push({ recipient, summary: yield* summaryOf(recipient, site, now) })
  }
  return planned
})

/** Sends the summaries due now, each once; returns how many were queued and skipped. */
export const sendWeeklySummaries = Effect.fn("sendWeeklySummaries")(function* () {
  let sent = 0
  let skipped = 0
  for (const { recipient, summary } of yield* plannedSummaries()) {
    if (summary === null) {
      skipped++
      continue
    }
    const { member } = recipient
    const queued = yield* sendOnce(
      member,
      "weekly-summary",
      summary.sunday,
      "weeklySummary",
      (unsubscribeToken) => ({
        kind: "weekly-summary",
        to: member.email,
        name: greetingName(member),
        ...summary,
        unsubscribeToken,
        language: recipient.settings.language,
      }),
    )
    if (queued) sent++
  }
  return { sent, skipped }
})
