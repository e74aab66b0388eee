import type { Command } from "commander"
import {
  MODERATION_ACTIONS,
  type ModerationAction,
  moderateEntry,
} from "../domain/submissions/moderate-entry.use-case.ts"
import { type JsonOption, outputOf } from "./options.ts"
import { runCommand } from "./run.ts"

interface ModerateOptions extends JsonOption {
  readonly reason?: string
}

const DESCRIPTIONS: { readonly [A in ModerationAction]: string } = {
  hide: "hides an entry from the gallery and leaderboards, with a reason its member sees",
  disqualify: "disqualifies an entry (it cannot win), with a reason its member sees",
  restore: "shows a hidden or disqualified entry again",
}

/** `colorday entry hide|disqualify|restore <id>`: moderation by the operator (audited as the CLI). */
export const registerModeration = (program: Command): void => {
  const entry = program.command("entry").description("moderates entries")
  for (const action of MODERATION_ACTIONS) {
    const command = entry
      .command(action)
      .description(DESCRIPTIONS[action])
      .argument("<id>", "the entry's id")
      .option("--json", "print the result as JSON")
    if (action !== "restore") {
      command.requiredOption("--reason <text>", "why (3 to 500 characters; the member sees it)")
    }
    command.action(async (id: string, options: ModerateOptions) => {
      await runCommand(
        moderateEntry(null, { entryId: id, action, reason: options.reason }),
        outputOf(options),
        (moderated) =>
          `entry ${moderated.id} is ${moderated.moderation}${moderated.moderationReason ? `: ${moderated.moderationReason}` : ""}`,
      )
    })
  }
}
