import { describe, expect, it } from "vitest"
import type { Entry } from "./entry.entity.ts"
import { neighboursOf } from "./entry-page.use-case.ts"

const entry = (id: string, createdAt: number): Entry => ({
  id,
  contestId: "c",
  memberId: "m",
  artistName: "ada",
  image: `entry/${id}.webp`,
  ageGroup: "adult",
  contestType: "traditional",
  moderation: "visible",
  moderationReason: null,
  voteCount: 0,
  weightedScore: 0,
  createdAt,
})

describe("neighboursOf", () => {
  const a = entry("a", 1)
  const b = entry("b", 2)
  const c = entry("c", 2)
  const d = entry("d", 3)
  const siblings = [d, b, a, c]

  it("finds the entries just earlier and later, by date then id, whatever the list's order", () => {
    expect(neighboursOf(siblings, b)).toEqual({ earlier: a, later: c })
    expect(neighboursOf(siblings, c)).toEqual({ earlier: b, later: d })
  })

  it("has nothing earlier than the first entry and nothing later than the last", () => {
    expect(neighboursOf(siblings, a)).toEqual({ earlier: null, later: b })
    expect(neighboursOf(siblings, d)).toEqual({ earlier: c, later: null })
    expect(neighboursOf([a], a)).toEqual({ earlier: null, later: null })
  })

  it("places an entry that is not in the list (a hidden one) among its neighbours", () => {
    const hidden = { ...entry("bb", 2), moderation: "hidden" as const }
    expect(neighboursOf(siblings, hidden)).toEqual({ earlier: b, later: c })
  })
})
