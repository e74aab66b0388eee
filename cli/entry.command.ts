import type { Command } from "commander"
import { Effect } from "effect"
import { memberByEmail } from "../domain/accounts/member-admin.use-case.ts"
import { showContest } from "../domain/contests/contest-listing.use-case.ts"
import { creditsLeft } from "../domain/plans/quota.ts"
import { ImageStore } from "../domain/submissions/image-store.port.ts"
import { submitEntry } from "../domain/submissions/submit-entry.use-case.ts"
import { castVote } from "../domain/voting/cast-vote.use-case.ts"
import { type JsonOption, outputOf, readFileArgument } from "./options.ts"
import { runCommand } from "./run.ts"

interface SubmitOptions extends JsonOption {
  readonly user: string
  readonly contest: string
  readonly image: string
}

interface VoteOptions extends JsonOption {
  readonly user: string
  readonly entry: string
}

export const registerEntry = (program: Command): void => {
  program
    .command("submit")
    .description("enters a member's photo into an open contest (spends one credit)")
    .requiredOption("--user <email>", "the member's e-mail address")
    .requiredOption("--contest <id>", "the contest's id")
    .requiredOption("--image <file>", "the photo (JPEG, PNG, WebP or AVIF)")
    .option("--json", "print the result as JSON")
    .action(async (options: SubmitOptions) => {
      await runCommand(
        Effect.gen(function* () {
          const bytes = yield* readFileArgument(options.image)
          const member = yield* memberByEmail(options.user)
          // An unknown contest is refused before the image is stored.
          const contest = yield* showContest(options.contest)
          const image = yield* (yield* ImageStore).store(bytes, "entry")
          return yield* submitEntry({
            memberId: member.id,
            contestId: contest.id,
            image: image.key,
          })
        }),
        outputOf(options),
        ({ entry, subscription }) => {
          const left = creditsLeft(subscription)
          return `entered ${entry.id} in contest ${entry.contestId} as ${entry.artistName}; credits left this month: ${left}`
        },
      )
    })

  program
    .command("vote")
    .description("casts a member's permanent vote for an entry")
    .requiredOption("--user <email>", "the voter's e-mail address")
    .requiredOption("--entry <id>", "the entry's id")
    .option("--json", "print the result as JSON")
    .action(async (options: VoteOptions) => {
      await runCommand(
        Effect.gen(function* () {
          const voter = yield* memberByEmail(options.user)
          return yield* castVote({ voterId: voter.id, entryId: options.entry })
        }),
        outputOf(options),
        ({ entry, weight }) =>
          `voted for ${entry.id} (weight ${weight}); it now has ${entry.voteCount} votes, score ${entry.weightedScore}`,
      )
    })
}
