import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Clock, Effect, ManagedRuntime } from "effect"
import { mailConfigFromEnv } from "../../../adapters/mail/mailer.layer.ts"
import { setJudgeByEmail } from "../../../domain/accounts/member-admin.use-case.ts"
import { DEFAULT_SETTINGS } from "../../../domain/accounts/member-settings.ts"
import { saveMemberSettings } from "../../../domain/accounts/member-settings.use-case.ts"
import { registerMember } from "../../../domain/accounts/register-member.use-case.ts"
import { createContest } from "../../../domain/contests/create-contest.use-case.ts"
import { startSubscription } from "../../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../../domain/plans/subscription.port.ts"
import { newEntry } from "../../../domain/submissions/entry.entity.ts"
import { EntryRepository } from "../../../domain/submissions/entry.port.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import { makeAppLayer } from "../../../cli/app.layer.ts"
import { type WorldMember, WORLD_PASSWORD } from "./admin-world.ts"

/**
 * The professional feedback journey's world (issue 19), written into a fresh DATA_DIR before
 * `colorday serve --no-demo` starts on it: a judge (a member with the judge role, not an admin),
 * and a Color Champ member with an entry in a running contest.
 */

const HOUR = 3_600_000
const PHOTO = readFileSync(
  fileURLToPath(new URL("../../../fixtures/entries/autumn-leaves-1.jpg", import.meta.url)),
)

export interface FeedbackWorld {
  readonly judge: WorldMember
  readonly champ: WorldMember
  readonly entryId: string
  readonly contestTitle: string
}

export const writeFeedbackWorld = async (dataDir: string): Promise<FeedbackWorld> => {
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
        const judge = yield* setJudgeByEmail((yield* join("jojudge")).email, true)
        const champ = yield* join("chloechamp")
        yield* (yield* SubscriptionRepository).save(startSubscription(champ.id, now, "champ"))
        // Chloe keeps "comments and feedback" mail on (off by default, issue 24).
        yield* saveMemberSettings(champ.id, {
          ...DEFAULT_SETTINGS,
          email: { ...DEFAULT_SETTINGS.email, commentsAndFeedback: true },
        })
        const contest = yield* createContest({
          title: "Autumn Leaves",
          description: "Autumn leaves, for the feedback journey",
          contestType: "daily",
          artStyle: "nature",
          startsAt: now - HOUR,
          endsAt: now + 23 * HOUR,
        })
        const image = (yield* (yield* ImageStore).store(new Uint8Array(PHOTO), "entry")).key
        const entry = newEntry({
          id: crypto.randomUUID(),
          contestId: contest.id,
          memberId: champ.id,
          artistName: champ.username,
          image,
          createdAt: now,
        })
        yield* (yield* EntryRepository).insert(entry)
        const member = (m: WorldMember): WorldMember => ({
          id: m.id,
          email: m.email,
          username: m.username,
        })
        return {
          judge: member(judge),
          champ: member(champ),
          entryId: entry.id,
          contestTitle: contest.title,
        }
      }),
    )
  } finally {
    await runtime.dispose()
  }
}
