import { Clock, Effect } from "effect"
import { isTimeZone } from "../shared/calendar.ts"
import { ValidationFailed } from "../shared/errors.ts"
import { type Page, pageSize } from "../shared/paging.ts"
import type { AgeGroup, Entry } from "./entry.entity.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { contestStatus } from "../contests/contest-status.ts"
import { EntryRepository } from "./entry.port.ts"
import {
  type GallerySort,
  type GalleryTab,
  galleryCursor,
  galleryTabBounds,
  readGalleryCursor,
} from "./gallery.ts"

export interface GalleryRequest {
  readonly tab: GalleryTab
  readonly sort: GallerySort
  /** Seed of the "random" order; the same seed gives the same order on every page. */
  readonly seed: string
  /** The viewer's IANA time zone: Today and Past split at their local midnight. */
  readonly timeZone: string
  readonly contestId?: string | undefined
  readonly memberId?: string | undefined
  readonly ageGroup?: AgeGroup | "all" | undefined
  readonly contestType?: string | undefined
  readonly cursor?: string | null | undefined
  readonly limit?: number | undefined
}

/** One page of the gallery: visible entries, filtered, then sorted, then cut at the cursor. */
export const galleryPage = Effect.fn("galleryPage")(function* (request: GalleryRequest) {
  if (!isTimeZone(request.timeZone)) {
    return yield* new ValidationFailed({
      issues: [
        {
          field: "tz",
          title: "Unknown time zone",
          message: `"${request.timeZone}" is not an IANA time zone`,
        },
      ],
    })
  }
  const after = request.cursor ? readGalleryCursor(request.cursor) : undefined
  if (request.cursor && !after) {
    return yield* new ValidationFailed({
      issues: [
        { field: "cursor", title: "Invalid cursor", message: "The cursor is not one of ours" },
      ],
    })
  }
  const entries = yield* EntryRepository
  const now = yield* Clock.currentTimeMillis
  const limit = pageSize(request.limit)
  const bounds = galleryTabBounds(request.tab, now, request.timeZone)
  // Today's Contest is the day's running contests: a cancelled one's entries leave it (their
  // credits came back; the entries stay on the member's profile, All and Past).
  const cancelledToday =
    request.tab === "today" && bounds.since !== undefined
      ? (yield* (yield* ContestRepository).between(bounds.since, now + 1))
          .filter((contest) => contestStatus(contest, now) === "cancelled")
          .map((contest) => contest.id)
      : []
  const { items, hasMore } = yield* entries.gallery({
    filter: {
      ...bounds,
      excludeContestIds: cancelledToday,
      contestId: request.contestId,
      memberId: request.memberId,
      ageGroup: request.ageGroup,
      contestType: request.contestType,
    },
    sort: request.sort,
    seed: request.seed,
    after,
    limit,
  })
  const last = items.at(-1)
  const page: Page<Entry> = { items, nextCursor: hasMore && last ? galleryCursor(last) : null }
  return page
})
