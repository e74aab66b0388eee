import { describe, expect, it } from "vitest"
import { describeCli, refused } from "./support/cli-suite.ts"
import { runCli } from "./support/run-cli.ts"

/**
 * The `colorday` CLI on the embedded SQLite file (cli.mysql.test.ts: the same checks on MySQL),
 * and what only a process shows whatever the database: help and the version, bad usage.
 */

describeCli("sqlite")

/**
 * The same `main` as a real process (`node cli/main.ts`): its exit status, help on its stdout,
 * errors on its stderr; the runs go side by side.
 */
describe("colorday as a process", () => {
  it("exits 0 with --help and --version on stdout, and 2 on bad usage with one line on stderr", async () => {
    const [help, version, unknown] = await Promise.all([
      runCli(["--help"]),
      runCli(["--version"]),
      runCli(["no-such-command"]),
    ])
    expect(help.code, help.stderr).toBe(0)
    expect(help.stdout).toMatch(/^Usage: colorday /)
    expect(help.stdout).toContain("subscriptions")
    expect(help.stderr).toBe("")
    expect(version.code).toBe(0)
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/)
    refused(unknown, 2, /^error: unknown command 'no-such-command'/)
    expect(unknown.stdout).toBe("")
  })
})
