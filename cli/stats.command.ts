import type { Command } from "commander"
import { Effect } from "effect"
import { memberByEmail } from "../domain/accounts/member-admin.use-case.ts"
import { memberStats } from "../domain/accounts/member-stats.use-case.ts"
import { fields } from "./format.ts"
import { type JsonOption, outputOf } from "./options.ts"
import { runCommand } from "./run.ts"

interface StatsOptions extends JsonOption {
  readonly user: string
}

export const registerStats = (program: Command): void => {
  program
    .command("stats")
    .description("a member's counters: entries, votes received, wins, contests entered")
    .requiredOption("--user <email>", "the member's e-mail address")
    .option("--json", "print the result as JSON")
    .action(async (options: StatsOptions) => {
      await runCommand(
        Effect.gen(function* () {
          const member = yield* memberByEmail(options.user)
          return yield* memberStats(member.id)
        }),
        outputOf(options),
        (stats) =>
          fields([
            ["entries", stats.totalSubmissions],
            ["votes received", stats.totalVotes],
            ["wins", stats.winCount],
            ["contests entered", stats.contestsParticipated],
          ]),
      )
    })
}
