import { type Command, Option } from "commander"
import { type Period, PERIODS } from "../domain/shared/calendar.ts"
import { leaderboard } from "../domain/ranking/leaderboard.use-case.ts"
import { isoTime, table } from "./format.ts"
import { type JsonOption, limitArgument, localTimeZone, outputOf } from "./options.ts"
import { runCommand } from "./run.ts"

interface LeaderboardOptions extends JsonOption {
  readonly period: Period
  readonly tz?: string
  readonly limit?: number
}

export const registerLeaderboard = (program: Command): void => {
  program
    .command("leaderboard")
    .description("entries ranked by weighted votes in a period, ties to the earlier entry")
    .addOption(
      new Option("--period <period>", "today, this week (from Sunday), this month or all time")
        .choices(PERIODS)
        .default("all"),
    )
    .option("--tz <zone>", "IANA time zone the period starts in (default: this machine's)")
    .option("--limit <n>", "rows (at most 100)", limitArgument)
    .option("--json", "print the result as JSON")
    .action(async (options: LeaderboardOptions) => {
      await runCommand(
        leaderboard({
          period: options.period,
          timeZone: options.tz ?? localTimeZone(),
          limit: options.limit,
        }),
        outputOf(options),
        (board) =>
          table(
            ["RANK", "ARTIST", "SCORE", "VOTES", "ENTRY", "ENTERED"],
            board.rows.map((row) => [
              row.rank,
              row.artistName,
              row.score,
              row.rawVotes,
              row.entryId,
              isoTime(row.date),
            ]),
            `no entries ranked for ${board.period === "all" ? "all time" : board.period}`,
          ),
      )
    })
}
