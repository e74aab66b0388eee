import type { Command } from "commander"
import { Effect } from "effect"
import type { Member } from "../domain/accounts/member.entity.ts"
import { memberByEmail } from "../domain/accounts/member-admin.use-case.ts"
import { BADGES, type BadgeGrant } from "../domain/badges/badges.ts"
import { backfillBadges } from "../domain/badges/grant-badge.use-case.ts"
import type { MemberId } from "../domain/shared/ids.ts"
import { isoTime, table } from "./format.ts"
import { type JsonOption, outputOf } from "./options.ts"
import { type CliIo, cliIo, runCommand } from "./run.ts"

interface AwardOptions extends JsonOption {
  readonly user?: string
}

/** A line on stderr rewritten in place; only on a terminal, so logs and pipes stay clean. */
const progress = (io: CliIo, text: string) =>
  Effect.sync(() => {
    if (io.stderrIsTTY) io.stderr(`\r\x1b[2K${text}`)
  })

const clearProgress = (io: CliIo) =>
  Effect.sync(() => {
    if (io.stderrIsTTY) io.stderr("\r\x1b[2K")
  })

const named = (grants: ReadonlyArray<BadgeGrant>, members: ReadonlyArray<Member>) => {
  const emails = new Map(members.map((member) => [member.id, member.email]))
  return grants.map((grant) => ({
    memberId: grant.memberId,
    email: emails.get(grant.memberId) ?? null,
    badgeId: grant.badgeId,
    badge: BADGES[grant.badgeId].name,
    earnedAt: grant.earnedAt,
  }))
}

/**
 * The backfill as the operator (audited as the CLI, one row per page that granted something),
 * over every member or only one; every member's run shows how far it has got.
 */
const award = (io: CliIo, memberId?: MemberId) =>
  Effect.gen(function* () {
    const granted: Array<ReturnType<typeof named>[number]> = []
    yield* backfillBadges(
      null,
      (done, total, page) =>
        Effect.gen(function* () {
          granted.push(...named(page.grants, page.members))
          if (memberId === undefined) {
            yield* progress(
              io,
              `awarding badges: ${done} of ${total} members checked, ${granted.length} granted`,
            )
          }
        }),
      { memberId },
    )
    return granted
  }).pipe(Effect.ensuring(clearProgress(io)))

export const registerBadges = (program: Command): void => {
  const badges = program.command("badges").description("badge backfill")

  badges
    .command("award")
    .description("grants every badge members have earned and not hold yet (safe to rerun)")
    .option("--user <email>", "only this member")
    .option("--json", "print the result as JSON")
    .action(async (options: AwardOptions) => {
      const email = options.user
      const io = cliIo()
      await runCommand(
        email === undefined
          ? award(io)
          : Effect.flatMap(memberByEmail(email), (member) => award(io, member.id)),
        outputOf(options),
        (granted) =>
          table(
            ["MEMBER", "BADGE", "EARNED"],
            granted.map((grant) => [
              grant.email ?? grant.memberId,
              grant.badge,
              isoTime(grant.earnedAt),
            ]),
            "no new badges: everyone already holds what they earned",
          ),
      )
    })
}
