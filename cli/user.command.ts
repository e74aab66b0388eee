import type { Command } from "commander"
import { Effect } from "effect"
import {
  listMembers,
  makeAdmin,
  memberByEmail,
  setJudgeByEmail,
  verifyMember,
} from "../domain/accounts/member-admin.use-case.ts"
import { registerMember } from "../domain/accounts/register-member.use-case.ts"
import { resetTwoFactorAs } from "../domain/accounts/two-factor-admin.use-case.ts"
import { fields, isoTime, type MemberView, memberView, nextPageHint, table } from "./format.ts"
import { type JsonOption, limitArgument, outputOf } from "./options.ts"
import { runCommand } from "./run.ts"

interface CreateOptions extends JsonOption {
  readonly email: string
  readonly password: string
  readonly firstName: string
  readonly lastName: string
  readonly username: string
  readonly dob: string
  readonly verified?: boolean
}

interface ListOptions extends JsonOption {
  readonly cursor?: string
  readonly limit?: number
}

const memberLines = (member: MemberView): string =>
  fields([
    ["id", member.id],
    ["email", member.email],
    ["username", member.username],
    ["name", `${member.firstName} ${member.lastName}`],
    ["date of birth", member.dateOfBirth],
    ["verified", member.emailVerifiedAt === null ? "no" : isoTime(member.emailVerifiedAt)],
    ["admin", member.isAdmin ? "yes" : "no"],
    ["joined", isoTime(member.createdAt)],
  ])

export const registerUser = (program: Command): void => {
  const user = program
    .command("user")
    .description("create, list, verify and promote members, and reset their two-factor sign-in")

  user
    .command("create")
    .description("signs a member up, with the free plan")
    .requiredOption("--email <address>", "e-mail address")
    .requiredOption("--password <password>", "password, at least 8 characters")
    .requiredOption("--first-name <name>", "first name")
    .requiredOption("--last-name <name>", "last name")
    .requiredOption("--username <username>", "username shown on entries")
    .requiredOption("--dob <YYYY-MM-DD>", "date of birth (members are 18 or older)")
    .option("--verified", "mark the e-mail address as verified already")
    .option("--json", "print the result as JSON")
    .action(async (options: CreateOptions) => {
      await runCommand(
        Effect.map(
          registerMember({
            email: options.email,
            password: options.password,
            firstName: options.firstName,
            lastName: options.lastName,
            username: options.username,
            dateOfBirth: options.dob,
            verified: options.verified === true,
          }),
          memberView,
        ),
        outputOf(options),
        (member) => `created member ${member.id}\n${memberLines(member)}`,
      )
    })

  user
    .command("list")
    .description("lists members in id order")
    .option("--cursor <cursor>", "the page after this cursor")
    .option("--limit <n>", "members per page (at most 100)", limitArgument)
    .option("--json", "print the result as JSON")
    .action(async (options: ListOptions) => {
      await runCommand(
        Effect.map(listMembers({ cursor: options.cursor, limit: options.limit }), (page) => ({
          items: page.items.map(memberView),
          nextCursor: page.nextCursor,
        })),
        outputOf(options),
        (page) =>
          table(
            ["ID", "EMAIL", "USERNAME", "NAME", "VERIFIED", "ADMIN", "JOINED"],
            page.items.map((member) => [
              member.id,
              member.email,
              member.username,
              `${member.firstName} ${member.lastName}`,
              member.emailVerifiedAt === null ? "no" : "yes",
              member.isAdmin ? "yes" : "no",
              isoTime(member.createdAt),
            ]),
            "no members",
          ) + nextPageHint(page.nextCursor),
      )
    })

  user
    .command("make-admin")
    .description("gives a member the admin role")
    .argument("<email>", "the member's e-mail address")
    .option("--json", "print the result as JSON")
    .action(async (email: string, options: JsonOption) => {
      await runCommand(
        Effect.map(makeAdmin(email), memberView),
        outputOf(options),
        (member) => `${member.email} is an admin`,
      )
    })

  user
    .command("judge")
    .description(
      "gives a member the judge role (they write professional feedback on Color Champ members' entries), or takes it with --remove",
    )
    .argument("<email>", "the member's e-mail address")
    .option("--remove", "take the judge role away")
    .option("--json", "print the result as JSON")
    .action(async (email: string, options: JsonOption & { readonly remove?: boolean }) => {
      await runCommand(
        Effect.map(setJudgeByEmail(email, options.remove !== true), memberView),
        outputOf(options),
        (member) => `${member.email} ${member.isJudge ? "is a judge" : "is not a judge"}`,
      )
    })

  user
    .command("reset-2fa")
    .description(
      "turns a member's two-factor sign-in off (secret, recovery codes and waiting sign-ins removed), for a member who lost their authenticator; audited as the dashboard's reset is",
    )
    .argument("<member>", "the member's e-mail address or id")
    .option("--json", "print the result as JSON")
    .action(async (who: string, options: JsonOption) => {
      await runCommand(
        Effect.gen(function* () {
          const member = who.includes("@") ? yield* memberByEmail(who) : { id: who }
          // The same use case as DELETE /api/admin/members/:id/two-factor; the CLI is actor null.
          return memberView(yield* resetTwoFactorAs(null, member.id))
        }),
        outputOf(options),
        (member) =>
          `${member.email}: two-factor sign-in is off; they sign in with their password alone until they turn it on again`,
      )
    })

  user
    .command("verify")
    .description("marks a member's e-mail address as verified")
    .argument("<email>", "the member's e-mail address")
    .option("--json", "print the result as JSON")
    .action(async (email: string, options: JsonOption) => {
      await runCommand(
        Effect.map(verifyMember(email), memberView),
        outputOf(options),
        (member) => `${member.email} is verified (since ${isoTime(member.emailVerifiedAt)})`,
      )
    })
}
