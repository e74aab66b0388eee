import { describe, expect, it } from "vitest"
import { forbidden, HttpRefusal } from "./http-errors.ts"

describe("HttpRefusal", () => {
  it("keeps its status, code and message, and carries no stack trace", () => {
    const refusal = forbidden("user_id is not yours")
    expect(refusal).toBeInstanceOf(Error)
    expect(refusal).toBeInstanceOf(HttpRefusal)
    expect([refusal.status, refusal.code, refusal.message]).toEqual([
      403,
      "FORBIDDEN",
      "user_id is not yours",
    ])
    expect(refusal.stack ?? "").not.toMatch(/\n\s+at /)
  })

  it("leaves the stack trace limit as it was, so every other error still has its stack", () => {
    const before = Error.stackTraceLimit
    new HttpRefusal(400, "BAD_REQUEST", "limit: must be a number")
    expect(Error.stackTraceLimit).toBe(before)
    expect(new Error("a fault").stack).toMatch(/\n\s+at /)
  })
})
