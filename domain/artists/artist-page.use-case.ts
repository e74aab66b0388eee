import { Effect, Option } from "effect"
import type { Member } from "../accounts/member.entity.ts"
import { MemberRepository } from "../accounts/member.port.ts"
import { memberSettings } from "../accounts/member-settings.use-case.ts"
import type { BadgeGrant } from "../badges/badges.ts"
import { BadgeRepository } from "../badges/badge.port.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { NotFound } from "../shared/errors.ts"
import type { MemberId } from "../shared/ids.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { galleryPage } from "../submissions/gallery-page.use-case.ts"
import {
  type ArtistPageParts,
  type ArtistStats,
  artistPageParts,
  artistStats,
} from "./artist-page.ts"

export interface ArtistPageRequest {
  readonly username: string
  /** The signed-in member, or null for a visitor. */
  readonly viewerId: MemberId | null
  /** The owner asks for what others see (`?view=public`); ignored for anyone else. */
  readonly previewPublic: boolean
}

export type ArtistPage =
  | { readonly kind: "private"; readonly member: Member }
  | {
      readonly kind: "page"
      readonly member: Member
      readonly parts: ArtistPageParts
      /** The artist's own switch, for the owner's note ("others see a private page"). */
      readonly publicProfile: boolean
      readonly badges: ReadonlyArray<BadgeGrant> | null
      readonly stats: ArtistStats
    }

/** The artist by username (case-insensitively), and what this viewer may see of them. */
const artistFor = (request: ArtistPageRequest) =>
  Effect.gen(function* () {
    const found = yield* (yield* MemberRepository).findByUsername(request.username)
    if (Option.isNone(found)) {
      return yield* new NotFound({ entity: "member", id: request.username })
    }
    const member = found.value
    const settings = yield* memberSettings(member.id)
    const parts = artistPageParts(settings.privacy, {
      isOwner: request.viewerId === member.id,
      previewPublic: request.previewPublic,
    })
    return { member, settings, parts }
  })

/** An artist's page: their profile, counters and badges, as their privacy settings allow. */
export const artistPage = Effect.fn("artistPage")(function* (request: ArtistPageRequest) {
  const { member, settings, parts } = yield* artistFor(request)
  if (parts.privatePage) {
    const hidden: ArtistPage = { kind: "private", member }
    return hidden
  }
  const badges = parts.badges
    ? [...(yield* (yield* BadgeRepository).of(member.id))].sort(
        (a, b) => a.earnedAt - b.earnedAt || a.badgeId.localeCompare(b.badgeId),
      )
    : null
  const own = yield* (yield* EntryRepository).ofMember(member.id)
  const wins = yield* (yield* ContestRepository).winsOf(member.id)
  const page: ArtistPage = {
    kind: "page",
    member,
    parts,
    publicProfile: settings.privacy.publicProfile,
    badges,
    stats: artistStats(own, wins),
  }
  return page
})

/**
 * An artist's submission history: their visible entries, newest first, a page at a time.
 * NotFound (as if there were no such artist) when the profile is private or the history hidden.
 */
export const artistEntries = Effect.fn("artistEntries")(function* (
  request: ArtistPageRequest & {
    readonly cursor?: string | undefined
    readonly limit?: number | undefined
  },
) {
  const { member, parts } = yield* artistFor(request)
  if (!parts.history) return yield* new NotFound({ entity: "member", id: request.username })
  const page = yield* galleryPage({
    tab: "all",
    sort: "newest",
    seed: "",
    timeZone: "UTC",
    memberId: member.id,
    cursor: request.cursor ?? null,
    limit: request.limit,
  })
  return { member, page }
})
