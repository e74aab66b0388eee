import type { Command } from "commander"
import { Effect } from "effect"
import type { Member } from "../domain/accounts/member.entity.ts"
import { listMembers, memberByEmail } from "../domain/accounts/member-admin.use-case.ts"
import { awardBadges } from "../domain/badges/award-badges.use-case.ts"
import { BADGES, type BadgeGrant } from "../domain/badges/badges.ts"
import { MAX_PAGE_SIZE } from "../domain/shared/paging.ts"
import { isoTime, table } from "./format.ts"
import { type JsonOption, outputOf } from "./options.ts"
import { runCommand } from "./run.ts"

interface AwardOptions extends JsonOption {
  readonly user?: string
}

/** A line on stderr rewritten in place; only on a terminal, so logs and pipes stay clean. */
const progress = (text: string) =>
  Effect.sync(() => {
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${text}`)
  })

const clearProgress = Effect.sync(() => {
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[2K")
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

/** Every member, a page at a time, so the backfill can show how far it has got. */
const awardEveryone = Effect.gen(function* () {
  const granted: Array<ReturnType<typeof named>[number]> = []
  let cursor: string | null = null
  let visited = 0
  do {
    const page: Effect.Success<ReturnType<typeof listMembers>> = yield* listMembers({
      cursor,
      limit: MAX_PAGE_SIZE,
    })
    const grants = yield* awardBadges({ memberIds: page.items.map((member) => member.id) })
    granted.push(...named(grants, page.items))
    visited += page.items.length
    yield* progress(`awarding badges: ${visited} members checked, ${granted.length} granted`)
    cursor = page.nextCursor
  } while (cursor !== null)
  return granted
}).pipe(Effect.ensuring(clearProgress))

export const registerBadges = (program: Command): void => {
  const badges = program.command("badges").description("badge backfill")

  badges
    .command("award")
    .description("grants every badge members have earned and not hold yet (safe to rerun)")
    .option("--user <email>", "only this member")
    .option("--json", "print the result as JSON")
    .action(async (options: AwardOptions) => {
      const email = options.user
      await runCommand(
        email === undefined
          ? awardEveryone
          : Effect.gen(function* () {
              const member = yield* memberByEmail(email)
              return named(yield* awardBadges({ memberIds: [member.id] }), [member])
            }),
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
