import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { Clock, Effect } from "effect"
import { makeAdmin } from "../../../domain/accounts/member-admin.use-case.ts"
import type { Member } from "../../../domain/accounts/member.entity.ts"
import { registerMember } from "../../../domain/accounts/register-member.use-case.ts"
import type { Contest } from "../../../domain/contests/contest.entity.ts"
import { createContest } from "../../../domain/contests/create-contest.use-case.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import type { Entry } from "../../../domain/submissions/entry.entity.ts"
import { submitEntry } from "../../../domain/submissions/submit-entry.use-case.ts"
import { FIXTURES_DIR } from "../../../cli/demo/demo-fixtures.ts"
import { client, type TestServer } from "./server.ts"

/**
 * The people and rows the cross-cutting HTTP suites (authorization matrix, bad-input sweep,
 * journey) start from, written through the server's own runtime with the real use cases; then
 * signed in through the real API, as a browser would.
 */

export const PASSWORD = "correct horse battery"

export type Client = ReturnType<typeof client>

export interface Actor {
  readonly member: Member
  readonly email: string
  readonly password: string
  /** A browser signed in as this member (its cookie jar holds the session). */
  readonly browser: Client
}

const HOUR = 3_600_000

let counter = 0
/** A short name unique within this process, for e-mails and usernames. */
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`

/** A verified member, written directly (no mail, no link): the sign-up flow has its own tests. */
export const seedMember = (server: TestServer, prefix: string, options: { admin?: boolean } = {}) =>
  server.run(
    Effect.gen(function* () {
      const name = uniqueName(prefix)
      const email = `${name}@colorday.test`
      const member = yield* registerMember({
        email,
        password: PASSWORD,
        firstName: prefix,
        lastName: "Tester",
        username: name,
        dateOfBirth: "1990-04-12",
        verified: true,
      })
      return options.admin ? yield* makeAdmin(email) : member
    }),
  )

/** Signs a member in through POST /api/users/login, in a new browser. */
export const signIn = async (server: TestServer, email: string, password = PASSWORD) => {
  const browser = client(server.url)
  const response = await browser.post("/api/users/login", { email, password })
  if (response.status !== 200) {
    throw new Error(`sign-in of ${email} answered ${response.status}: ${response.text}`)
  }
  return browser
}

/** A verified member (or admin) signed in through the API. */
export const seedActor = async (
  server: TestServer,
  prefix: string,
  options: { admin?: boolean } = {},
): Promise<Actor> => {
  const member = await seedMember(server, prefix, options)
  return {
    member,
    email: member.email,
    password: PASSWORD,
    browser: await signIn(server, member.email),
  }
}

/** A line-art page of the fixtures, as an upload would send it. */
export const lineArtPage = () => readFile(join(FIXTURES_DIR, "line-art", "butterfly-garden.png"))

/** A contest of `contestType`, with line art, that started an hour ago and runs for another day. */
export const seedContestInProgress = async (server: TestServer, contestType = "daily") => {
  const page = await lineArtPage()
  return server.run(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const lineArt = yield* (yield* ImageStore).store(new Uint8Array(page), "line-art")
      const contest: Contest = yield* createContest({
        title: `Contest ${uniqueName("")}`,
        description: "A contest under way, for the HTTP tests",
        contestType,
        artStyle: "mandala",
        startsAt: now - HOUR,
        endsAt: now + 23 * HOUR,
        lineArt: lineArt.key,
      })
      return contest
    }),
  )
}

/** A photo of a colored page stored as an entry image; its key is what POST /api/submissions takes. */
export const storeEntryPhoto = async (server: TestServer) => {
  const bytes = await readFile(join(FIXTURES_DIR, "entries", "butterfly-garden-1.jpg"))
  return server.run(
    Effect.gen(function* () {
      const stored = yield* (yield* ImageStore).store(new Uint8Array(bytes), "entry")
      return stored.key
    }),
  )
}

/** An entry of `member` in `contest` (spends one of their credits). */
export const seedEntry = async (server: TestServer, member: Member, contest: Contest) => {
  const image = await storeEntryPhoto(server)
  return server.run(
    Effect.map(
      submitEntry({ memberId: member.id, contestId: contest.id, image }),
      ({ entry }): Entry => entry,
    ),
  )
}
