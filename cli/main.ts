#!/usr/bin/env node
import { Command, CommanderError } from "commander"
import packageJson from "../package.json" with { type: "json" }
import { registerAudit } from "./audit.command.ts"
import { registerBadges } from "./badges.command.ts"
import { registerContest } from "./contest.command.ts"
import { registerDb } from "./db.command.ts"
import { registerDrawings } from "./drawings.command.ts"
import { registerEditor } from "./editor.command.ts"
import { registerEdits } from "./edits.command.ts"
import { registerEntry } from "./entry.command.ts"
import { registerLeaderboard } from "./leaderboard.command.ts"
import { registerMail } from "./mail.command.ts"
import { registerModeration } from "./moderation.command.ts"
import { registerNotifications } from "./notifications.command.ts"
import { type CliIo, processIo, setExitCode, UsageError, withInvocation } from "./run.ts"
import { registerSeed } from "./seed.command.ts"
import { registerServe } from "./serve.command.ts"
import { registerStats } from "./stats.command.ts"
import { registerSubscriptions } from "./subscriptions.command.ts"
import { registerUser } from "./user.command.ts"

/**
 * `colorday`: the operator's CLI. Exit codes: 0 success (and --help, --version), 1 a domain
 * refusal or an internal failure, 2 bad usage. Every failure is one line on stderr.
 */
const makeProgram = (io: CliIo): Command => {
  const program = new Command("colorday")
    .description(
      "Colorday operator tools: database, contests, members, entries, votes, badges, drawings",
    )
    .version(packageJson.version)
    // Commander throws instead of exiting, so the runtime is disposed and the exit code mapped
    // here. Set before the commands are added: subcommands copy it when they are created.
    .exitOverride()
    .showSuggestionAfterError(true)
    // One line per failure: commander puts its "(Did you mean …?)" on a line of its own.
    .configureOutput({
      outputError: (message, write) => write(`${message.trimEnd().replaceAll("\n", " ")}\n`),
      // Help, the version and errors on this invocation's streams (the process's by default);
      // others are written to as to a pipe: no colours, commander's default width.
      ...(io === processIo
        ? {}
        : {
            writeOut: io.stdout,
            writeErr: io.stderr,
            getOutHasColors: () => false,
            getErrHasColors: () => false,
            getOutHelpWidth: () => 80,
            getErrHelpWidth: () => 80,
          }),
    })

  registerDb(program)
  registerSeed(program)
  registerContest(program)
  registerUser(program)
  registerEntry(program)
  registerModeration(program)
  registerLeaderboard(program)
  registerBadges(program)
  registerDrawings(program)
  registerStats(program)
  registerSubscriptions(program)
  registerMail(program)
  registerNotifications(program)
  registerAudit(program)
  registerServe(program)
  registerEdits(program)
  registerEditor(program)
  return program
}

const exitCodeOf = (error: unknown, io: CliIo): number => {
  if (error instanceof CommanderError) {
    // Commander has already printed its one-line message (or the help / version).
    return error.exitCode === 0 ? 0 : 2
  }
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof UsageError) {
    io.stderr(`error: ${message}\n`)
    return 2
  }
  io.stderr(`error: internal failure: ${message.split("\n")[0]}\n`)
  if (io.env.COLORDAY_DEBUG && error instanceof Error) io.stderr(`${error.stack}\n`)
  return 1
}

/**
 * Runs one `colorday` command line (`args` without node and the script) and resolves to its exit
 * code; the runtime it opened (database connections) is disposed before. By default on the
 * process's stdout, stderr and environment; a test passes its own `io` to run the CLI in-process.
 * A fresh program per call: commander keeps the options it parsed on its commands.
 * `serve` and `editor` run until a signal and read process.env: run those as a process.
 */
export const main = (args: ReadonlyArray<string>, io: CliIo = processIo): Promise<number> =>
  withInvocation(io, async () => {
    try {
      await makeProgram(io).parseAsync([...args], { from: "user" })
    } catch (error) {
      setExitCode(exitCodeOf(error, io))
    }
  })

if (import.meta.main) process.exitCode = await main(process.argv.slice(2))
