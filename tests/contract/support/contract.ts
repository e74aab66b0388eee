import { layer, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import type { Member } from "../../../domain/accounts/member.entity.ts"
import type { Entry } from "../../../domain/submissions/entry.entity.ts"
import { type Backend, backends, type Services } from "./backends.ts"

/** Sunday 2026-11-22 12:00 UTC. */
export const NOW = Date.UTC(2026, 10, 22, 12)

/** A name no other test in the shared database uses (contest types, usernames, seeds). */
export const unique = (prefix: string) =>
  `${prefix}-${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`

/**
 * One contract suite over every backend: the same tests, the same expectations, against memory,
 * SQLite and (with MYSQL_URL) MySQL. Each backend's database is shared by the suite's tests, so
 * tests scope their rows with unique ids and types.
 */
export const contract = (
  port: string,
  body: (
    test: (name: string, run: () => Effect.Effect<unknown, unknown, Services>) => void,
    backend: Backend,
  ) => void,
) => {
  for (const backend of backends) {
    layer(backend.layer(), { timeout: 120_000 })(
      `${port} [${backend.name}]`,
      (it: Vitest.MethodsNonLive<Services>) => {
        body(
          (name, run) =>
            it.effect(name, () =>
              Effect.gen(function* () {
                yield* TestClock.setTime(NOW)
                yield* run()
              }),
            ),
          backend,
        )
      },
    )
  }
}

/** A visible entry of `artist` in a contest, made at NOW, written as a test wants it. */
export const entryOf = (
  artist: Pick<Member, "id" | "username">,
  contestId: string,
  fields: Partial<Entry> = {},
): Entry => ({
  id: crypto.randomUUID(),
  contestId,
  memberId: artist.id,
  artistName: artist.username,
  image: `entry/${crypto.randomUUID()}.webp`,
  ageGroup: "adult",
  contestType: "traditional",
  moderation: "visible",
  moderationReason: null,
  voteCount: 0,
  weightedScore: 0,
  createdAt: NOW,
  ...fields,
})
