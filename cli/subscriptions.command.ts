import type { Command } from "commander"
import { renewSubscriptions } from "../domain/plans/renew-subscriptions.use-case.ts"
import { isoTime } from "./format.ts"
import { type JsonOption, outputOf } from "./options.ts"
import { runCommand } from "./run.ts"

/**
 * `colorday subscriptions renew`: the monthly renewal on the 1st (UTC) for every subscription
 * due, the same renewal a member's first visit of the month makes. Safe to rerun: a subscription
 * renews once per month whoever gets there first.
 */
export const registerSubscriptions = (program: Command): void => {
  const subscriptions = program.command("subscriptions").description("members' plans and credits")

  subscriptions
    .command("renew")
    .description(
      "renews every subscription due (credits back to the plan's monthly allowance); safe to rerun",
    )
    .option("--json", "print the result as JSON")
    .action(async (options: JsonOption) => {
      await runCommand(renewSubscriptions(), outputOf(options), ({ renewed, at }) =>
        renewed === 0
          ? `no subscription was due for renewal at ${isoTime(at)}`
          : `renewed ${renewed} subscription${renewed === 1 ? "" : "s"} at ${isoTime(at)}`,
      )
    })
}
