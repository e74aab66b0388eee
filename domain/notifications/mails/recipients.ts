import { DateTime, Effect, Option } from "effect"
import type { Member } from "../../accounts/member.entity.ts"
import { MemberRepository } from "../../accounts/member.port.ts"
import type { MemberSettings } from "../../accounts/member-settings.ts"
import { settingsOf } from "../../accounts/unsubscribe.use-case.ts"
import type { Instant } from "../../shared/ids.ts"
import type { Page } from "../../shared/paging.ts"

/** What the scheduled mails need of a member's local clock, in their Settings time zone. */
export interface LocalClock {
  /** 0–23 */
  readonly hour: number
  /** 0 = Sunday … 6 = Saturday */
  readonly weekDay: number
  /** The local calendar day, "YYYY-MM-DD". */
  readonly date: string
  /** The instant of the next local midnight. */
  readonly nextMidnight: Instant
}

const zoneOf = (timeZone: string) =>
  Option.getOrElse(DateTime.zoneMakeNamed(timeZone), () => DateTime.zoneMakeNamedUnsafe("UTC"))

export const localClock = (now: Instant, timeZone: string): LocalClock => {
  const zoned = DateTime.makeZonedUnsafe(now, { timeZone: zoneOf(timeZone) })
  const parts = DateTime.toParts(zoned)
  const pad = (value: number, width = 2) => String(value).padStart(width, "0")
  const midnight = DateTime.startOf(zoned, "day")
  // 36 hours after today's midnight is always inside tomorrow, whatever a DST change does.
  const tomorrow = DateTime.startOf(DateTime.add(midnight, { hours: 36 }), "day")
  return {
    hour: parts.hour,
    weekDay: parts.weekDay,
    date: `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`,
    nextMidnight: DateTime.toEpochMillis(tomorrow),
  }
}

/** A member the scheduled mails may go to, with the settings that apply now. */
export interface Recipient {
  readonly member: Member
  readonly settings: MemberSettings
}

/** The name a mail greets the member by. */
export const greetingName = (member: Member): string => member.firstName || member.username

/** Members read a page at a time (the scheduler walks them all; a site has thousands). */
const PAGE = 500

/**
 * Every member a notification mail may go to: the address verified (never mail an address its
 * owner has not confirmed) and not suspended; with their settings, for `wanted` to choose from.
 * `skip` leaves out members already served before their settings are read.
 */
export const recipients = Effect.fn("recipients")(function* (
  wanted: (recipient: Recipient) => boolean,
  skip: (member: Member) => boolean = () => false,
) {
  const members = yield* MemberRepository
  const chosen: Array<Recipient> = []
  let cursor: string | null = null
  do {
    const page: Page<Member> = yield* members.page(cursor, PAGE)
    for (const member of page.items) {
      if (member.emailVerifiedAt === null || member.suspendedAt !== null || skip(member)) continue
      const recipient = { member, settings: yield* settingsOf(member.id) }
      if (wanted(recipient)) chosen.push(recipient)
    }
    cursor = page.nextCursor
  } while (cursor !== null)
  return chosen
})
