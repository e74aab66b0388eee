import type { Reporter, TestModule } from "vitest/node"

/**
 * After the default reporter's summary: the slowest test files of the run, each with its project
 * and its seconds (environment, import and setup, then its tests and hooks), so the costs to cut
 * are in every run's output. `COLORDAY_SLOWEST=N` shows N files instead of 10.
 */

export interface FileDuration {
  readonly project: string
  readonly file: string
  /** Seconds from the file's environment setup to its last hook. */
  readonly seconds: number
  /** Of those, the seconds in its tests and hooks. */
  readonly testSeconds: number
}

export const fileDuration = (module: TestModule): FileDuration => {
  const d = module.diagnostic()
  const setup = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration
  return {
    project: module.project.name,
    file: module.relativeModuleId,
    seconds: (setup + d.duration) / 1000,
    testSeconds: d.duration / 1000,
  }
}

/** The `count` slowest files as a table, slowest first. */
export const slowestTable = (files: ReadonlyArray<FileDuration>, count: number): string => {
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, count)
  if (slowest.length === 0) return ""
  const rows = slowest.map((row, index) => [
    String(index + 1),
    row.project,
    row.file,
    row.seconds.toFixed(1),
    row.testSeconds.toFixed(1),
  ])
  const header = ["#", "PROJECT", "FILE", "SECONDS", "IN TESTS"]
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  // Numbers right-aligned, text left-aligned.
  const numeric = new Set([0, 3, 4])
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((cell, column) =>
        numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd()
  return [
    `Slowest ${slowest.length} test file(s) of ${files.length}:`,
    line(header),
    ...rows.map(line),
  ].join("\n")
}

export default class DurationsReporter implements Reporter {
  private readonly count: number

  constructor(count = Number(process.env.COLORDAY_SLOWEST) || 10) {
    this.count = count
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const ran = testModules.filter((module) => module.state() !== "skipped")
    const table = slowestTable(ran.map(fileDuration), this.count)
    if (table) process.stdout.write(`\n${table}\n`)
  }
}
