import { Clock, Effect, Option } from "effect"
import { type Actor, audit } from "../admin/audit.ts"
import { tierOf } from "../feedback/feedback.use-case.ts"
import { NotFound } from "../shared/errors.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { EntryId, Instant } from "../shared/ids.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { type Entry, isVisible } from "../submissions/entry.entity.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import type { Spotlight } from "./spotlight.entity.ts"
import { SpotlightRefused } from "./spotlight.errors.ts"
import { SpotlightRepository } from "./spotlight.port.ts"
import { checkSpotlightWindow, SPOTLIGHT_PLANS, spotlightEligible } from "./spotlight-rules.ts"

/** How many entries the home page's row shows at most. */
export const SPOTLIGHT_ROW_SIZE = 8

/** How long an ended spotlight stays in the dashboard's list. */
export const ENDED_KEPT_MS = 30 * 86_400_000

const snapshot = (spotlight: Spotlight) => ({
  spotlightId: spotlight.id,
  startsAt: new Date(spotlight.startsAt).toISOString(),
  endsAt: new Date(spotlight.endsAt).toISOString(),
})

/**
 * An admin features an entry in the Spotlight from `startsAt` to `endsAt`. The entrant's plan is
 * read now: only Pro and Champ entries (the plan table's spotlight perk) are taken; a later change
 * of plan leaves a spotlight already set as it is (the admin can remove it). Audited.
 */
export const featureEntry = Effect.fn("featureEntry")(function* (
  actor: Actor,
  input: { readonly entryId: EntryId; readonly startsAt: Instant; readonly endsAt: Instant },
) {
  const now = yield* Clock.currentTimeMillis
  const invalid = checkSpotlightWindow(input.startsAt, input.endsAt, now)
  if (invalid) return yield* invalid
  return yield* transactionally(
    Effect.gen(function* () {
      const entry = yield* (yield* EntryRepository).get(input.entryId)
      if (!isVisible(entry)) {
        return yield* new SpotlightRefused({
          entryId: entry.id,
          reason: "not-visible",
          plans: SPOTLIGHT_PLANS,
        })
      }
      if (!spotlightEligible(yield* tierOf(entry.memberId))) {
        return yield* new SpotlightRefused({
          entryId: entry.id,
          reason: "plan",
          plans: SPOTLIGHT_PLANS,
        })
      }
      const spotlight: Spotlight = {
        id: yield* (yield* IdSource).newId,
        entryId: entry.id,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        createdBy: actor,
        createdAt: now,
      }
      yield* (yield* SpotlightRepository).insert(spotlight)
      yield* audit(
        actor,
        "entry.spotlight",
        { type: "entry", id: entry.id },
        null,
        snapshot(spotlight),
      )
      return { spotlight, entry }
    }),
  )
})

/** An admin takes an entry out of the Spotlight (whether it is showing yet or not). Audited. */
export const removeSpotlight = Effect.fn("removeSpotlight")(function* (actor: Actor, id: string) {
  return yield* transactionally(
    Effect.gen(function* () {
      const spotlights = yield* SpotlightRepository
      const found = yield* spotlights.find(id)
      if (Option.isNone(found)) return yield* new NotFound({ entity: "spotlight", id })
      yield* spotlights.remove(id)
      yield* audit(
        actor,
        "entry.spotlight.remove",
        { type: "entry", id: found.value.entryId },
        snapshot(found.value),
        null,
      )
      return found.value
    }),
  )
})

/** Spotlights with their entries, those whose entry is gone left out. */
const withEntries = (spotlights: ReadonlyArray<Spotlight>) =>
  Effect.gen(function* () {
    const entries = yield* EntryRepository
    const shown: Array<{ readonly spotlight: Spotlight; readonly entry: Entry }> = []
    for (const spotlight of spotlights) {
      const entry = yield* Effect.result(entries.get(spotlight.entryId))
      if (entry._tag === "Success") shown.push({ spotlight, entry: entry.success })
    }
    return shown
  })

/**
 * The home page's Spotlight row: spotlights showing now, latest start first, one per entry, never
 * a hidden or disqualified entry (an entry hidden after it was featured drops out at once).
 */
export const spotlightRow = Effect.fn("spotlightRow")(function* () {
  const now = yield* Clock.currentTimeMillis
  const active = yield* (yield* SpotlightRepository).activeAt(now)
  const seen = new Set<string>()
  return (yield* withEntries(active))
    .filter(({ entry }) => {
      if (!isVisible(entry) || seen.has(entry.id)) return false
      seen.add(entry.id)
      return true
    })
    .slice(0, SPOTLIGHT_ROW_SIZE)
})

/** The dashboard's list: upcoming, showing, and those ended in the last 30 days. */
export const listSpotlights = Effect.fn("listSpotlights")(function* () {
  const now = yield* Clock.currentTimeMillis
  const spotlights = yield* (yield* SpotlightRepository).endingAfter(now - ENDED_KEPT_MS)
  return { now, items: yield* withEntries(spotlights) }
})
