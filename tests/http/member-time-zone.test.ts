import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS, type MemberSettings } from "../../domain/accounts/member-settings.ts"
import { startOfDay } from "../../domain/shared/calendar.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  bodyOf,
  insertEntry,
  roomyRateLimits,
  signedInMember,
  uniqueName,
} from "./support/world.ts"

/**
 * A member's time zone over HTTP: any IANA zone is saved and read back; an unknown one is a 400
 * naming timeZone; a signed-in member's leaderboard and gallery Today split at midnight in the
 * zone of their settings, whatever tz the browser sends.
 */

const MINUTE = 60_000
const ZONES = ["Asia/Tokyo", "Europe/Berlin", "America/New_York", "Pacific/Honolulu"]

/**
 * A zone and an instant that is "today" in one of UTC and that zone but not in the other (a
 * minute before one of the two midnights), whatever the hour the test runs.
 */
const splitInstant = (now: number) => {
  const utcMidnight = startOfDay(now, "UTC")
  for (const zone of ZONES) {
    const zoneMidnight = startOfDay(now, zone)
    if (utcMidnight - MINUTE >= zoneMidnight)
      return { zone, createdAt: utcMidnight - MINUTE, todayInZone: true }
    if (zoneMidnight - MINUTE >= utcMidnight)
      return { zone, createdAt: zoneMidnight - MINUTE, todayInZone: false }
  }
  throw new Error("no zone splits the day from UTC now")
}

describe.each(httpBackends)("a member's time zone on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  it.each(["Asia/Tokyo", "America/Argentina/ComodRivadavia", "Pacific/Chatham"])(
    "saves %s (beyond the spec's four) and reads it back",
    async (timeZone) => {
      const { member, browser } = await signedInMember(server)
      const settings: MemberSettings = { ...DEFAULT_SETTINGS, timeZone }
      const saved = await browser.put(`/api/users/${member.id}/settings`, settings)
      expect(saved.status, saved.text).toBe(200)
      expect(saved.body).toEqual(settings)
      expect((await browser.get(`/api/users/${member.id}/settings`)).body).toEqual(settings)
    },
  )

  it("refuses an unknown zone with 400 naming timeZone, keeping what was saved", async () => {
    const { member, browser } = await signedInMember(server)
    const tokyo = { ...DEFAULT_SETTINGS, timeZone: "Asia/Tokyo" }
    await browser.put(`/api/users/${member.id}/settings`, tokyo)
    const response = await browser.put(`/api/users/${member.id}/settings`, {
      ...DEFAULT_SETTINGS,
      timeZone: "Mars/Olympus",
    })
    expect(response.status).toBe(400)
    expect(bodyOf(response)).toMatchObject({
      code: "VALIDATION_FAILED",
      issues: [{ field: "timeZone" }],
    })
    expect((await browser.get(`/api/users/${member.id}/settings`)).body).toEqual(tokyo)
  })

  it("splits a signed-in member's leaderboard and gallery Today at their zone's midnight", async () => {
    const medium = uniqueName("tz").toLowerCase()
    const contest = await addContest(server, "open", medium)
    const { zone, createdAt, todayInZone } = splitInstant(Date.now())
    const { member, browser } = await signedInMember(server)
    const entry = await insertEntry(server, member, contest, { contestType: medium, createdAt })
    await browser.put(`/api/users/${member.id}/settings`, { ...DEFAULT_SETTINGS, timeZone: zone })

    const board = `/api/leaderboard?period=today&contestType=${medium}&tz=UTC`
    const gallery = `/api/gallery?tab=today&contestId=${contest.id}&tz=UTC`
    const ids = (body: unknown, key: "rows" | "items") =>
      (body as Record<string, ReadonlyArray<{ submissionId?: string; id?: string }>>)[key]?.map(
        (item) => item.submissionId ?? item.id,
      )

    // The member's browser says UTC; their settings win.
    const memberBoard = await browser.get(board)
    expect(memberBoard.status, memberBoard.text).toBe(200)
    expect(ids(memberBoard.body, "rows")).toEqual(todayInZone ? [entry.id] : [])
    expect(ids((await browser.get(gallery)).body, "items")).toEqual(todayInZone ? [entry.id] : [])
    // A visitor in UTC sees the other side of the split; a visitor in the zone, the member's.
    const visitor = client(server.url)
    expect(ids((await visitor.get(board)).body, "rows")).toEqual(todayInZone ? [] : [entry.id])
    expect(ids((await visitor.get(gallery)).body, "items")).toEqual(todayInZone ? [] : [entry.id])
    const inZone = board.replace("tz=UTC", `tz=${encodeURIComponent(zone)}`)
    expect(ids((await visitor.get(inZone)).body, "rows")).toEqual(todayInZone ? [entry.id] : [])
  })
})
