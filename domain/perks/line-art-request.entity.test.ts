import { describe, expect, it } from "vitest"
import {
  applyAction,
  briefIssues,
  isUnresolved,
  type LineArtRequest,
  type RequestAction,
  type RequestStatus,
} from "./line-art-request.entity.ts"

const request = (status: RequestStatus): LineArtRequest => ({
  id: "r1",
  memberId: "m1",
  brief: "A fox reading under a lamp",
  reference: null,
  status,
  declineReason: null,
  contestId: null,
  createdAt: 1,
  updatedAt: 1,
})

const accept: RequestAction = { kind: "accept" }
const decline: RequestAction = { kind: "decline", reason: "We drew a fox last week" }
const fulfil: RequestAction = { kind: "fulfil", contestId: "c1" }

describe("custom line art request steps", () => {
  it("goes open → accepted → fulfilled, naming the contest", () => {
    const accepted = applyAction(request("open"), accept, 2)
    expect(accepted).toMatchObject({ ok: true, request: { status: "accepted", updatedAt: 2 } })
    if (!accepted.ok) return
    const fulfilled = applyAction(accepted.request, fulfil, 3)
    expect(fulfilled).toMatchObject({ ok: true, request: { status: "fulfilled", contestId: "c1" } })
  })

  it("can be fulfilled straight from open, and declined from open or accepted with the reason", () => {
    expect(applyAction(request("open"), fulfil, 2)).toMatchObject({ ok: true })
    for (const from of ["open", "accepted"] as const) {
      expect(applyAction(request(from), decline, 2)).toMatchObject({
        ok: true,
        request: { status: "declined", declineReason: "We drew a fox last week" },
      })
    }
  })

  it("refuses every step from a final status, and accepting twice", () => {
    for (const from of ["declined", "fulfilled"] as const) {
      for (const action of [accept, decline, fulfil]) {
        const result = applyAction(request(from), action, 2)
        expect(result.ok, `${action.kind} from ${from}`).toBe(false)
        if (!result.ok) expect(result.issues[0]?.message).toContain(`This request is ${from}`)
      }
    }
    expect(applyAction(request("accepted"), accept, 2).ok).toBe(false)
  })

  it("refuses a decline without a reason", () => {
    const result = applyAction(request("open"), { kind: "decline", reason: "   " }, 2)
    expect(result).toMatchObject({ ok: false, issues: [{ field: "reason" }] })
  })

  it("takes a brief of 10 to 1000 characters, trimmed", () => {
    expect(briefIssues("  ten chars! ")).toEqual([])
    expect(briefIssues("  nine chr  ")[0]?.field).toBe("brief")
    expect(briefIssues("x".repeat(1000))).toEqual([])
    expect(briefIssues("x".repeat(1001))[0]?.title).toBe("Brief too long")
  })

  it("counts open and accepted as waiting on the admin", () => {
    expect(
      (["open", "accepted", "declined", "fulfilled"] as const).map((s) => isUnresolved(request(s))),
    ).toEqual([true, true, false, false])
  })
})
