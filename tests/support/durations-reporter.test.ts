import { describe, expect, it } from "vitest"
import { type FileDuration, slowestTable } from "./durations-reporter.ts"

const file = (
  project: string,
  name: string,
  seconds: number,
  testSeconds = seconds,
): FileDuration => ({
  project,
  file: name,
  seconds,
  testSeconds,
})

describe("the slowest test files table", () => {
  it("lists the slowest files first, at most `count`, with project and seconds", () => {
    const files = Array.from({ length: 12 }, (_, i) =>
      file(i % 2 ? "http" : "unit", `f${i}.test.ts`, i + 0.04, i / 2),
    )
    const lines = slowestTable(files, 10).split("\n")
    expect(lines[0]).toBe("Slowest 10 test file(s) of 12:")
    expect(lines[1]).toMatch(/^ #\s+PROJECT\s+FILE\s+SECONDS\s+IN TESTS$/)
    expect(lines).toHaveLength(12)
    expect(lines[2]).toMatch(/^ 1\s+http\s+f11\.test\.ts\s+11\.0\s+5\.5$/)
    expect(lines[11]).toMatch(/^10\s+unit\s+f2\.test\.ts\s+2\.0\s+1\.0$/)
    expect(lines.join("\n")).not.toMatch(/f[01]\.test\.ts/)
  })

  it("prints nothing for a run without files", () => {
    expect(slowestTable([], 10)).toBe("")
  })
})
