import type { Command } from "commander"
import { Effect } from "effect"
import { OutboxRepository } from "../adapters/mail/outbox.ts"
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

export const registerMail = (program: Command): void => {
  const mail = program.command("mail").description("the mail outbox (mail sent without SMTP_URL)")

  mail
    .command("outbox")
    .description("lists the newest mails in the outbox, with their links")
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
            ["SENT", "TO", "SUBJECT", "LINK"],
            mails.map((mail) => [
              isoTime(mail.createdAt),
              mail.to,
              mail.subject,
              firstLink(mail.text),
            ]),
            "the outbox is empty",
          ),
      )
    })
}
