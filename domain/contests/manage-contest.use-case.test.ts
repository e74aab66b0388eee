import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { deadlockingOnce, itWithMemory as test } from "../../adapters/memory/testing.ts"
import { AuditLog } from "../admin/audit-log.port.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { castVote } from "../voting/cast-vote.use-case.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { announceContest, cancelContest, closeContestAs } from "./manage-contest.use-case.ts"

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

describe("cancelContest", () => {
  test("gives every entry's credit back and mails each entrant the reason, in one transaction", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      // Two entries on the free plan's two credits; one paid extra entry (a third credit, spent);
      // a Champ, whose unlimited plan spent nothing.
      const ann = yield* seedMember({ username: "ann", email: "ann@colorday.test", remaining: 3 })
      const ben = yield* seedMember({ username: "ben", email: "ben@colorday.test", tier: "champ" })
      for (const image of ["a", "b", "c"]) {
        yield* submitEntry({ memberId: ann.id, contestId: contest.id, image })
      }
      yield* submitEntry({ memberId: ben.id, contestId: contest.id, image: "d" })
      const subscriptions = yield* SubscriptionRepository
      const remaining = (id: string) =>
        subscriptions
          .find(id)
          .pipe(Effect.map((found) => found.pipe(Option.map((s) => s.remaining))))
      expect(yield* remaining(ann.id)).toEqual(Option.some(0))
      const memory = yield* Memory
      memory.tables.mails.length = 0

      yield* cancelContest(null, contest.id, "The line art was printed upside down").pipe(
        Effect.provideService(UnitOfWork, yield* deadlockingOnce),
      )

      expect(yield* remaining(ann.id)).toEqual(Option.some(3))
      const benAfter = yield* subscriptions.find(ben.id)
      expect(Option.map(benAfter, (s) => s.tier)).toEqual(Option.some("champ"))
      // Once each, although the first attempt deadlocked and was retried.
      expect(memory.tables.mails).toEqual([
        expect.objectContaining({
          kind: "contest-cancelled",
          to: "ann@colorday.test",
          reason: "The line art was printed upside down",
          entries: 3,
          creditsReturned: 3,
        }),
        expect.objectContaining({
          kind: "contest-cancelled",
          to: "ben@colorday.test",
          entries: 1,
          creditsReturned: 0,
        }),
      ])
      const audit = yield* (yield* AuditLog).page({ actionPrefix: "contest.cancel" }, null, 10)
      expect(audit.items).toHaveLength(1)
      expect(audit.items[0]?.after).toMatchObject({ entrants: 2, creditsReturned: 3 })
    }))

  test("a mail that cannot be queued leaves the contest running and the credits spent", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      const ann = yield* seedMember({ remaining: 1 })
      yield* submitEntry({ memberId: ann.id, contestId: contest.id, image: "a" })
      const failed = yield* Effect.exit(
        cancelContest(null, contest.id, "A reason").pipe(
          Effect.provideService(
            Mailer,
            Mailer.of({ send: () => Effect.die(new Error("the outbox is unreachable")) }),
          ),
        ),
      )
      expect(failed._tag).toBe("Failure")
      expect((yield* Memory).tables.contests.get(contest.id)?.storedStatus).not.toBe("cancelled")
      const after = yield* (yield* SubscriptionRepository).find(ann.id)
      expect(Option.map(after, (s) => s.remaining)).toEqual(Option.some(0))
    }))
})
