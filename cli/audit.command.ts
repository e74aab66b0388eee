import type { Command } from "commander"
import { auditTrail } from "../domain/admin/dashboard.use-case.ts"
import { isoTime, nextPageHint, table } from "./format.ts"
import { type JsonOption, limitArgument, outputOf } from "./options.ts"
import { runCommand } from "./run.ts"

interface AuditOptions extends JsonOption {
  readonly action?: string
  readonly target?: string
  readonly cursor?: string
  readonly limit?: number
}

/** `colorday audit`: the audit log, newest first, as admins see it on the dashboard. */
export const registerAudit = (program: Command): void => {
  program
    .command("audit")
    .description("lists the audit log, newest first: who (an admin, or the CLI) did what to what")
    .option("--action <prefix>", "only actions starting with this, e.g. contest. or entry.hide")
    .option("--target <id>", "only actions on this contest, entry, member or message")
    .option("--cursor <cursor>", "the page after this cursor")
    .option("--limit <n>", "rows per page (at most 100)", limitArgument)
    .option("--json", "print the result as JSON")
    .action(async (options: AuditOptions) => {
      await runCommand(
        auditTrail({
          filter: { actionPrefix: options.action, targetId: options.target },
          cursor: options.cursor,
          limit: options.limit,
        }),
        outputOf(options),
        (page) =>
          table(
            ["WHEN", "WHO", "ACTION", "TARGET"],
            page.items.map(({ record, actor }) => [
              isoTime(record.at),
              record.actorId === null ? "operator (CLI)" : (actor?.username ?? record.actorId),
              record.action,
              `${record.targetType} ${record.targetId}`,
            ]),
            "the audit log is empty",
          ) + nextPageHint(page.nextCursor),
      )
    })
}
