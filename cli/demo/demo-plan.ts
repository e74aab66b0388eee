import { dailyWindow } from "../../domain/contests/contest-window.ts"
import { planOf } from "../../domain/plans/plans.ts"
import type { Instant } from "../../domain/shared/ids.ts"
import { DEMO_ADMIN, DEMO_ARTISTS, DEMO_MEMBER_EMAIL, type DemoMember } from "./demo-members.ts"

/**
 * What the demo world will hold, decided up front and without effects: which days have contests,
 * who enters which contest when, with which photo, and who votes for what. Every choice comes
 * from a seeded generator keyed by the calendar day, so a given day always plays out the same.
 * The plan keeps within each plan's monthly credits, so the real use cases accept every step.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Daily contests run from UTC midnight to UTC midnight. */
export const DEMO_TIME_ZONE = "UTC"
export const PAST_DAYS = 14

export interface PlannedEntry {
  /** Index into DEMO_ARTISTS. */
  readonly artist: number
  readonly at: Instant
  /** Index into the entry photos. */
  readonly photo: number
}

export interface PlannedVote {
  readonly voter: number
  /** Index into the day's entries. */
  readonly entry: number
  readonly at: Instant
}

export interface PlannedDownload {
  /** Index into DEMO_ARTISTS; null for a visitor who is not signed in. */
  readonly member: number | null
  readonly at: Instant
}

/** A plan's monthly charge, paid on the anniversary of its checkout. */
export interface PlannedRenewal {
  /** Index into DEMO_ARTISTS. */
  readonly artist: number
  readonly at: Instant
  /** The provider's invoice id: the ledger row's key. */
  readonly invoiceId: string
}

export interface PlannedDay {
  /** "YYYY-MM-DD" (UTC). */
  readonly day: string
  readonly kind: "past" | "today" | "tomorrow"
  readonly startsAt: Instant
  readonly endsAt: Instant
  /** When the admin scheduled it. */
  readonly scheduledAt: Instant
  /** Index into the line art pages. */
  readonly lineArt: number
  /** Views of the contest page, in time order: one before every download, and browsers. */
  readonly views: ReadonlyArray<Instant>
  /** In time order: every entrant's, and some from people who looked and did not enter. */
  readonly downloads: ReadonlyArray<PlannedDownload>
  /** In the order they were made. */
  readonly entries: ReadonlyArray<PlannedEntry>
  /** In the order they were cast. */
  readonly votes: ReadonlyArray<PlannedVote>
  /** When the scheduler closed it; null while it runs or before it starts. */
  readonly closeAt: Instant | null
  /** When the admin announced its result (after closing); null while it runs or before. */
  readonly announceAt: Instant | null
}

export interface DemoPlan {
  readonly admin: { readonly member: DemoMember; readonly joinedAt: Instant }
  readonly artists: ReadonlyArray<{ readonly member: DemoMember; readonly joinedAt: Instant }>
  readonly days: ReadonlyArray<PlannedDay>
  /** Every paid member's monthly charges since their checkout, up to now, in time order. */
  readonly renewals: ReadonlyArray<PlannedRenewal>
}

export interface PlanInput {
  readonly now: Instant
  readonly lineArtCount: number
  /**
   * For each entry photo, the index of the line art page it is a colored version of. Every page
   * a contest runs must have at least one: a contest's entries are colorings of its own page.
   */
  readonly photoLineArt: ReadonlyArray<number>
}

/** mulberry32: small, fast and seeded; the demo world must be the same on every run. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const shuffle = <A>(items: ReadonlyArray<A>): Array<A> => {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j] as A, copy[i] as A]
    }
    return copy
  }
  return { next, between: (low: number, high: number) => low + (high - low) * next(), shuffle }
}

/** A seed from a string (FNV-1a), so each calendar day has its own stream. */
const seedOf = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

const dayString = (instant: Instant) => new Date(instant).toISOString().slice(0, 10)
const monthOf = (instant: Instant) => new Date(instant).toISOString().slice(0, 7)
const dayNumber = (instant: Instant) => Math.floor(instant / DAY)

/** The same day and time `months` months later (the last day of a shorter month). */
export const addMonths = (instant: Instant, months: number): Instant => {
  const date = new Date(instant)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  )
}

/** A paid member checks out this long after signing up (demo-world.ts writes that payment). */
export const CHECKOUT_AFTER_JOINING = 12 * MINUTE

/** The calendar day `offset` days from the one containing `now`, and its contest window. */
const dayAt = (now: Instant, offset: number) => {
  const day = dayString(now + offset * DAY)
  const window = dailyWindow(day, DEMO_TIME_ZONE)
  if (!window) throw new Error(`no daily window for ${day}`)
  return { day, ...window }
}

/** Entries per member and month, against the plan's allowance; champ is unlimited. */
const creditBook = () => {
  const spent = new Map<string, number>()
  return {
    canSpend: (artist: number, at: Instant) => {
      const allowance = planOf((DEMO_ARTISTS[artist] as DemoMember).tier).entriesPerMonth
      return allowance === null || (spent.get(`${artist}|${monthOf(at)}`) ?? 0) < allowance
    },
    spend: (artist: number, at: Instant) => {
      const key = `${artist}|${monthOf(at)}`
      spent.set(key, (spent.get(key) ?? 0) + 1)
    },
  }
}

/** Members on capped plans save their credits: they enter less often. */
const ENTRY_CHANCE = { free: 0.4, lite: 0.6, pro: 1, champ: 1 } as const

export const planDemoWorld = (input: PlanInput): DemoPlan => {
  const { now } = input
  const today = dayAt(now, 0)
  const joinedAt = (member: DemoMember) =>
    today.startsAt - member.joinedDaysAgo * DAY + 9 * HOUR + (seedOf(member.email) % (10 * HOUR))
  const demoMember = DEMO_ARTISTS.findIndex((artist) => artist.email === DEMO_MEMBER_EMAIL)
  const credits = creditBook()
  const days: Array<PlannedDay> = []

  for (let offset = -PAST_DAYS; offset <= 1; offset++) {
    const { day, startsAt, endsAt } = dayAt(now, offset)
    const kind = offset < 0 ? "past" : offset === 0 ? "today" : "tomorrow"
    const random = seededRandom(seedOf(`colorday-demo:${day}`))
    const lineArt = dayNumber(startsAt) % input.lineArtCount
    // Up to now for today's contest; past contests ran their whole day.
    const until = kind === "today" ? now : endsAt
    const scheduledAt = Math.min(now - HOUR, startsAt - 3 * DAY + 10 * HOUR)
    if (kind === "tomorrow" || until - startsAt < MINUTE) {
      days.push({
        day,
        kind,
        startsAt,
        endsAt,
        scheduledAt,
        lineArt,
        views: [],
        downloads: [],
        entries: [],
        votes: [],
        closeAt: null,
        announceAt: null,
      })
      continue
    }
    const span = until - startsAt
    const timeIn = (from: number, to: number) =>
      Math.floor(startsAt + span * random.between(from, to))

    // Entries: who takes part today, and when.
    const entrants = DEMO_ARTISTS.flatMap((artist, index) => {
      if (kind === "today" && index === demoMember) return [] // left for the person trying the demo
      const chance = artist.eagerness * ENTRY_CHANCE[artist.tier]
      return random.next() < chance ? [{ artist: index, at: timeIn(0.02, 0.85) }] : []
    })
      .sort((a, b) => a.at - b.at)
      .filter(({ artist, at }) => {
        if (!credits.canSpend(artist, at)) return false
        credits.spend(artist, at)
        return true
      })

    // Photos: every entry is a coloring of the day's own page. The strongest entrants get the
    // different takes first (so the podium shows three colorings), then the takes go round.
    const matching = random.shuffle(
      input.photoLineArt.flatMap((page, photo) => (page === lineArt ? [photo] : [])),
    )
    if (matching.length === 0) throw new Error(`no colored photo of line art page ${lineArt}`)
    const rankOf = new Map(
      entrants
        .map((entrant, index) => ({
          index,
          strength: (DEMO_ARTISTS[entrant.artist] as DemoMember).skill * random.between(0.8, 1.2),
        }))
        .sort((a, b) => b.strength - a.strength)
        .map(({ index }, rank) => [index, rank]),
    )
    const entries: Array<PlannedEntry> = entrants.map((entrant, index) => ({
      ...entrant,
      photo: matching[(rankOf.get(index) ?? index) % matching.length] as number,
    }))

    // How much each entry appeals: the artist's skill, and luck.
    const appeal = entries.map((entry) => {
      const skill = (DEMO_ARTISTS[entry.artist] as DemoMember).skill
      return Math.min(1, skill * random.between(0.6, 1.3)) * 0.85
    })

    const votes: Array<PlannedVote> = []
    DEMO_ARTISTS.forEach((voter, voterIndex) => {
      if (kind === "today" && voterIndex === demoMember) return
      entries.forEach((entry, entryIndex) => {
        if (entry.artist === voterIndex || until - entry.at < 3 * MINUTE) return
        // Entries made early are seen by more people.
        const exposure = (until - entry.at) / span
        const chance =
          2 * voter.generosity * (appeal[entryIndex] as number) ** 2 * (0.35 + 0.65 * exposure)
        if (random.next() >= chance) return
        const at = Math.floor(entry.at + MINUTE + (until - entry.at - 2 * MINUTE) * random.next())
        votes.push({ voter: voterIndex, entry: entryIndex, at })
      })
    })
    votes.sort((a, b) => a.at - b.at)

    // Everyone who entered downloaded the page first; some others looked and did not enter,
    // a few of them without signing in.
    const downloads: Array<PlannedDownload> = entries.map((entry) => ({
      member: entry.artist,
      at: Math.max(startsAt, entry.at - Math.floor(random.between(10 * MINUTE, 3 * HOUR))),
    }))
    DEMO_ARTISTS.forEach((_, index) => {
      if (entries.some((entry) => entry.artist === index)) return
      if (kind === "today" && index === demoMember) return
      if (random.next() < 0.3) downloads.push({ member: index, at: timeIn(0, 0.95) })
    })
    const visitors = Math.floor(random.between(2, 7))
    for (let i = 0; i < visitors; i++) downloads.push({ member: null, at: timeIn(0, 0.95) })
    downloads.sort((a, b) => a.at - b.at)

    // Views: each download follows a look at the contest page, and many more only look (voters
    // browsing, visitors from a shared link), so views >= downloads >= entries.
    const views: Array<Instant> = downloads.map((download) =>
      Math.max(startsAt, download.at - Math.floor(random.between(MINUTE, 20 * MINUTE))),
    )
    const browsing = Math.round(downloads.length * random.between(1.5, 3))
    for (let i = 0; i < browsing; i++) views.push(timeIn(0, 0.99))
    views.sort((a, b) => a - b)

    // The scheduler closes a contest a couple of minutes after its end; the admin announces it
    // once moderation is settled, an hour or two later (or by now, for yesterday's).
    const closeAt = kind === "past" ? Math.min(endsAt + 2 * MINUTE, now) : null
    const announceAt =
      closeAt === null
        ? null
        : Math.max(closeAt, Math.min(endsAt + Math.floor(random.between(HOUR, 3 * HOUR)), now))

    days.push({
      day,
      kind,
      startsAt,
      endsAt,
      scheduledAt,
      lineArt,
      views,
      downloads,
      entries,
      votes,
      closeAt,
      announceAt,
    })
  }

  // Paid plans renew monthly on the day of the checkout, as the provider charges them.
  const renewals: Array<PlannedRenewal> = DEMO_ARTISTS.flatMap((member, artist) => {
    if (member.tier === "free") return []
    const checkout = joinedAt(member) + CHECKOUT_AFTER_JOINING
    const charges: Array<PlannedRenewal> = []
    for (let month = 1; addMonths(checkout, month) < now; month++) {
      const at = addMonths(checkout, month)
      charges.push({ artist, at, invoiceId: `demo_in_${member.username}_${monthOf(at)}` })
    }
    return charges
  }).sort((a, b) => a.at - b.at)

  return {
    admin: { member: DEMO_ADMIN, joinedAt: joinedAt(DEMO_ADMIN) },
    artists: DEMO_ARTISTS.map((member) => ({ member, joinedAt: joinedAt(member) })),
    days,
    renewals,
  }
}
