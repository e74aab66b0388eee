import { Clock, Effect, Option } from "effect"
import { MemberRecords } from "../accounts/member-records.port.ts"
import type { Member } from "../accounts/member.entity.ts"
import { MemberRepository } from "../accounts/member.port.ts"
import { BadgeRepository } from "../badges/badge.port.ts"
import { PaymentLedger } from "../billing/payment.port.ts"
import { ContactMessageRepository } from "../contact/contact.port.ts"
import { ContestAnalytics } from "../contests/contest-analytics.port.ts"
import { calendarDays, daysWindow, MAX_CALENDAR_DAYS } from "../contests/contest-calendar.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { type ContestStatus, contestStatus } from "../contests/contest-status.ts"
import { currentContest } from "../contests/current-contest.use-case.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { compareForRanking } from "../ranking/leaderboard.ts"
import { addDays, isCalendarDate, isTimeZone, localDate } from "../shared/calendar.ts"
import { ValidationFailed, type ValidationIssue } from "../shared/errors.ts"
import type { ContestId, Instant, MemberId } from "../shared/ids.ts"
import { MAX_PAGE_SIZE, pageSize } from "../shared/paging.ts"
import { isVisible } from "../submissions/entry.entity.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import {
  ACTIVITY_METRICS,
  type ActivityMetric,
  AdminInsights,
  type HourlyCount,
} from "./admin-insights.port.ts"
import { type AuditFilter, AuditLog } from "./audit-log.port.ts"

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

export type Figures = { readonly [M in ActivityMetric]: number }

const zeroFigures = (): { -readonly [M in ActivityMetric]: number } =>
  Object.fromEntries(ACTIVITY_METRICS.map((metric) => [metric, 0])) as Figures

const sum = (counts: ReadonlyArray<HourlyCount>) => {
  const totals = zeroFigures()
  for (const count of counts) totals[count.metric] += count.count
  return totals
}

const zoneIssue = (timeZone: string): ReadonlyArray<ValidationIssue> =>
  isTimeZone(timeZone)
    ? []
    : [{ field: "tz", title: "Unknown time zone", message: `"${timeZone}" is not an IANA zone` }]

/** The dashboard's first screen: today's contest and its counts, what comes next, who is new. */
export const overview = Effect.fn("overview")(function* () {
  const contests = yield* ContestRepository
  const analytics = yield* ContestAnalytics
  const insights = yield* AdminInsights
  const members = yield* MemberRepository
  const messages = yield* ContactMessageRepository
  const now = yield* Clock.currentTimeMillis

  const current = yield* currentContest()
  const today = current && current.status === "active" ? current.contest : null
  const counts = today
    ? {
        ...(yield* analytics.counts(today.id)),
        ...(yield* insights.contestTotals([today.id])).get(today.id),
      }
    : null
  const upcoming = (yield* contests.between(now, now + MAX_CALENDAR_DAYS * DAY_MS))
    .filter((contest) => contestStatus(contest, now) === "scheduled")
    .sort((a, b) => a.startsAt - b.startsAt)
    .slice(0, 5)
  return {
    today: {
      contest: today,
      counts: {
        views: counts?.views ?? 0,
        downloads: counts?.downloads ?? 0,
        entries: counts?.entries ?? 0,
        votes: counts?.votes ?? 0,
      },
    },
    upcoming,
    recentSignUps: (yield* members.search("", null, 5)).items,
    unreadMessages: yield* messages.countUnhandled,
    latestMessages: (yield* messages.page(null, 3, { unhandledOnly: true })).items,
  }
})

/** Today and the next days in the admin's zone, each with its contests (none: a free day). */
export const contestCalendar = Effect.fn("contestCalendar")(function* (request: {
  readonly days: number
  readonly timeZone: string
}) {
  const issues = zoneIssue(request.timeZone)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const days = Math.min(Math.max(Math.trunc(request.days), 1), MAX_CALENDAR_DAYS)
  const contests = yield* ContestRepository
  const now = yield* Clock.currentTimeMillis
  const firstDay = localDate(now, request.timeZone)
  const window = daysWindow(firstDay, days, request.timeZone)
  const running = window ? yield* contests.between(window.from, window.to) : []
  return {
    now,
    days: calendarDays(firstDay, days, request.timeZone, running),
  }
})

/** Contests of one status (or all), newest start first, with their entry and vote counts. */
export const adminContests = Effect.fn("adminContests")(function* (request: {
  readonly status?: ContestStatus | undefined
  readonly cursor?: string | null | undefined
  readonly limit?: number | undefined
}) {
  const contests = yield* ContestRepository
  const insights = yield* AdminInsights
  const now = yield* Clock.currentTimeMillis
  const page = yield* contests.list(
    { status: request.status, now },
    request.cursor ?? null,
    pageSize(request.limit),
  )
  const totals = yield* insights.contestTotals(page.items.map((contest) => contest.id))
  return {
    now,
    items: page.items.map((contest) => ({
      contest,
      entryCount: totals.get(contest.id)?.entries ?? 0,
      voteCount: totals.get(contest.id)?.votes ?? 0,
    })),
    nextCursor: page.nextCursor,
  }
})

/** A contest's entries in ranking order: visible ones ranked first, then the ones taken out. */
export const contestRanking = Effect.fn("contestRanking")(function* (contestId: ContestId) {
  const contests = yield* ContestRepository
  const entries = yield* EntryRepository
  const contest = yield* contests.get(contestId)
  const all = yield* entries.ofContest(contest.id)
  const ranked = [
    ...all.filter(isVisible).sort(compareForRanking),
    ...all.filter((entry) => !isVisible(entry)).sort(compareForRanking),
  ]
  return { contest, rows: ranked.map((entry, index) => ({ rank: index + 1, entry })) }
})

/** Everything the dashboard shows of one member. */
export const memberDossier = Effect.fn("memberDossier")(function* (memberId: MemberId) {
  const member = yield* (yield* MemberRepository).get(memberId)
  const subscription = yield* (yield* SubscriptionRepository).find(member.id)
  return {
    member,
    subscription: Option.getOrNull(subscription),
    entries: yield* (yield* EntryRepository).ofMember(member.id),
    votesGiven: yield* (yield* MemberRecords).votesCastBy(member.id),
    payments: (yield* (yield* PaymentLedger).historyOf(member.id, null, MAX_PAGE_SIZE)).items,
    badges: yield* (yield* BadgeRepository).of(member.id),
  }
})

/** How many hours a contest's series may span: its window and a month around it. */
const MAX_SERIES_HOURS = 45 * 24

/**
 * One contest's figures: totals over all time, and an hourly series from its first activity (or
 * start) to its last (or end).
 */
export const contestFigures = Effect.fn("contestFigures")(function* (contestId: ContestId) {
  const contest = yield* (yield* ContestRepository).get(contestId)
  const insights = yield* AdminInsights
  const now = yield* Clock.currentTimeMillis
  const counts = yield* insights.activity({ from: 0, to: now + HOUR_MS, contestId: contest.id })
  const hourOf = (instant: Instant) => instant - (((instant % HOUR_MS) + HOUR_MS) % HOUR_MS)
  const hours = counts.map((count) => count.hour)
  const first = Math.min(hourOf(contest.startsAt), ...hours)
  const last = Math.max(hourOf(contest.endsAt - 1), ...hours)
  const span = Math.min((last - first) / HOUR_MS + 1, MAX_SERIES_HOURS)
  const start = last - (span - 1) * HOUR_MS
  const series = Array.from({ length: span }, (_, index) => ({
    hour: start + index * HOUR_MS,
    ...zeroFigures(),
  }))
  for (const count of counts) {
    const slot = series[(count.hour - start) / HOUR_MS]
    if (slot) slot[count.metric] += count.count
  }
  return { contest, totals: sum(counts), series }
})

/** The longest run of days the site-wide figures cover at once. */
export const MAX_ANALYTICS_DAYS = 366

/**
 * Site-wide figures per local day of the admin's zone, from `from` to `to` inclusive, and the
 * share of members on a paid plan now. Hours are the database's buckets, so a zone with a
 * half-hour offset counts an hour's events in the day the hour starts in.
 */
export const siteFigures = Effect.fn("siteFigures")(function* (request: {
  readonly from: string
  readonly to: string
  readonly timeZone: string
}) {
  const issues: Array<ValidationIssue> = [...zoneIssue(request.timeZone)]
  for (const field of ["from", "to"] as const) {
    if (!isCalendarDate(request[field])) {
      issues.push({ field, title: "Invalid day", message: "Expected a day written YYYY-MM-DD" })
    }
  }
  const days =
    issues.length === 0
      ? Math.round((Date.parse(request.to) - Date.parse(request.from)) / DAY_MS) + 1
      : 0
  if (issues.length === 0 && (days < 1 || days > MAX_ANALYTICS_DAYS)) {
    issues.push({
      field: "to",
      title: "Invalid range",
      message: `"to" must be on or after "from", at most ${MAX_ANALYTICS_DAYS} days later`,
    })
  }
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const insights = yield* AdminInsights
  const window = daysWindow(request.from, days, request.timeZone)
  const counts = window ? yield* insights.activity(window) : []
  const byDay = new Map(
    Array.from({ length: days }, (_, index) => [addDays(request.from, index), zeroFigures()]),
  )
  for (const count of counts) {
    const figures = byDay.get(localDate(count.hour, request.timeZone))
    if (figures) figures[count.metric] += count.count
  }
  const { members, paid } = yield* insights.memberCounts
  return {
    days: [...byDay].map(([date, figures]) => ({ date, ...figures })),
    totals: sum(counts),
    conversionRate: members === 0 ? 0 : paid / members,
  }
})

/** The audit log, newest first, with each actor's username (null: the operator at the CLI). */
export const auditTrail = Effect.fn("auditTrail")(function* (request: {
  readonly filter: AuditFilter
  readonly cursor?: string | null | undefined
  readonly limit?: number | undefined
}) {
  const log = yield* AuditLog
  const members = yield* MemberRepository
  const page = yield* log.page(request.filter, request.cursor ?? null, pageSize(request.limit))
  const actors = new Map<MemberId, Member | null>()
  for (const record of page.items) {
    if (record.actorId === null || actors.has(record.actorId)) continue
    const found = yield* Effect.result(members.get(record.actorId))
    actors.set(record.actorId, found._tag === "Success" ? found.success : null)
  }
  return {
    items: page.items.map((record) => ({
      record,
      actor: record.actorId === null ? null : (actors.get(record.actorId) ?? null),
    })),
    nextCursor: page.nextCursor,
  }
})
