import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { Effect } from "effect"
import { expect } from "vitest"
import { issueToken } from "../../../domain/accounts/account-tokens.ts"
import type { Member } from "../../../domain/accounts/member.entity.ts"
import { makeAdmin } from "../../../domain/accounts/member-admin.use-case.ts"
import { registerMember } from "../../../domain/accounts/register-member.use-case.ts"
import type { TokenPurpose } from "../../../domain/accounts/member-token.port.ts"
import type { RateLimit } from "../../../adapters/http/rate-limits.ts"
import type { RateLimitName } from "../../../adapters/http/route.ts"
import type { Contest } from "../../../domain/contests/contest.entity.ts"
import { createContest } from "../../../domain/contests/create-contest.use-case.ts"
import { type Entry, newEntry } from "../../../domain/submissions/entry.entity.ts"
import { EntryRepository } from "../../../domain/submissions/entry.port.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import { submitEntry } from "../../../domain/submissions/submit-entry.use-case.ts"
import { castVote } from "../../../domain/voting/cast-vote.use-case.ts"
import { client, type TestServer } from "./server.ts"

/**
 * Rows for the route suites, written through the server's own runtime (the same use cases the
 * API calls), and signed-in browsers: a member's browser is a cookie jar that signed in over HTTP.
 */

export type Browser = ReturnType<typeof client>
export type Response = Awaited<ReturnType<Browser["get"]>>

/** A response body read as the shape a test expects (the client parses JSON untyped). */
export const bodyOf = <A = Record<string, unknown>>(response: Response): A => response.body as A

/** Runs a use case on the server's runtime (its services are the server's). */
export const run = <A, E, R>(server: TestServer, effect: Effect.Effect<A, E, R>): Promise<A> =>
  server.run(effect as Effect.Effect<A, E, never>)

/** Limits high enough that a suite's many sign-ins from 127.0.0.1 never meet them. */
export const roomyRateLimits = (
  overrides: Partial<Record<RateLimitName, RateLimit>> = {},
): Record<RateLimitName, RateLimit> => {
  const roomy: RateLimit = { perAddress: 100_000, perAccount: 100_000, windowSeconds: 60 }
  return {
    "sign-in": roomy,
    "sign-up": roomy,
    forgot: roomy,
    resend: roomy,
    contact: roomy,
    vote: roomy,
    upload: roomy,
    "two-factor": roomy,
    ...overrides,
  }
}

let sequence = 0
/** A name no other row of this run has (usernames: 3..30 letters and digits). */
export const uniqueName = (prefix: string): string =>
  `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}`

export const PASSWORD = "correct horse battery"

export interface NewMember {
  readonly verified?: boolean
  readonly admin?: boolean
  readonly password?: string
  /** Default: a new unique address. */
  readonly email?: string
}

/** A sign-up form (POST /api/users) for a new unique member, with `overrides`. */
export const signUpBody = (overrides: Record<string, unknown> = {}) => {
  const username = uniqueName("s")
  return {
    email: `${username}@example.test`,
    password: PASSWORD,
    firstName: "Grace",
    lastName: "Hopper",
    username,
    dateOfBirth: "1985-12-09",
    ...overrides,
  }
}

/** A member, verified unless told otherwise, with the free plan. */
export const addMember = (server: TestServer, options: NewMember = {}): Promise<Member> =>
  run(
    server,
    Effect.gen(function* () {
      const username = uniqueName("m")
      const member = yield* registerMember({
        email: options.email ?? `${username}@example.test`,
        password: options.password ?? PASSWORD,
        firstName: "Ada",
        lastName: "Lovelace",
        username,
        dateOfBirth: "1990-05-17",
        verified: options.verified ?? true,
      })
      return options.admin ? yield* makeAdmin(member.email) : member
    }),
  )

/** A browser signed in as the member over HTTP. */
export const signInBrowser = async (
  server: TestServer,
  member: Pick<Member, "email">,
  password = PASSWORD,
): Promise<Browser> => {
  const browser = client(server.url)
  const response = await browser.post("/api/users/login", { email: member.email, password })
  expect(response.status, response.text).toBe(200)
  expect(browser.cookie).not.toBeNull()
  return browser
}

/** A new member and their signed-in browser. */
export const signedInMember = async (server: TestServer, options: NewMember = {}) => {
  const member = await addMember(server, options)
  return { member, browser: await signInBrowser(server, member, options.password) }
}

/** A raw link token (as a mail would carry it), minted the way the use cases mint them. */
export const linkToken = (server: TestServer, member: Member, purpose: TokenPurpose) =>
  run(server, issueToken(member.id, purpose, Date.now()))

const HOUR = 3_600_000

/** A contest of its own type (so windows never clash): open now, ended, or not started yet. */
export const addContest = (
  server: TestServer,
  when: "open" | "ended" | "upcoming" = "open",
  contestType = uniqueName("type"),
): Promise<Contest> => {
  const now = Date.now()
  const window = {
    open: { startsAt: now - HOUR, endsAt: now + HOUR },
    ended: { startsAt: now - 3 * HOUR, endsAt: now - 2 * HOUR },
    upcoming: { startsAt: now + 2 * HOUR, endsAt: now + 3 * HOUR },
  }[when]
  return run(
    server,
    createContest({
      title: `Contest ${uniqueName("c")}`,
      description: "A test contest",
      contestType,
      artStyle: "mandala",
      ...window,
    }),
  )
}

const PHOTO = readFileSync(
  join(resolve(import.meta.dirname, "../../.."), "fixtures/entries/koi-pond-1.jpg"),
)

/** A photo in the server's image store, as an upload leaves it: its key. */
export const storeEntryImage = (server: TestServer, kind: "entry" | "line-art" = "entry") =>
  run(
    server,
    Effect.gen(function* () {
      const images = yield* ImageStore
      return (yield* images.store(new Uint8Array(PHOTO), kind)).key
    }),
  )

/** An entry through the use case (spends a credit; the contest must be open). */
export const addEntry = async (
  server: TestServer,
  member: Member,
  contest: Contest,
  options: { readonly ageGroup?: Entry["ageGroup"]; readonly contestType?: string } = {},
): Promise<Entry> => {
  const image = await storeEntryImage(server)
  const { entry } = await run(
    server,
    submitEntry({ memberId: member.id, contestId: contest.id, image, ...options }),
  )
  return entry
}

/** An entry written straight to the repository: for contests no longer open, or a given date. */
export const insertEntry = async (
  server: TestServer,
  member: Member,
  contest: Contest,
  fields: Partial<Entry> = {},
): Promise<Entry> => {
  const image = await storeEntryImage(server)
  const entry: Entry = {
    ...newEntry({
      id: crypto.randomUUID(),
      contestId: contest.id,
      memberId: member.id,
      artistName: member.username,
      image,
      createdAt: Date.now(),
    }),
    ...fields,
  }
  await run(
    server,
    Effect.gen(function* () {
      yield* (yield* EntryRepository).insert(entry)
    }),
  )
  return entry
}

/** A vote through the use case. */
export const addVote = (server: TestServer, voter: Member, entry: Pick<Entry, "id">) =>
  run(server, castVote({ voterId: voter.id, entryId: entry.id }))
