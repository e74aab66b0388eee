import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import type { Entry } from "./entry.entity.ts"
import { contestEntriesPage, memberEntriesPage } from "./entry-lists.use-case.ts"
import { EntryRepository } from "./entry.port.ts"

describe("entry lists", () => {
  test("page a member's and a contest's entries, hidden ones included, by keyset", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const contest = yield* seedContest()
      const member = yield* seedMember()
      const made: Array<Entry> = []
      for (const [index, moderation] of (
        ["visible", "hidden", "disqualified"] as const
      ).entries()) {
        const entry: Entry = {
          id: `entry-${index}`,
          contestId: contest.id,
          memberId: member.id,
          artistName: member.username,
          image: `entry/${index}.webp`,
          ageGroup: "adult",
          contestType: "traditional",
          moderation,
          moderationReason: moderation === "visible" ? null : "A reason",
          voteCount: 0,
          weightedScore: 0,
          createdAt: TEST_NOW + index * HOUR,
        }
        yield* entries.insert(entry)
        made.push(entry)
      }
      const first = yield* memberEntriesPage({ memberId: member.id, limit: 2 })
      expect(first.items.map((e) => e.id)).toEqual(["entry-2", "entry-1"])
      const rest = yield* memberEntriesPage({ memberId: member.id, cursor: first.nextCursor })
      expect(rest.items.map((e) => e.id)).toEqual(["entry-0"])
      expect(rest.nextCursor).toBeNull()

      const oldest = yield* contestEntriesPage({ contestId: contest.id, limit: 2 })
      expect(oldest.items.map((e) => e.id)).toEqual(["entry-0", "entry-1"])
      const next = yield* contestEntriesPage({ contestId: contest.id, cursor: oldest.nextCursor })
      expect(next.items.map((e) => e.id)).toEqual(["entry-2"])
      expect(
        yield* Effect.flip(contestEntriesPage({ contestId: "no-such-contest" })),
      ).toMatchObject({ _tag: "NotFound", entity: "contest" })
    }))
})
