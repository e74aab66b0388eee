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
  readonly member: number
  readonly at: Instant
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
  readonly downloads: ReadonlyArray<PlannedDownload>
  /** In the order they were made. */
  readonly entries: ReadonlyArray<PlannedEntry>
  /** In the order they were cast. */
  readonly votes: ReadonlyArray<PlannedVote>
  /** When the scheduler closed it; null while it runs or before it starts. */
  readonly closeAt: Instant | null
}

export interface DemoPlan {
  readonly admin: { readonly member: DemoMember; readonly joinedAt: Instant }
  readonly artists: ReadonlyArray<{ readonly member: DemoMember; readonly joinedAt: Instant }>
  readonly days: ReadonlyArray<PlannedDay>
}

export interface PlanInput {
  readonly now: Instant
  readonly lineArtCount: number
  /** For each entry photo, the index of the line art page it is a colored version of. */
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
        downloads: [],
        entries: [],
        votes: [],
        closeAt: null,
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

    // Photos: the colored versions of the day's own page go to its strongest entrants (so the
    // podium shows the page of the day); the rest come from the pile of other colored pages.
    const matching = random.shuffle(
      input.photoLineArt.flatMap((page, photo) => (page === lineArt ? [photo] : [])),
    )
    const others = random.shuffle(
      input.photoLineArt.flatMap((page, photo) => (page === lineArt ? [] : [photo])),
    )
    const slots = entrants
      .map((entrant, index) => ({
        index,
        strength: (DEMO_ARTISTS[entrant.artist] as DemoMember).skill * random.between(0.8, 1.2),
      }))
      .sort((a, b) => b.strength - a.strength)
      .map(({ index }) => index)
    const photoOf = new Map<number, number>()
    matching.forEach((photo, i) => {
      const slot = slots[i]
      if (slot !== undefined) photoOf.set(slot, photo)
    })
    let next = 0
    const entries: Array<PlannedEntry> = entrants.map((entrant, index) => ({
      ...entrant,
      photo: photoOf.get(index) ?? (others[next++ % others.length] as number),
    }))

    // How much each entry appeals: the artist's skill, a photo of the day's own page, luck.
    const appeal = entries.map((entry) => {
      const skill = (DEMO_ARTISTS[entry.artist] as DemoMember).skill
      const ownPage = input.photoLineArt[entry.photo] === lineArt ? 1 : 0.75
      return Math.min(1, skill * random.between(0.6, 1.3)) * ownPage
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

    // Everyone who entered downloaded the page first; some others looked and did not enter.
    const downloads: Array<PlannedDownload> = entries.map((entry) => ({
      member: entry.artist,
      at: Math.max(startsAt, entry.at - Math.floor(random.between(10 * MINUTE, 3 * HOUR))),
    }))
    DEMO_ARTISTS.forEach((_, index) => {
      if (entries.some((entry) => entry.artist === index)) return
      if (kind === "today" && index === demoMember) return
      if (random.next() < 0.3) downloads.push({ member: index, at: timeIn(0, 0.95) })
    })
    downloads.sort((a, b) => a.at - b.at)

    days.push({
      day,
      kind,
      startsAt,
      endsAt,
      scheduledAt,
      lineArt,
      downloads,
      entries,
      votes,
      // The scheduler closes a contest a couple of minutes after its end.
      closeAt: kind === "past" ? Math.min(endsAt + 2 * MINUTE, now) : null,
    })
  }

  return {
    admin: { member: DEMO_ADMIN, joinedAt: joinedAt(DEMO_ADMIN) },
    artists: DEMO_ARTISTS.map((member) => ({ member, joinedAt: joinedAt(member) })),
    days,
  }
}
