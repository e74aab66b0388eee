import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Clock, Effect, ManagedRuntime } from "effect"
import { mailConfigFromEnv } from "../../../adapters/mail/mailer.layer.ts"
import { makeAdmin } from "../../../domain/accounts/member-admin.use-case.ts"
import { registerMember } from "../../../domain/accounts/register-member.use-case.ts"
import { ContestRepository } from "../../../domain/contests/contest.port.ts"
import { createContest } from "../../../domain/contests/create-contest.use-case.ts"
import { startSubscription } from "../../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../../domain/plans/subscription.port.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import { makeAppLayer } from "../../../cli/app.layer.ts"
import { type WorldMember, WORLD_PASSWORD } from "./admin-world.ts"

/**
 * The tier perks journey's world (issue 19), written into a fresh DATA_DIR before `colorday serve
 * --no-demo` starts on it: an admin, a Color Champ member, a contest starting in three hours
 * with its line art (its early access opened three hours ago: six hours before the start), and a
 * contest in three days, scheduled with the page a request will ask for.
 */

const HOUR = 3_600_000
const PAGE = readFileSync(
  fileURLToPath(new URL("../../../fixtures/line-art/butterfly-garden.png", import.meta.url)),
)

export interface PerksWorld {
  readonly admin: WorldMember
  readonly champ: WorldMember
  readonly tomorrow: { readonly id: string; readonly title: string }
  readonly requested: { readonly id: string; readonly title: string }
}

export const writePerksWorld = async (dataDir: string): Promise<PerksWorld> => {
  const runtime = ManagedRuntime.make(
    makeAppLayer({ dataDir, databaseUrl: undefined, migrate: true, mail: mailConfigFromEnv({}) }),
  )
  try {
    return await runtime.runPromise(
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const join = (username: string) =>
          registerMember({
            email: `${username}@example.test`,
            password: WORLD_PASSWORD,
            firstName: username.replace(/^./, (first) => first.toUpperCase()),
            lastName: "Tester",
            username,
            dateOfBirth: "1985-03-09",
            verified: true,
          })
        const admin = yield* makeAdmin((yield* join("adaadmin")).email)
        const champ = yield* join("chloechamp")
        yield* (yield* SubscriptionRepository).save(startSubscription(champ.id, now, "champ"))

        const contestAt = (title: string, startsIn: number, withPage: boolean) =>
          Effect.gen(function* () {
            const contest = yield* createContest({
              title,
              description: `${title}, for the perks journey`,
              contestType: "daily",
              artStyle: "nature",
              startsAt: now + startsIn,
              endsAt: now + startsIn + 24 * HOUR,
            })
            if (!withPage) return contest
            const lineArt = (yield* (yield* ImageStore).store(new Uint8Array(PAGE), "line-art")).key
            const saved = { ...contest, lineArt }
            yield* (yield* ContestRepository).save(saved)
            return saved
          })
        const tomorrow = yield* contestAt("Butterfly Garden", 3 * HOUR, true)
        const requested = yield* contestAt("The Reading Fox", 72 * HOUR, false)
        const member = (m: WorldMember): WorldMember => ({
          id: m.id,
          email: m.email,
          username: m.username,
        })
        return {
          admin: member(admin),
          champ: member(champ),
          tomorrow: { id: tomorrow.id, title: tomorrow.title },
          requested: { id: requested.id, title: requested.title },
        }
      }),
    )
  } finally {
    await runtime.dispose()
  }
}
