import { Effect } from "effect"
import type { Tier } from "../../domain/plans/plans.ts"
import { type Moderation, newEntry } from "../../domain/submissions/entry.entity.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { Memory } from "./memory.layers.ts"
import { seedContest, seedMember } from "./seed.ts"

/** The memory world's first contest, made on first use (contests may not overlap). */
export const theContest = Effect.gen(function* () {
  const existing = [...(yield* Memory).tables.contests.values()][0]
  return existing ?? (yield* seedContest())
})

/** A new member on `tier` and an entry of theirs in theContest, visible unless told otherwise. */
export const seedEntryOnPlan = (tier: Tier, moderation: Moderation = "visible") =>
  Effect.gen(function* () {
    const entrant = yield* seedMember({ tier })
    const contest = yield* theContest
    const entry = {
      ...newEntry({
        id: `entry-${entrant.id}`,
        contestId: contest.id,
        memberId: entrant.id,
        artistName: entrant.username,
        image: "photo.jpg",
        createdAt: contest.startsAt,
      }),
      moderation,
    }
    yield* (yield* EntryRepository).insert(entry)
    return { entrant, entry, contest }
  })
