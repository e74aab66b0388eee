import type { Command } from "commander"
import { Effect } from "effect"
import { deliveryState, type OutboxMail, OutboxRepository } from "../adapters/mail/outbox.ts"
import { MAX_PAGE_SIZE } from "../domain/shared/paging.ts"
import { isoTime, table } from "./format.ts"
import { type JsonOption, limitArgument, outputOf } from "./options.ts"
import { runCommand } from "./run.ts"

interface OutboxOptions extends JsonOption {
  readonly limit?: number
}

const DEFAULT_LIMIT = 20

/** The first http(s) link of a mail's text: what a developer wants to click. */
const firstLink = (text: string): string => /https?:\/\/\S+/.exec(text)?.[0] ?? ""

/** "sent", "queued", "retrying (3 attempts)" or "failed: <the relay's last answer>". */
const stateOf = (mail: OutboxMail): string => {
  const state = deliveryState(mail)
  if (state === "failed") return `failed: ${mail.lastError ?? "unknown"}`
  if (state === "queued" && mail.attempts > 0) return `retrying (${mail.attempts} attempts)`
  return state
}

export const registerMail = (program: Command): void => {
  const mail = program
    .command("mail")
    .description("the mail outbox: every mail, queued with its change and delivered with retries")

  mail
    .command("outbox")
    .description("lists the newest mails in the outbox, with their state and links")
    .option(
      "--limit <n>",
      `mails to list (default ${DEFAULT_LIMIT}, at most ${MAX_PAGE_SIZE})`,
      limitArgument,
    )
    .option("--json", "print the mails as JSON, bodies included")
    .action(async (options: OutboxOptions) => {
      const limit = Math.min(options.limit ?? DEFAULT_LIMIT, MAX_PAGE_SIZE)
      await runCommand(
        Effect.gen(function* () {
          const outbox = yield* OutboxRepository
          return yield* outbox.latest(limit)
        }),
        outputOf(options),
        (mails) =>
          table(
            ["QUEUED", "STATE", "TO", "SUBJECT", "LINK"],
            mails.map((mail) => [
              isoTime(mail.createdAt),
              stateOf(mail),
              mail.to,
              mail.subject,
              mail.link ?? firstLink(mail.text),
            ]),
            "the outbox is empty",
          ),
      )
    })
}
