import { type Command, Option } from "commander"
import { Effect } from "effect"
import {
  plannedAnnouncements,
  sendContestAnnouncements,
} from "../domain/notifications/mails/contest-announcement.use-case.ts"
import {
  isScheduledMailKind,
  SCHEDULED_MAIL_KINDS,
  type ScheduledMailKind,
} from "../domain/notifications/mails/sent-notification.port.ts"
import {
  plannedSummaries,
  sendWeeklySummaries,
} from "../domain/notifications/mails/weekly-summary.use-case.ts"
import { isoTime, table } from "./format.ts"
import { type JsonOption, outputOf } from "./options.ts"
import { runCommand, usage } from "./run.ts"

interface RunOptions extends JsonOption {
  readonly kind: string
  readonly dryRun?: boolean | undefined
}

/** One line of the dry run: who would get what. */
interface Planned {
  readonly email: string
  readonly timeZone: string
  /** The period the mail is for: the contest's id, or the member's Sunday. */
  readonly period: string
  /** What the mail would say, in short; "skipped: …" when it would not be sent. */
  readonly what: string
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

const dryRun = (kind: ScheduledMailKind) =>
  Effect.gen(function* () {
    if (kind === "contest-announcement") {
      return (yield* plannedAnnouncements()).map(({ recipient, contest }): Planned => ({
        email: recipient.member.email,
        timeZone: recipient.settings.timeZone,
        period: contest.id,
        what: `"${contest.title}", ends ${isoTime(contest.endsAt)}`,
      }))
    }
    return (yield* plannedSummaries()).map(({ recipient, summary }): Planned => {
      const what =
        summary === null
          ? "skipped: nothing to report and nothing new on the site"
          : [
              count(summary.entries.length, "entry", "entries"),
              count(summary.placements.length, "place"),
              count(summary.badges.length, "badge"),
              count(summary.winners.length, "winner"),
              summary.nextContest === null
                ? "no next contest"
                : `next: "${summary.nextContest.title}"`,
            ].join(", ")
      return {
        email: recipient.member.email,
        timeZone: recipient.settings.timeZone,
        period: summary?.sunday ?? "-",
        what,
      }
    })
  })

type RunResult =
  | { readonly kind: ScheduledMailKind; readonly planned: ReadonlyArray<Planned> }
  | { readonly kind: ScheduledMailKind; readonly sent: number; readonly skipped: number }

const send = (kind: ScheduledMailKind) =>
  kind === "contest-announcement"
    ? Effect.map(sendContestAnnouncements(), (sent) => ({ sent, skipped: 0 }))
    : sendWeeklySummaries()

/**
 * `colorday notifications run --kind KIND [--dry-run]`: the scheduled mails the server's scheduler
 * sends every minute, run now. Each goes once per member and period (the sent_notifications
 * ledger), so running it beside a server sends nothing twice; --dry-run lists who would get what.
 */
export const registerNotifications = (program: Command): void => {
  const notifications = program
    .command("notifications")
    .description("the scheduled notification mails: contest announcements, weekly summaries")

  notifications
    .command("run")
    .description(
      "queues the mails of KIND due now (each once per member and period), or lists them with --dry-run",
    )
    .addOption(
      new Option("--kind <kind>", "which mails")
        .choices(SCHEDULED_MAIL_KINDS)
        .makeOptionMandatory(),
    )
    .option("--dry-run", "list who would get what, send nothing")
    .option("--json", "print the result as JSON")
    .action(async (options: RunOptions) => {
      const kind = options.kind
      await runCommand(
        Effect.gen(function* () {
          if (!isScheduledMailKind(kind)) {
            return yield* usage(`--kind must be one of ${SCHEDULED_MAIL_KINDS.join(", ")}`)
          }
          const result: RunResult =
            options.dryRun === true
              ? { kind, planned: yield* dryRun(kind) }
              : { kind, ...(yield* send(kind)) }
          return result
        }),
        outputOf(options),
        (result) =>
          "planned" in result
            ? table(
                ["EMAIL", "TIME ZONE", "PERIOD", "WHAT"],
                result.planned.map((row) => [row.email, row.timeZone, row.period, row.what]),
                `no ${result.kind} is due now`,
              )
            : `queued ${count(result.sent, "mail")} (${result.kind})${result.skipped > 0 ? `; skipped ${result.skipped} with nothing to report` : ""}`,
      )
    })
}
