import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Clock, Effect, ManagedRuntime } from "effect"
import { mailConfigFromEnv } from "../../../adapters/mail/mailer.layer.ts"
import { makeAdmin } from "../../../domain/accounts/member-admin.use-case.ts"
import { registerMember } from "../../../domain/accounts/register-member.use-case.ts"
import { dailyWindow } from "../../../domain/contests/contest-window.ts"
import { scheduleDailyContest } from "../../../domain/contests/create-contest.use-case.ts"
import { JobLease } from "../../../domain/jobs/job-lease.port.ts"
import { CLOSING_JOB } from "../../../domain/jobs/scheduled-jobs.use-case.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import { submitEntry } from "../../../domain/submissions/submit-entry.use-case.ts"
import { castVote } from "../../../domain/voting/cast-vote.use-case.ts"
import { makeAppLayer } from "../../../cli/app.layer.ts"
import { atTime } from "../../../cli/demo/demo-world.ts"

/**
 * The admin journey's world (issue 7), written into a fresh DATA_DIR through the use cases
 * before `colorday serve --no-demo` starts on it: an admin, two artists and two voters, and
 * yesterday's daily contest (UTC) with the artists' entries and the voters' votes, ended and not
 * closed yet, for the admin to close and announce. Today and tomorrow have no contest.
 *
 * The server's scheduler closes every ended contest on its next tick (`close-due-contests`,
 * under a database lease per job). The world takes that lease for half an hour, as another
 * instance would, so the contest waits for the admin instead.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** The scheduler's job that closes ended contests (domain/jobs/scheduled-jobs.use-case.ts). */
const LEASE_MS = 30 * 60_000

const PHOTOS = ["koi-pond-1.jpg", "night-owl-1.jpg"].map((name) =>
  readFileSync(fileURLToPath(new URL(`../../../fixtures/entries/${name}`, import.meta.url))),
)

export const WORLD_PASSWORD = "e2e-password-1"

export interface WorldMember {
  readonly id: string
  readonly email: string
  readonly username: string
}

export interface AdminWorld {
  readonly admin: WorldMember
  /** Two votes: yesterday's winner. */
  readonly winner: WorldMember
  /** One vote: the entry the admin hides. */
  readonly artist: WorldMember
  readonly endedContest: { readonly id: string; readonly title: string }
  readonly winnerEntryId: string
  readonly artistEntryId: string
}

const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10)

export const writeAdminWorld = async (dataDir: string): Promise<AdminWorld> => {
  const runtime = ManagedRuntime.make(
    makeAppLayer({ dataDir, databaseUrl: undefined, migrate: true, mail: mailConfigFromEnv({}) }),
  )
  try {
    return await runtime.runPromise(
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const yesterday = dailyWindow(dayOf(now - DAY), "UTC")
        if (!yesterday) throw new Error("no daily window for yesterday")

        // Everyone signs up (verified) an hour into yesterday's contest, and enters and votes in it.
        const join = (username: string) =>
          atTime(
            yesterday.startsAt + HOUR,
            registerMember({
              email: `${username}@example.test`,
              password: WORLD_PASSWORD,
              firstName: username.replace(/^./, (first) => first.toUpperCase()),
              lastName: "Tester",
              username,
              dateOfBirth: "1985-03-09",
              verified: true,
            }),
          )
        const admin = yield* makeAdmin((yield* join("avaadmin")).email)
        const winner = yield* join("winniewon")
        const artist = yield* join("maxartist")
        const voters = [yield* join("violavotes"), yield* join("victorvotes")] as const

        const contest = yield* atTime(
          yesterday.startsAt - DAY,
          scheduleDailyContest({
            title: "Koi Pond at Dusk",
            description: "Yesterday's page: koi under lily pads.",
            contestType: "daily",
            artStyle: "nature",
            day: dayOf(yesterday.startsAt),
            timeZone: "UTC",
          }),
        )
        const images = yield* ImageStore
        const enter = (member: { readonly id: string }, photo: number) =>
          Effect.gen(function* () {
            const image = (yield* images.store(new Uint8Array(PHOTOS[photo] ?? []), "entry")).key
            const { entry } = yield* atTime(
              yesterday.startsAt + 2 * HOUR + photo * HOUR,
              submitEntry({ memberId: member.id, contestId: contest.id, image }),
            )
            return entry
          })
        const winnerEntry = yield* enter(winner, 0)
        const artistEntry = yield* enter(artist, 1)
        const vote = (voter: { readonly id: string }, entryId: string) =>
          atTime(yesterday.startsAt + 6 * HOUR, castVote({ voterId: voter.id, entryId }))
        yield* vote(voters[0], winnerEntry.id)
        yield* vote(voters[1], winnerEntry.id)
        yield* vote(voters[0], artistEntry.id)

        if (
          !(yield* (yield* JobLease).acquire(CLOSING_JOB, "e2e-admin-world", now, now + LEASE_MS))
        ) {
          throw new Error(`the ${CLOSING_JOB} lease is held already`)
        }

        const member = (m: WorldMember): WorldMember => ({
          id: m.id,
          email: m.email,
          username: m.username,
        })
        return {
          admin: member(admin),
          winner: member(winner),
          artist: member(artist),
          endedContest: { id: contest.id, title: contest.title },
          winnerEntryId: winnerEntry.id,
          artistEntryId: artistEntry.id,
        }
      }),
    )
  } finally {
    await runtime.dispose()
  }
}
