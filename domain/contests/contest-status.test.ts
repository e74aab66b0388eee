import { describe, expect, it } from "vitest"
import { CONTEST_STATUSES, contestStatus, isOpen } from "./contest-status.ts"

const START = Date.parse("2026-11-23T05:00:00Z")
const END = Date.parse("2026-11-24T05:00:00Z")

const contest = (storedStatus: string | null = null) => ({
  startsAt: START,
  endsAt: END,
  storedStatus,
})

describe("contestStatus from the clock", () => {
  it("lists the five statuses", () => {
    expect(CONTEST_STATUSES).toEqual(["scheduled", "active", "ended", "announced", "cancelled"])
  })

  it("is scheduled before the start", () => {
    expect(contestStatus(contest(), START - 1)).toBe("scheduled")
  })

  it("is active from the start instant itself", () => {
    expect(contestStatus(contest(), START)).toBe("active")
  })

  it("is active one ms before the end", () => {
    expect(contestStatus(contest(), END - 1)).toBe("active")
  })

  it("is ended exactly at the end instant", () => {
    expect(contestStatus(contest(), END)).toBe("ended")
  })

  it("is ended after the end", () => {
    expect(contestStatus(contest(), END + 86_400_000)).toBe("ended")
  })
})

describe("contestStatus and the stored status", () => {
  it("a stored cancelled wins before, during and after the window", () => {
    for (const now of [START - 1, START, END - 1, END, END + 1]) {
      expect(contestStatus(contest("cancelled"), now)).toBe("cancelled")
    }
  })

  it("reads a stored cancelled case-insensitively and untrimmed", () => {
    expect(contestStatus(contest("CANCELLED"), START)).toBe("cancelled")
    expect(contestStatus(contest(" Cancelled "), START)).toBe("cancelled")
  })

  it("a stored announced counts once the contest has ended, in any case", () => {
    expect(contestStatus(contest("announced"), END)).toBe("announced")
    expect(contestStatus(contest("Announced"), END)).toBe("announced")
    expect(contestStatus(contest("ANNOUNCED"), END + 1)).toBe("announced")
  })

  it("a stored announced is ignored while the contest has not ended", () => {
    expect(contestStatus(contest("Announced"), START - 1)).toBe("scheduled")
    expect(contestStatus(contest("Announced"), END - 1)).toBe("active")
  })

  it("a stored active is ignored in favour of the clock", () => {
    expect(contestStatus(contest("active"), START - 1)).toBe("scheduled")
    expect(contestStatus(contest("ACTIVE"), END)).toBe("ended")
  })

  it("a stored scheduled is ignored in favour of the clock", () => {
    expect(contestStatus(contest("scheduled"), START)).toBe("active")
    expect(contestStatus(contest("Scheduled"), END)).toBe("ended")
  })

  it("a stored ended is ignored while the clock says the contest runs", () => {
    expect(contestStatus(contest("ended"), START)).toBe("active")
  })

  it("an unknown stored string is ignored", () => {
    expect(contestStatus(contest("draft"), START)).toBe("active")
    expect(contestStatus(contest(""), END)).toBe("ended")
  })
})

describe("isOpen (start <= now < end)", () => {
  it("a contest ending this second is open at end - 1 ms", () => {
    expect(isOpen(contest(), END - 1)).toBe(true)
  })

  it("a contest ending this second is closed exactly at the end", () => {
    expect(isOpen(contest(), END)).toBe(false)
  })

  it("opens exactly at the start and is closed one ms before", () => {
    expect(isOpen(contest(), START)).toBe(true)
    expect(isOpen(contest(), START - 1)).toBe(false)
  })

  it("a cancelled contest is never open, even inside its window", () => {
    expect(isOpen(contest("Cancelled"), START)).toBe(false)
  })

  it("a stored active does not open a contest that has ended", () => {
    expect(isOpen(contest("active"), END)).toBe(false)
  })
})
