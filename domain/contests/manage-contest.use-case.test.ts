import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { deadlockingOnce, itWithMemory as test } from "../../adapters/memory/testing.ts"
import { AuditLog } from "../admin/audit-log.port.ts"
import { type Mail, Mailer } from "../shared/mailer.port.ts"
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

/** A relay outside the database: what it sent stays sent, whatever the transaction does. */
const relay = () => {
  const sent: Array<Mail> = []
  return { sent, mailer: Mailer.of({ send: (mail) => Effect.sync(() => void sent.push(mail)) }) }
}

const failingRelay = Mailer.of({
  send: () => Effect.die(new Error("421 the relay is not accepting mail")),
})

describe("announceContest", () => {
  test("mails the winner once, after the announcement commits, even when it was retried", () =>
    Effect.gen(function* () {
      const contest = yield* closedContest
      const { sent, mailer } = relay()
      const announced = yield* announceContest(null, contest.id).pipe(
        Effect.provideService(UnitOfWork, yield* deadlockingOnce),
        Effect.provideService(Mailer, mailer),
      )
      expect(announced.mailed).toBe(true)
      expect(sent).toEqual([
        expect.objectContaining({ kind: "winner-announcement", to: "ann@colorday.test" }),
        expect.objectContaining({ kind: "contest-results", to: "ann@colorday.test", rank: 1 }),
      ])
      const audit = yield* (yield* AuditLog).page({ actionPrefix: "contest.announce" }, null, 10)
      expect(audit.items).toHaveLength(1)
    }))

  test("a relay that fails leaves the contest announced and says the winner was not mailed", () =>
    Effect.gen(function* () {
      const contest = yield* closedContest
      const announced = yield* announceContest(null, contest.id).pipe(
        Effect.provideService(Mailer, failingRelay),
      )
      expect(announced).toMatchObject({
        mailed: false,
        contest: { storedStatus: "announced" },
        winner: { email: "ann@colorday.test" },
      })
      expect((yield* Memory).tables.contests.get(contest.id)?.storedStatus).toBe("announced")
      const audit = yield* (yield* AuditLog).page({ actionPrefix: "contest.announce" }, null, 10)
      expect(audit.items.map((row) => row.targetId)).toEqual([contest.id])
      expect(yield* Effect.flip(announceContest(null, contest.id))).toMatchObject({
        code: "ALREADY_ANNOUNCED",
      })
    }))
})
