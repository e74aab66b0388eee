import type { Command } from "commander"
import { Effect } from "effect"
import { loadDemoFixtures } from "./demo/demo-fixtures.ts"
import { type DemoSummary, seedDemoWorld } from "./demo/demo-world.ts"
import { fields } from "./format.ts"
import { type JsonOption, outputOf } from "./options.ts"
import { cliIo, runCommand } from "./run.ts"

interface SeedOptions extends JsonOption {
  readonly demo?: boolean
}

const logins = (summary: DemoSummary): Array<readonly [string, string]> => [
  ["admin login", `${summary.admin.email} / ${summary.admin.password}`],
  ["member login", `${summary.member.email} / ${summary.member.password}`],
]

const render = (summary: DemoSummary, seconds: number): string => {
  if (summary.status === "already-present") {
    return `demo world already present (${summary.admin.email} exists); nothing changed\n${fields(logins(summary))}`
  }
  const open = summary.contests - summary.closedContests
  return [
    `demo world created in ${seconds.toFixed(1)} s`,
    fields([
      [
        "members",
        `${summary.members} (${summary.paidMembers} on a paid plan, ${summary.avatars} with an avatar)`,
      ],
      ["payments", `${summary.payments} (checkouts and monthly renewals)`],
      [
        "contests",
        `${summary.contests} (${summary.announcedContests} closed and announced, ${open} open or scheduled)`,
      ],
      ["entries", summary.entries],
      ["votes", summary.votes],
      ["badges", summary.badges],
      ["views", summary.views],
      ["downloads", summary.downloads],
      ...logins(summary),
    ]),
  ].join("\n")
}

/** One progress line, rewritten in place, on a terminal only: logs and pipes stay clean. */
const progressLine = () => {
  const io = cliIo()
  const tty = io.stderrIsTTY
  let shown = false
  return {
    report: (message: string) => {
      if (!tty) return
      io.stderr(`\r\x1b[2Kseeding: ${message}`)
      shown = true
    },
    clear: () => {
      if (shown) io.stderr("\r\x1b[2K")
      shown = false
    },
  }
}

export const registerSeed = (program: Command): void => {
  program
    .command("seed")
    .description(
      "fills the database with the demo world: members on every plan with their monthly renewals, 14 past daily contests announced with their results, today's and tomorrow's contests, entries (colorings of each contest's own page), votes, views, downloads and badges; rerunning changes nothing",
    )
    .requiredOption("--demo", "the demo world (the only seed there is)")
    .option("--json", "print the summary as JSON")
    .action(async (options: SeedOptions) => {
      const progress = progressLine()
      const started = performance.now()
      try {
        await runCommand(
          Effect.flatMap(loadDemoFixtures(), (fixtures) =>
            seedDemoWorld(fixtures, { onProgress: progress.report }),
          ),
          outputOf(options),
          (summary) => {
            progress.clear()
            return render(summary, (performance.now() - started) / 1000)
          },
        )
      } finally {
        progress.clear()
      }
    })
}
