import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createContest } from "../../domain/contests/create-contest.use-case.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import { bodyOf, roomyRateLimits, run, signedInMember, uniqueName } from "./support/world.ts"

interface HomeContest {
  readonly id: string
  readonly title: string
  readonly status: string
  readonly startsAt: string
  readonly endsAt: string
  readonly countdown: { readonly label: string; readonly text: string }
}

/** "HH:MM:SS" or "Nd HH:MM:SS" as whole seconds. */
const secondsOf = (text: string) => {
  const [days, clock] = text.includes("d ") ? text.split("d ") : ["0", text]
  const [h, m, s] = (clock ?? "").split(":").map(Number)
  return Number(days) * 86_400 + (h ?? 0) * 3_600 + (m ?? 0) * 60 + (s ?? 0)
}

/**
 * GET /api/challenges/current-active, which the server answers from memory (the home contests
 * kept a second, the presented answer kept per status and countdown second): what it answers
 * must still be right at the moment it is asked, and an edit through this server shows at once.
 */
describe.each(httpBackends)("the current contest on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(() => server?.close())

  /** The answer, with the instants just before it was asked and just after it came. */
  const ask = async () => {
    const before = Date.now()
    const response = await client(server.url).get("/api/challenges/current-active")
    const after = Date.now()
    expect(response.status, response.text).toBe(200)
    return {
      contest: bodyOf<HomeContest>(response),
      etag: response.headers.get("etag"),
      before,
      after,
    }
  }

  it("turns from upcoming to in progress at its start, though it was answered just before", async () => {
    // Far enough ahead that the first answer comes before the start on a busy machine.
    const startsAt = Date.now() + 3_000
    await run(
      server,
      createContest({
        title: `Contest ${uniqueName("c")}`,
        description: "Starts in a moment",
        contestType: uniqueName("type"),
        artStyle: "mandala",
        startsAt,
        endsAt: startsAt + 3_600_000,
      }),
    )
    let answer = await ask()
    expect(answer.after, "answered before the start").toBeLessThan(startsAt)
    expect(answer.contest.status).toBe("scheduled")
    expect(answer.contest.countdown.label).toBe("Starts in")
    while (answer.after < startsAt) answer = await ask()
    // Asked after the start: in progress, though the one before was kept in memory.
    while (answer.before < startsAt) answer = await ask()
    expect(answer.contest.status).toBe("active")
    expect(answer.contest.countdown.label).toBe("Remaining")
  })

  it("counts down to the second of each request, the same answer and ETag within one", async () => {
    const seen = new Map<string, string | null>()
    const until = Date.now() + 2_200
    while (Date.now() < until) {
      const { contest, etag, before, after } = await ask()
      expect(contest.status).toBe("active")
      const endsAt = Date.parse(contest.endsAt)
      // The text is the time left at some instant while the request was in flight.
      const left = secondsOf(contest.countdown.text)
      expect(left).toBeGreaterThanOrEqual(Math.floor((endsAt - after) / 1000))
      expect(left).toBeLessThanOrEqual(Math.floor((endsAt - before) / 1000))
      // One countdown second, one answer: the same ETag each time it is seen.
      if (seen.has(contest.countdown.text)) expect(etag).toBe(seen.get(contest.countdown.text))
      seen.set(contest.countdown.text, etag)
    }
    // At least two seconds went by: their answers are told apart by their ETags.
    expect(seen.size).toBeGreaterThanOrEqual(2)
    expect(new Set(seen.values()).size).toBe(seen.size)
  })

  it("shows an admin's edit in the next answer, not a second later", async () => {
    const { browser } = await signedInMember(server, { admin: true })
    const { contest, etag } = await ask()
    const title = `Renamed ${uniqueName("c")}`
    const edited = await browser.put(`/api/admin/contests/${contest.id}`, { title })
    expect(edited.status, edited.text).toBe(200)
    const next = await ask()
    expect(next.contest.id).toBe(contest.id)
    expect(next.contest.title).toBe(title)
    expect(next.etag).not.toBe(etag)
  })
})
