import { Effect, Schema } from "effect"
import { memberSettings } from "../../../domain/accounts/member-settings.use-case.ts"
import { AGE_GROUPS, type Entry } from "../../../domain/submissions/entry.entity.ts"
import {
  GALLERY_DEFAULT_SORT,
  GALLERY_DEFAULT_TAB,
  GALLERY_SORTS,
  GALLERY_TABS,
} from "../../../domain/submissions/gallery.ts"
import { galleryPage } from "../../../domain/submissions/gallery-page.use-case.ts"
import { votedAmong } from "../../../domain/voting/cast-vote.use-case.ts"
import { presentEntryPage } from "../entry-placements.ts"
import { keptAnswers } from "../kept-answers.ts"
import { ok, route } from "../route.ts"
import { Id, PageQuery } from "../schemas.ts"
import { KindText, Line } from "./shared.ts"
import { GalleryPageBody } from "../contest.schema.ts"

/**
 * The gallery page (added for the spec's client, which filtered and sorted every entry in the
 * browser): tabs split at the viewer's local midnight, filters, then one of three orders, paged
 * by keyset cursor. "random" is a seeded shuffle, so every page of one seed agrees.
 */

/**
 * A visitor's page as presented, by the array of entries the repository answered (kept-answers.ts).
 * The repository keeps a page for at most a second and hands back the same array meanwhile, and
 * any write through this instance (a vote, a new entry, a contest's result) makes it read a new
 * one; so a page's 24 entries are presented once, not once per visitor.
 */
const presentedForVisitors = keptAnswers<ReadonlyArray<Entry>, ReadonlyArray<unknown>>()

/**
 * A visitor's whole answer by its presented items and the rest of it (cursor, seed): the same
 * object while the page is kept, so the server serialises and tags it once (app.ts).
 */
const visitorAnswers = new WeakMap<ReadonlyArray<unknown>, Map<string, object>>()

const visitorAnswer = (items: ReadonlyArray<unknown>, rest: Record<string, unknown>) => {
  const key = JSON.stringify(rest)
  const kept = visitorAnswers.get(items)
  const known = kept?.get(key)
  if (known) return known
  const made = { items, ...rest }
  visitorAnswers.set(items, (kept ?? new Map<string, object>()).set(key, made))
  return made
}

export const galleryRoutes = [
  route({
    method: "GET",
    path: "/api/gallery",
    tag: "gallery",
    summary:
      "One gallery page: {items, nextCursor, seed}. tab all|today|past (split at local midnight in tz, an IANA zone, UTC by default; for a signed-in member at midnight in the time zone of their settings), sort newest|top|random (random is shuffled by seed; without one a seed is chosen and returned, to send back with the cursor), filters ageGroup, contestType, contestId. Each item has hasVoted for the signed-in member, artistUsername (the /artists link) and its place in its contest's announced result: placement 1|2|3|null and peoplesChoice",
    access: "public",
    etag: "visitor",
    okBody: GalleryPageBody,
    query: Schema.Struct({
      tab: Schema.optional(Schema.Literals(GALLERY_TABS)),
      sort: Schema.optional(Schema.Literals(GALLERY_SORTS)),
      seed: Schema.optional(Line(64)),
      tz: Schema.optional(Line(64)),
      ageGroup: Schema.optional(Schema.Literals([...AGE_GROUPS, "all"])),
      contestType: Schema.optional(KindText),
      contestId: Schema.optional(Id),
      ...PageQuery.fields,
    }),
    responses: { 400: "A bad filter, an unknown time zone (tz) or a cursor that is not ours" },
    handler: ({ query, caller }) =>
      Effect.gen(function* () {
        const sort = query.sort ?? GALLERY_DEFAULT_SORT
        // Only the "random" order reads a seed: the others' pages are the same for every seed.
        const seed = query.seed || (sort === "random" ? crypto.randomUUID().slice(0, 8) : "")
        const page = yield* galleryPage({
          tab: query.tab ?? GALLERY_DEFAULT_TAB,
          sort,
          seed,
          timeZone:
            caller.member === null
              ? query.tz || "UTC"
              : (yield* memberSettings(caller.member.id)).timeZone,
          ageGroup: query.ageGroup,
          contestType: query.contestType || undefined,
          contestId: query.contestId,
          cursor: query.cursor ?? null,
          limit: query.limit,
        })
        const viewer = caller.member
        const rest = { nextCursor: page.nextCursor, ...(sort === "random" ? { seed } : {}) }
        if (viewer === null) {
          const items = yield* presentedForVisitors(
            page.items,
            "",
            Effect.map(
              presentEntryPage(page.items, () => false),
              (presented) => presented.items,
            ),
          )
          return ok(visitorAnswer(items, rest))
        }
        const voted = yield* votedAmong({
          voterId: viewer.id,
          entryIds: page.items.map((entry) => entry.id),
        })
        const { items } = yield* presentEntryPage(page.items, (entry) => voted.has(entry.id))
        return ok({ items, ...rest })
      }),
  }),
]
