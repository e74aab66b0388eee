import { Effect } from "effect"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { placementOf } from "../../domain/contests/placement.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { presentEntry } from "./presenters.ts"

/**
 * Entries as lists present them: each with its placement in its contest's announced result.
 * The contests of a page of entries are read once, in one query, not once per entry.
 */

/** The contests of these entries, by id (one read for all of them). */
export const contestsOfEntries = (entries: ReadonlyArray<Entry>) =>
  Effect.gen(function* () {
    const ids = [...new Set(entries.map((entry) => entry.contestId))]
    const contests = ids.length === 0 ? [] : yield* (yield* ContestRepository).byIds(ids)
    return new Map<string, Contest>(contests.map((contest) => [contest.id, contest]))
  })

/**
 * The entries presented with placement, peoplesChoice and artistUsername, and the contests read
 * for them (for a list that also shows contest titles). `hasVoted`, when given, adds the
 * signed-in member's hasVoted to each.
 */
export const presentEntryPage = (
  entries: ReadonlyArray<Entry>,
  hasVoted?: (entry: Entry) => boolean,
) =>
  Effect.map(contestsOfEntries(entries), (contests) => ({
    contests,
    items: entries.map((entry) =>
      presentEntry(entry, hasVoted?.(entry), placementOf(entry.id, contests.get(entry.contestId))),
    ),
  }))
