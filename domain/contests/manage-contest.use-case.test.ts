import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { deadlockingOnce, itWithMemory as test } from "../../adapters/memory/testing.ts"
import { AuditLog } from "../admin/audit-log.port.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { castVote } from "../voting/cast-vote.use-case.ts"
import { announceContest, closeContestAs } from "./manage-contest.use-case.ts"

/** A closed contest that "ann" won: ready to announce. */
const closedContest = Effect.gen(function* () {
  const contest = yield* seedContest()
  const artist = yield* seedMember({ username: "ann", email: "ann@colorday.test" })
  const { entry } = yield* submitEntry({ memberId: artist.id, contestId: contest.id, image: "a" })
  yield* castVote({ voterId: (yield* seedMember()).id, entryId: entry.id })
  yield* TestClock.setTime(contest.endsAt + HOUR)
  yield* closeContestAs(null, contest.id)
  return contest
})

describe("announceContest", () => {
  test("queues the winner's mail with the announcement: once, even when it was retried", () =>
    Effect.gen(function* () {
      const contest = yield* closedContest
      const memory = yield* Memory
      memory.tables.mails.length = 0
      const announced = yield* announceContest(null, contest.id).pipe(
        Effect.provideService(UnitOfWork, yield* deadlockingOnce),
      )
      expect(announced.resultsMails).toBe(1)
      // The memory Mailer's queue is rolled back with the deadlocked attempt, as the outbox is.
      expect(memory.tables.mails).toEqual([
        expect.objectContaining({ kind: "winner-announcement", to: "ann@colorday.test" }),
        expect.objectContaining({ kind: "contest-results", to: "ann@colorday.test", rank: 1 }),
      ])
      const audit = yield* (yield* AuditLog).page({ actionPrefix: "contest.announce" }, null, 10)
      expect(audit.items).toHaveLength(1)
    }))

  test("a mail that cannot be queued leaves the contest unannounced, to be announced again", () =>
    Effect.gen(function* () {
      const contest = yield* closedContest
      const failed = yield* Effect.exit(
        announceContest(null, contest.id).pipe(
          Effect.provideService(
            Mailer,
            Mailer.of({ send: () => Effect.die(new Error("the outbox is unreachable")) }),
          ),
        ),
      )
      expect(failed._tag).toBe("Failure")
      expect((yield* Memory).tables.contests.get(contest.id)?.storedStatus).not.toBe("announced")
      const audit = yield* (yield* AuditLog).page({ actionPrefix: "contest.announce" }, null, 10)
      expect(audit.items).toHaveLength(0)
      const announced = yield* announceContest(null, contest.id)
      expect(announced.contest.storedStatus).toBe("announced")
      expect(yield* Effect.flip(announceContest(null, contest.id))).toMatchObject({
        code: "ALREADY_ANNOUNCED",
      })
    }))
})
