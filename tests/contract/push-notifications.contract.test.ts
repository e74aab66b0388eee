import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { NotificationAudience } from "../../domain/notifications/notification-audience.port.ts"
import { NotificationRepository } from "../../domain/notifications/notification.port.ts"
import { type PushRetry, PushRetryRepository } from "../../domain/notifications/push-retry.port.ts"
import { submitEntry } from "../../domain/submissions/submit-entry.use-case.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { NOW, contract, unique } from "./support/contract.ts"

/**
 * Issue 24's push bookkeeping on every backend: votes received per member and clock hour (the
 * new-votes batch, over IDX_votes_cast_at), each member's latest notification period of a kind,
 * and the push retries (scheduled, due, claimed once, removed with their notification).
 */

const HOUR = 3_600_000

contract("Push notifications' repositories", (test) => {
  test("votes received per member and clock hour, in [from, to)", () =>
    Effect.gen(function* () {
      const votes = yield* VoteRepository
      const contest = yield* seedContest({ contestType: unique("daily") })
      const artist = yield* seedMember({ username: unique("a") })
      const { entry } = yield* submitEntry({
        memberId: artist.id,
        contestId: contest.id,
        image: "i",
      })
      const hour = Math.floor(NOW / HOUR) * HOUR + 1000 * HOUR
      for (const castAt of [hour, hour + 10, hour + HOUR - 1, hour + HOUR, hour + 3 * HOUR]) {
        const voter = yield* seedMember({ username: unique("v") })
        yield* votes.record({
          id: crypto.randomUUID(),
          entryId: entry.id,
          contestId: contest.id,
          voterId: voter.id,
          weight: 1,
          castAt,
        })
      }
      const received = (yield* (yield* NotificationAudience).votesReceivedByHour(
        hour,
        hour + 3 * HOUR,
      ))
        .filter((row) => row.memberId === artist.id)
        .sort((a, b) => a.hour - b.hour)
      expect(received).toEqual([
        { memberId: artist.id, hour, votes: 3 },
        { memberId: artist.id, hour: hour + HOUR, votes: 1 },
      ])
    }))

  test("each member's latest period of a kind, from `since` on; retries claimed once, removed with their notification", () =>
    Effect.gen(function* () {
      const notifications = yield* NotificationRepository
      const retries = yield* PushRetryRepository
      const member = yield* seedMember({ username: unique("m") })
      const other = yield* seedMember({ username: unique("m") })
      const add = (memberId: string, kind: "new-votes" | "achievement", period: string) =>
        Effect.gen(function* () {
          const id = crypto.randomUUID()
          yield* notifications.add({
            id,
            memberId,
            kind,
            period,
            title: "t",
            body: "b",
            url: "/",
            createdAt: NOW,
            readAt: null,
            push: "pending",
          })
          return id
        })
      yield* add(member.id, "new-votes", "2026-11-21T09")
      yield* add(member.id, "new-votes", "2026-11-22T10")
      yield* add(member.id, "new-votes", "2026-11-22T08")
      const otherId = yield* add(other.id, "new-votes", "2026-11-20T23")
      yield* add(other.id, "achievement", "2026-11-22T11")
      const latest = yield* notifications.latestPeriods("new-votes", "2026-11-21T00")
      expect(latest.get(member.id)).toBe("2026-11-22T10")
      expect(latest.has(other.id)).toBe(false)

      const endpoint = `https://push.example/${unique("device")}`
      const retry: PushRetry = {
        notificationId: otherId,
        endpoint,
        memberId: other.id,
        kind: "new-votes",
        payload: JSON.stringify({ title: "t" }),
        attempts: 1,
        nextAttemptAt: NOW + 60_000,
      }
      yield* retries.schedule(retry)
      const mine = (rows: ReadonlyArray<PushRetry>) =>
        rows.filter((row) => row.notificationId === otherId)
      expect(mine(yield* retries.due(NOW, 500))).toEqual([])
      expect(mine(yield* retries.due(NOW + 60_000, 500))).toEqual([retry])
      const racing = yield* Effect.all(
        Array.from({ length: 5 }, () => retries.claim(retry, NOW + 180_000)),
        { concurrency: "unbounded" },
      )
      expect(racing.filter(Boolean)).toHaveLength(1)
      expect(mine(yield* retries.due(NOW + 60_000, 500))).toEqual([])
      // Scheduled again (the next attempt), replacing the row.
      yield* retries.schedule({ ...retry, attempts: 2, nextAttemptAt: NOW + 300_000 })
      expect(mine(yield* retries.due(NOW + 300_000, 500))).toEqual([
        { ...retry, attempts: 2, nextAttemptAt: NOW + 300_000 },
      ])
      yield* retries.remove(otherId, endpoint)
      expect(mine(yield* retries.due(NOW + 10 * HOUR, 500))).toEqual([])
    }))
})
