#!/usr/bin/env node
import { Command, CommanderError } from "commander"
import packageJson from "../package.json" with { type: "json" }
import { registerAudit } from "./audit.command.ts"
import { registerBadges } from "./badges.command.ts"
import { registerContest } from "./contest.command.ts"
import { registerDb } from "./db.command.ts"
import { registerEditor } from "./editor.command.ts"
import { registerEdits } from "./edits.command.ts"
import { registerEntry } from "./entry.command.ts"
import { registerLeaderboard } from "./leaderboard.command.ts"
import { registerMail } from "./mail.command.ts"
import { registerModeration } from "./moderation.command.ts"
import { disposeRuntime, UsageError } from "./run.ts"
import { registerSeed } from "./seed.command.ts"
import { registerServe } from "./serve.command.ts"
import { registerStats } from "./stats.command.ts"
import { registerSubscriptions } from "./subscriptions.command.ts"
import { registerUser } from "./user.command.ts"

/**
 * `colorday`: the operator's CLI. Exit codes: 0 success (and --help, --version), 1 a domain
 * refusal or an internal failure, 2 bad usage. Every failure is one line on stderr.
 */
const program = new Command("colorday")
  .description("Colorday operator tools: database, contests, members, entries, votes, badges")
  .version(packageJson.version)
  // Commander throws instead of exiting, so the runtime is disposed and the exit code mapped here.
  // Set before the commands are added: subcommands copy it when they are created.
  .exitOverride()
  .showSuggestionAfterError(true)
  // One line per failure: commander puts its "(Did you mean …?)" on a line of its own.
  .configureOutput({
    outputError: (message, write) => write(`${message.trimEnd().replaceAll("\n", " ")}\n`),
  })

registerDb(program)
registerSeed(program)
registerContest(program)
registerUser(program)
registerEntry(program)
registerModeration(program)
registerLeaderboard(program)
registerBadges(program)
registerStats(program)
registerSubscriptions(program)
registerMail(program)
registerAudit(program)
registerServe(program)
registerEdits(program)
registerEditor(program)

const exitCodeOf = (error: unknown): number => {
  if (error instanceof CommanderError) {
    // Commander has already printed its one-line message (or the help / version).
    return error.exitCode === 0 ? 0 : 2
  }
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${message}\n`)
    return 2
  }
  process.stderr.write(`error: internal failure: ${message.split("\n")[0]}\n`)
  if (process.env.COLORDAY_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`)
  return 1
}

try {
  await program.parseAsync(process.argv)
} catch (error) {
  process.exitCode = exitCodeOf(error)
} finally {
  try {
    await disposeRuntime()
  } catch (error) {
    process.stderr.write(`error: internal failure while closing: ${String(error)}\n`)
    process.exitCode ||= 1
  }
}
