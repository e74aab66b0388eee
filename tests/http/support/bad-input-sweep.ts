import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Contest } from "../../../domain/contests/contest.entity.ts"
import { encodeCursor } from "../../../domain/shared/paging.ts"
import type { Entry } from "../../../domain/submissions/entry.entity.ts"
import type { AnyRoute } from "../../../adapters/http/route.ts"
import { allRoutes } from "../../../adapters/http/routes/index.ts"
import {
  type Actor,
  PASSWORD,
  seedActor,
  seedContestInProgress,
  seedEntry,
  storeEntryPhoto,
} from "./actors.ts"
import { type Backend, startTestServer, type TestServer } from "./server.ts"

/**
 * The bad-input sweep: for every route, thousands of generated malformed requests in total —
 * wrong types, missing and extra fields, huge strings, odd unicode (lone surrogates, RTL
 * overrides, zero-width joiners), deep nesting, arrays for objects, `__proto__` / `constructor`
 * keys, number-like strings, negative and huge limits, forged cursors, broken JSON and odd
 * content types — sent by a signed-in member. Whatever arrives, the answer is never a 5xx, a
 * 4xx of ours carries `{code, message}` and no stack, nothing pollutes Object.prototype, and the
 * server still answers afterwards.
 *
 * Runs counts per route are tuned to stay near a minute on SQLite for the whole API: the more
 * routes there are, the fewer runs each gets (at least 20), so adding routes does not grow the
 * sweep's time. SWEEP_SCALE=4 runs four times as many. With MYSQL_URL it also runs on MariaDB/MySQL, whose string handling (utf8mb4,
 * collations) is where odd unicode bites.
 */

const SCALE = Number(process.env.SWEEP_SCALE ?? 1)

/** Routes whose well-shaped requests hash a password (slow on purpose): fewer runs. */
const HASHING = new Set([
  "POST /api/users",
  "POST /api/users/login",
  "POST /api/users/reset-password",
  "PUT /api/users/:id/password",
])
/** Routes that take no input at all: only the generic noise (stray bodies and queries). */
const runsFor = (route: AnyRoute) => {
  const key = `${route.method} ${route.path}`
  if (HASHING.has(key)) return Math.round(60 * SCALE)
  if (!route.params && !route.query && !route.body) return Math.round(25 * SCALE)
  return Math.round(Math.max(20, RUNS_FOR_THE_API / allRoutes.length) * SCALE)
}

/** What the sweep sends across the routes that take input (80 each when the API had 60 routes). */
const RUNS_FOR_THE_API = 4800

/** Never swept: it ends the member's session, and takes no input to get wrong. */
const SKIPPED = new Set(["POST /api/users/logout"])

// ---------------------------------------------------------------------------------------------
// Values

const ODD = [
  "\uD800",
  "\uDFFF",
  "a\uDBFFb",
  "\uDC00\uD800",
  "\u202Eexe.gnp",
  "שלום\u202Babc",
  "مرحبا",
  "\u200B",
  "a\u200D\u200Db",
  "\uFEFF",
  "e\u0301\u0301\u0301",
  "\u0000",
  "a\u0000b",
  "\u2028\u2029",
  "ＡＢＣ",
  "𝕳𝖊𝖑𝖑𝖔",
  "👩‍👩‍👧‍👦",
  "İı",
  "ß",
  "\u{10FFFF}",
  "%00",
  "%",
  "%E0%A4%A",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  '"; DROP TABLE members; --',
  "${7*7}",
  "{{7*7}}",
  "\r\nSet-Cookie: x=1",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "0",
  "-0",
  "1e309",
  "1e-309",
  "9007199254740993",
  "0x1F",
  " 12 ",
  "1.5",
  "",
  " ",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
] as const

const loneSurrogates = fc.string({
  unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  maxLength: 6,
})

const huge = fc
  .tuple(
    fc.constantFrom("a", "é", "😀", "\u200B", "\uD800", "%", "0"),
    fc.constantFrom(300, 5_000, 100_000),
  )
  .map(([unit, count]) => unit.repeat(count))

const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: loneSurrogates },
  { weight: 5, arbitrary: fc.constantFrom(...ODD) },
  { weight: 1, arbitrary: huge },
)

const numbers: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 1e308, -1e308, 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1, 0.5, 101),
)

/** An object (or array) nested `depth` levels deep. */
const nested = fc
  .tuple(fc.integer({ min: 20, max: 3_000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = "bottom"
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value }
    return value
  })

const scalar: fc.Arbitrary<unknown> = fc.oneof(text, numbers, fc.boolean(), fc.constant(null))

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: nested },
)

const forgedCursor: fc.Arbitrary<string> = fc.oneof(
  text,
  fc
    .constantFrom<unknown>(
      [1e308, "x"],
      [-1, ""],
      ["a", 1],
      [null, null],
      [Number.MAX_SAFE_INTEGER, "\uD800"],
      [1, "x", 3],
      [[1], [2]],
      {},
      { __proto__: null, k: 1 },
      [],
      "plain",
      [0, "0", 0, "0"],
      ["2024-01-01", "x"],
      [true, false],
    )
    .map(encodeCursor),
  fc.string({ maxLength: 40 }).map((raw) => btoa(raw.replace(/[^\x20-\x7e]/g, "?"))),
)

// ---------------------------------------------------------------------------------------------
// Requests

interface World {
  readonly server: TestServer
  readonly member: Actor
  readonly other: Actor
  readonly contest: Contest
  readonly entry: Entry
  readonly photoKey: string
}

/** Values that get a request past decoding, so the sweep also reaches the use cases. */
const plausible = (world: World): Readonly<Record<string, fc.Arbitrary<unknown>>> => {
  const ids = fc.constantFrom(
    world.member.member.id,
    world.other.member.id,
    world.contest.id,
    world.entry.id,
  )
  const email = fc.oneof(
    fc.constantFrom(world.member.email, world.other.email, "nobody@colorday.test"),
    fc.emailAddress(),
    text.map((local) => `${local}@colorday.test`),
  )
  const date = fc.oneof(
    fc.constantFrom(
      "1990-01-01",
      "2015-06-30",
      "1900-02-29",
      "2000-02-30",
      "0000-00-00",
      "9999-12-31",
    ),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  )
  return {
    id: ids,
    userId: ids,
    user_id: ids,
    challenge_id: ids,
    contestId: ids,
    password: fc.constantFrom(PASSWORD, "short", "x".repeat(256)),
    currentPassword: fc.constantFrom(PASSWORD, "wrong-password"),
    newPassword: fc.constantFrom("short", "a-new-long-password", ""),
    confirmPassword: fc.constantFrom(PASSWORD, "other"),
    dateOfBirth: date,
    file_path: fc.constantFrom(
      world.photoKey,
      `/images/${world.photoKey}`,
      `entry/${"0".repeat(36)}.jpg`,
    ),
    kind: fc.constantFrom("entry", "line-art", "avatar"),
    file: fc.constantFrom(
      world.entry.image.split("/")[1] ?? "",
      (world.entry.image.split("/")[1] ?? "").replace(/\.webp$/, ".share.jpg"),
      `${"0".repeat(36)}.png`,
      `${"0".repeat(36)}.share.jpg`,
    ),
    username: fc.constantFrom(
      world.member.member.username,
      world.other.member.username.toUpperCase(),
      "nobody-here",
    ),
    view: fc.constantFrom("public", "private"),
    metric: fc.constantFrom("views", "downloads", "submissions", "votes"),
    tier: fc.constantFrom("free", "lite", "pro", "champ", "premium"),
    age_group: fc.constantFrom("adult", "child", "teen", "senior"),
    ageGroup: fc.constantFrom("adult", "all", "senior"),
    tab: fc.constantFrom("all", "today", "past"),
    sort: fc.constantFrom("newest", "top", "random"),
    period: fc.constantFrom("today", "week", "month", "all"),
    tz: fc.constantFrom(
      "UTC",
      "Europe/Paris",
      "Etc/GMT+14",
      "America/Argentina/ComodRivadavia",
      "Mars/Olympus",
    ),
    limit: fc.oneof(
      numbers.map(String),
      fc.constantFrom("1", "100", "101", "0", "-5", "1e2", "NaN"),
    ),
    cursor: forgedCursor,
    token: fc.oneof(text, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)),
    download: fc.array(
      fc.record({ userId: fc.oneof(ids, anyValue), timestamp: anyValue }, { requiredKeys: [] }),
      { maxLength: 3 },
    ),
    // The settings object: known and unknown languages and zones, switches whole or in part.
    language: fc.constantFrom("en", "es", "fr", "de", "EN", "xx", ""),
    timeZone: fc.constantFrom("UTC", "Europe/Berlin", "America/New_York", "Europe/Paris", "utc"),
    loginNotifications: fc.oneof(fc.boolean(), anyValue),
    email: fc.oneof(
      email,
      fc.dictionary(
        fc.constantFrom("contestAnnouncements", "votingResults", "weeklySummary", "__proto__"),
        fc.oneof(fc.boolean(), anyValue),
      ),
    ),
    push: fc.dictionary(
      fc.constantFrom("contestReminders", "newVotes", "achievementUnlocked"),
      fc.oneof(fc.boolean(), anyValue),
    ),
    privacy: fc.dictionary(
      fc.constantFrom("publicProfile", "showSubmissionHistory", "showJoinDate", "constructor"),
      fc.oneof(fc.boolean(), anyValue),
    ),
  }
}

/** The field names a schema part names (a Struct's keys), if any. */
const fieldsOf = (schema: unknown): ReadonlyArray<string> => {
  const fields = (schema as { fields?: Record<string, unknown> } | undefined)?.fields
  return fields ? Object.keys(fields) : []
}

/** One field's value: mostly wrong, sometimes plausible, sometimes left out. */
const fieldValue = (world: World, name: string): fc.Arbitrary<unknown> => {
  const good = plausible(world)[name]
  return good
    ? fc.oneof({ weight: 2, arbitrary: good }, { weight: 3, arbitrary: anyValue })
    : anyValue
}

/** A JSON object with the route's fields (some missing, some wrong) plus stray keys. */
const structText = (world: World, names: ReadonlyArray<string>) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(names.map((name) => [name, fieldValue(world, name)])), {
        requiredKeys: [],
      }),
      fc.dictionary(fc.oneof(text, fc.constantFrom("isAdmin", "id", "role")), anyValue, {
        maxKeys: 2,
      }),
    )
    .map(([fields, extra]) => JSON.stringify({ ...extra, ...fields }))

/** Prototype-pollution attempts, written as JSON text so the keys are real keys. */
const protoText = (world: World, names: ReadonlyArray<string>) =>
  fc
    .tuple(
      structText(world, names),
      fc.constantFrom(
        '"__proto__": {"isAdmin": true, "polluted": "yes"}',
        '"constructor": {"prototype": {"polluted": "yes"}}',
        '"__proto__": [1, 2]',
        '"__proto__": null',
        '"prototype": {"polluted": "yes"}',
      ),
    )
    .map(([json, proto]) => (json === "{}" ? `{${proto}}` : `{${proto}, ${json.slice(1)}`))

const otherText = fc.oneof(
  fc.constantFrom(
    "[]",
    "[1, 2, 3]",
    '[{"email": "a@b.c"}]',
    '"a string"',
    "42",
    "null",
    "true",
    "{",
    '{"a":}',
    '{"a": 1,}',
    "{'a': 1}",
    '{"a": NaN}',
    "\uFEFF{}",
    "\u0000",
    "",
    "  ",
    '{"a": "\\ud800"}',
    '{"a": "\\u0000"}',
    '{"a": 1e999}',
    '{"a": -0}',
  ),
  fc.json({ maxDepth: 3 }),
  anyValue.map((value) => JSON.stringify(value) ?? "null"),
)

const bodyText = (world: World, names: ReadonlyArray<string>) =>
  fc.oneof(
    { weight: 6, arbitrary: structText(world, names) },
    { weight: 2, arbitrary: protoText(world, names) },
    { weight: 2, arbitrary: otherText },
  )

/** Mostly JSON, sometimes a type or encoding the server must turn away politely. */
const contentHeaders = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constant<Record<string, string>>({ "Content-Type": "application/json" }),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { "Content-Type": "application/json; charset=utf-8" },
      { "Content-Type": "application/json; charset=latin1" },
      { "Content-Type": "application/json; charset=bogus" },
      { "Content-Type": "application/json; charset=utf-16" },
      { "Content-Type": "text/plain" },
      { "Content-Type": "application/x-www-form-urlencoded" },
      { "Content-Type": "multipart/form-data; boundary=x" },
      { "Content-Type": "application/vnd.api+json" },
      { "Content-Type": "application/json", "Content-Encoding": "gzip" },
      { "Content-Type": "application/json", "Content-Encoding": "deflate" },
      { "Content-Type": "application/json", "Content-Encoding": "br" },
      { "Content-Type": "application/json", "Content-Encoding": "bogus" },
    ),
  },
)

/** Percent-encodes, turning lone surrogates into the (invalid UTF-8) bytes a client may still send. */
const encode = (value: string): string =>
  Array.from(value, (char) => {
    try {
      return encodeURIComponent(char)
    } catch {
      const code = char.charCodeAt(0)
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("")
    }
  }).join("")

/**
 * A path or query piece: encoded text, cut to `maxLength`. Only the text's first `maxLength` + 1
 * code units are encoded: each character encodes to at least as many as it has, so the rest would
 * be cut anyway (and encoding 100,000 lone surrogates one exception at a time was most of the
 * sweep's time).
 */
const urlPiece = (value: unknown, maxLength: number) =>
  encode(
    (typeof value === "string" ? value : (JSON.stringify(value) ?? "")).slice(0, maxLength + 1),
  ).slice(0, maxLength)

const RAW_PIECES = ["%", "%zz", "%E0%A4%A", "%C0%AF", "%ED%A0%80", "%00", "..%2F..%2F", "%2e%2e"]

const pathArbitrary = (world: World, route: AnyRoute) => {
  const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] as string)
  return fc
    .tuple(
      ...names.map((name) =>
        fc.oneof(
          { weight: 4, arbitrary: fieldValue(world, name).map((value) => urlPiece(value, 4_000)) },
          { weight: 1, arbitrary: fc.constantFrom(...RAW_PIECES) },
        ),
      ),
    )
    .map((values) => {
      let index = 0
      // An empty piece would match another route (or none); that is the router's business.
      return route.path.replace(/:([A-Za-z_]+)/g, () => values[index++] || "x")
    })
}

const queryArbitrary = (world: World, route: AnyRoute) => {
  const names = fieldsOf(route.query)
  const pair = (name: string) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: fieldValue(world, name).map((value) => [`${name}=${urlPiece(value, 8_000)}`]),
      },
      // Repeated keys arrive as arrays.
      {
        weight: 1,
        arbitrary: fc
          .array(fieldValue(world, name), { minLength: 2, maxLength: 3 })
          .map((values) => values.map((value) => `${name}=${urlPiece(value, 200)}`)),
      },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_PIECES).map((raw) => [`${name}=${raw}`]) },
      { weight: 1, arbitrary: fc.constant([name]) },
    )
  return fc
    .tuple(
      fc.tuple(...names.map((name) => fc.option(pair(name), { nil: undefined }))),
      fc.array(
        fc.tuple(fc.oneof(text, fc.constantFrom("__proto__", "constructor", "a[b]", "a[]")), text),
        { maxLength: 2 },
      ),
    )
    .map(([known, stray]) => {
      const parts = [
        ...known.flatMap((part) => part ?? []),
        ...stray.map(([key, value]) => `${urlPiece(key, 100)}=${urlPiece(value, 200)}`),
      ]
      return parts.length > 0 ? `?${parts.join("&")}` : ""
    })
}

interface Sent {
  readonly path: string
  readonly body?: string
  readonly headers: Record<string, string>
}

/**
 * Malformed multipart bodies: parts that are not images, truncated or unterminated bodies, a
 * boundary that never appears, odd field names, many parts. Upload routes parse these themselves.
 */
const multipart = (world: World, names: ReadonlyArray<string>) => {
  const boundary = "sweepboundary"
  const part = fc.oneof(
    fc
      .tuple(fc.constantFrom("image", "file", "pdf", "photo", "__proto__"), fc.oneof(text, huge))
      .map(
        ([name, bytes]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${bytes}\r\n`,
      ),
    fc
      .tuple(
        fc.oneof(fc.constantFrom(...names, "__proto__", "constructor", "a[b]"), text),
        fieldValue(world, names[0] ?? "x"),
      )
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name.replaceAll('"', "")}"\r\n\r\n${typeof value === "string" ? value : JSON.stringify(value)}\r\n`,
      ),
    fc.constantFrom(
      `--${boundary}\r\n`,
      "garbage\r\n",
      `--${boundary}\r\nContent-Disposition: nonsense\r\n\r\n`,
    ),
  )
  return fc
    .tuple(
      fc.array(part, { maxLength: 30 }),
      fc.constantFrom(`--${boundary}--\r\n`, "", `--${boundary}`, "--other--\r\n"),
      fc.constantFrom(boundary, "nope", ""),
    )
    .map(([parts, end, declared]) => ({
      body: `${parts.join("")}${end}`,
      headers: {
        "Content-Type": declared
          ? `multipart/form-data; boundary=${declared}`
          : "multipart/form-data",
      },
    }))
}

const bodyAndHeaders = (world: World, route: AnyRoute) => {
  const names = fieldsOf(route.body)
  return fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .tuple(bodyText(world, names), contentHeaders)
        .map(([body, headers]) => ({ body, headers })),
    },
    { weight: 1, arbitrary: multipart(world, names) },
  )
}

const requestArbitrary = (world: World, route: AnyRoute): fc.Arbitrary<Sent> =>
  fc
    .tuple(
      pathArbitrary(world, route),
      queryArbitrary(world, route),
      route.method === "GET" ? fc.constant(undefined) : bodyAndHeaders(world, route),
    )
    .map(([path, query, sent]) => ({
      path: `${path}${query}`,
      ...(sent === undefined ? { headers: {} } : sent),
    }))

/** Routes whose answers are HTML pages a person opens from a mail, refusals included. */
const HTML_PAGES = new Set(["GET /api/unsubscribe/:token", "GET /api/users/secure-account/:token"])

const STACK_FRAME = /\bat .*(\(|\/).*:\d+:\d+/

/**
 * fetch's "fetch failed" over a connection reset or closed. Now and then, on a busy machine, the
 * client's pool reuses a keep-alive socket just as it closes it itself (the server sees the
 * client's FIN, not an error of its own): such a request never reached the app, so it is sent
 * once more, on a fresh connection, and counted.
 */
const isConnectionReset = (error: unknown) => {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause
  return ["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"].includes(String(cause?.code))
}

const describeSent = (sent: Sent) =>
  `${sent.path.slice(0, 300)}${sent.path.length > 300 ? `… (${sent.path.length} chars)` : ""} ${JSON.stringify(sent.headers)} ${
    sent.body === undefined
      ? ""
      : `${sent.body.slice(0, 300)}${sent.body.length > 300 ? `… (${sent.body.length} chars)` : ""}`
  }`

// ---------------------------------------------------------------------------------------------
// The sweep

/**
 * The sweep on one backend: a suite of its own per file (bad-input.sweep.test.ts on SQLite,
 * bad-input.sweep.mysql.test.ts on MySQL/MariaDB), so the two run side by side.
 */
export const describeBadInputSweep = (backend: Backend) =>
  describe(`the bad-input sweep on ${backend}`, () => {
    let world: World
    let cookie: string
    const defects: Array<string> = []
    let sent = 0
    let previous = "none"
    let resets = 0

    /** The member's session cookie, signing in again if a swept request ended it. */
    const ensureSignedIn = async () => {
      const ask = () => fetch(`${world.server.url}/api/session`, { headers: { Cookie: cookie } })
      const check = await ask().catch((error: unknown) => {
        if (!isConnectionReset(error)) throw error
        resets++
        return ask()
      })
      if (check.status === 200) return
      const fresh = await seedActor(world.server, "sweeper")
      world = { ...world, member: fresh }
      cookie = fresh.browser.cookie ?? ""
    }

    beforeAll(async () => {
      const server = await startTestServer({
        backend,
        // Limits would turn the sweep into a 429 test; they have their own.
        rateLimits: Object.fromEntries(
          (["sign-in", "sign-up", "forgot", "resend", "contact", "vote"] as const).map((name) => [
            name,
            { perAddress: 1_000_000, perAccount: 1_000_000, windowSeconds: 60 },
          ]),
        ),
        config: { log: (line) => defects.push(line) },
      })
      const member = await seedActor(server, "sweeper")
      const other = await seedActor(server, "bystander")
      const contest = await seedContestInProgress(server)
      const entry = await seedEntry(server, other.member, contest)
      const photoKey = await storeEntryPhoto(server)
      world = { server, member, other, contest, entry, photoKey }
      cookie = member.browser.cookie ?? ""
    })

    afterAll(async () => {
      await world?.server.close()
    })

    const swept = allRoutes.filter((route) => !SKIPPED.has(`${route.method} ${route.path}`))

    it.each(swept.map((route) => [`${route.method} ${route.path}`, route] as const))(
      "%s never answers with a 5xx",
      async (_key, route) => {
        await ensureSignedIn()
        await fc.assert(
          fc.asyncProperty(requestArbitrary(world, route), async (request) => {
            sent++
            const before = defects.length
            const exchange = async () => {
              const response = await fetch(`${world.server.url}${request.path}`, {
                method: route.method,
                redirect: "manual",
                headers: { ...request.headers, Cookie: cookie },
                ...(request.body === undefined ? {} : { body: request.body }),
              })
              return {
                status: response.status,
                headers: response.headers,
                body: await response.text(),
              }
            }
            const response = await exchange().catch(async (error: unknown) => {
              if (!isConnectionReset(error)) throw error
              resets++
              return exchange().catch((again: unknown) => {
                throw new Error(
                  `${route.method} ${describeSent(request)} failed twice: ${String((again as { cause?: unknown }).cause ?? again)}\nthe request before: ${previous}`,
                )
              })
            })
            previous = `${route.method} ${describeSent(request)} → ${response.status}`
            const body = response.body
            const context = `${route.method} ${describeSent(request)}\n→ ${response.status} ${body.slice(0, 300)}\n${defects.slice(before).join("\n").slice(0, 2_000)}`
            expect(response.status, context).toBeLessThan(500)
            // Our own refusals (not Node's 431 for an oversized URL, not the static 404 of a
            // non-API path) are JSON with a code and a message.
            // The pages a mail's link opens answer their own refusal as a page (a person reads
            // it); a request the route's schema refuses is JSON like any other.
            if (
              HTML_PAGES.has(`${route.method} ${route.path}`) &&
              response.headers.get("content-type")?.startsWith("text/html")
            ) {
              expect(body, context).not.toMatch(STACK_FRAME)
            } else if (
              response.status >= 400 &&
              request.path.startsWith("/api/") &&
              response.headers.has("x-request-id")
            ) {
              const error = JSON.parse(body) as { code?: unknown; message?: unknown }
              expect(typeof error.code, context).toBe("string")
              expect(typeof error.message, context).toBe("string")
              expect(body, context).not.toMatch(STACK_FRAME)
            }
          }),
          {
            numRuns: runsFor(route),
            interruptAfterTimeLimit: 60_000,
            markInterruptAsFailure: false,
          },
        )
      },
    )

    it("sent thousands of requests, polluted nothing, and the server still answers", async () => {
      console.log(
        `bad-input sweep on ${backend}: ${sent} requests, ${resets} resent after a connection reset`,
      )
      expect(sent).toBeGreaterThanOrEqual(Math.min(2_000, 2_000 * SCALE))
      // A reset now and then is the client's pool; many would be the server dropping connections.
      expect(resets).toBeLessThan(sent / 200)
      expect(Object.prototype).not.toHaveProperty("polluted")
      expect(Object.prototype).not.toHaveProperty("isAdmin")
      const health = await fetch(`${world.server.url}/api/health`)
      expect(health.status).toBe(200)
      const session = await fetch(`${world.server.url}/api/session`, {
        headers: { Cookie: cookie },
      })
      expect([200, 401]).toContain(session.status)
      expect(defects, "defects logged by the server").toEqual([])
    })
  })
