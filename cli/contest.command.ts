import type { Command } from "commander"
import { Clock, Effect } from "effect"
import { MemberRepository } from "../domain/accounts/member.port.ts"
import { closeDueContests } from "../domain/contests/close-due-contests.use-case.ts"
import type { ContestResult } from "../domain/contests/contest.entity.ts"
import {
  type ContestWithStatus,
  listContests,
  showContest,
} from "../domain/contests/contest-listing.use-case.ts"
import {
  announceContest,
  cancelContest,
  closeContestAs,
  createContestAs,
} from "../domain/contests/manage-contest.use-case.ts"
import { scheduleFromCsv } from "./schedule-csv.ts"
import { contestStatus } from "../domain/contests/contest-status.ts"
import type { MemberId } from "../domain/shared/ids.ts"
import { ImageStore } from "../domain/submissions/image-store.port.ts"
import { fields, isoTime, nextPageHint, table } from "./format.ts"
import {
  instantArgument,
  type JsonOption,
  limitArgument,
  outputOf,
  readFileArgument,
} from "./options.ts"
import { runCommand, usage } from "./run.ts"

interface CreateOptions extends JsonOption {
  readonly title: string
  readonly lineArt: string
  readonly start: number
  readonly end: number
  readonly type: string
  readonly style: string
  readonly description: string
}

interface ListOptions extends JsonOption {
  readonly cursor?: string
  readonly limit?: number
}

interface CloseOptions extends JsonOption {
  readonly due?: boolean
}

/** A contest as `show` prints it: the winners' usernames beside their ids once closed. */
interface ShownContest extends ContestWithStatus {
  readonly winner?: string | null
  readonly peoplesChoice?: string | null
}

const showLines = (contest: ShownContest): string =>
  fields([
    ["id", contest.id],
    ["title", contest.title],
    ["type", contest.contestType],
    ["style", contest.artStyle || "-"],
    ["status", contest.status],
    ["starts", isoTime(contest.startsAt)],
    ["ends", isoTime(contest.endsAt)],
    ["line art", contest.lineArt ?? "-"],
    ["description", contest.description || "-"],
    ...(contest.result ? resultLines(contest.result, contest) : []),
  ])

const resultLines = (
  result: ContestResult,
  names: Pick<ShownContest, "winner" | "peoplesChoice">,
): Array<readonly [string, string | number]> => {
  const by = (entryId: string | null, memberId: string | null, name: string | null | undefined) =>
    entryId === null ? "none (nobody voted)" : `${name ?? memberId ?? "-"} (entry ${entryId})`
  return [
    ["closed", isoTime(result.closedAt)],
    ["winner", by(result.winnerEntryId, result.winnerMemberId, names.winner)],
    ["winner score", `${result.winnerWeightedScore} (${result.winnerRawVotes} votes)`],
    [
      "people's choice",
      by(result.peoplesChoiceEntryId, result.peoplesChoiceMemberId, names.peoplesChoice),
    ],
    ["entries", result.totalEntries],
    ["votes", result.totalVotes],
  ]
}

/** Usernames of the members a closing names, for the readable output. */
const usernamesOf = (ids: ReadonlyArray<MemberId | null>) =>
  Effect.gen(function* () {
    const members = yield* MemberRepository
    const names = new Map<MemberId, string>()
    for (const id of new Set(ids)) {
      if (id === null) continue
      const member = yield* Effect.result(members.get(id))
      if (member._tag === "Success") names.set(id, member.success.username)
    }
    return names
  })

interface Closing {
  readonly contest: { readonly id: string; readonly title: string }
  readonly result: ContestResult
  readonly badges: ReadonlyArray<{ readonly memberId: MemberId; readonly badgeId: string }>
}

/** Each closing with the winners' usernames, so the operator can read who won. */
const withNames = (closings: ReadonlyArray<Closing>) =>
  Effect.gen(function* () {
    const names = yield* usernamesOf(
      closings.flatMap(({ result, badges }) => [
        result.winnerMemberId,
        result.peoplesChoiceMemberId,
        ...badges.map((grant) => grant.memberId),
      ]),
    )
    const nameOf = (id: MemberId | null) => (id === null ? null : (names.get(id) ?? id))
    return closings.map((closing) => ({
      ...closing,
      winner: nameOf(closing.result.winnerMemberId),
      peoplesChoice: nameOf(closing.result.peoplesChoiceMemberId),
      badges: closing.badges.map((grant) => ({ ...grant, username: nameOf(grant.memberId) })),
    }))
  })

type NamedClosing = Effect.Success<ReturnType<typeof withNames>>[number]

const closingLine = (closing: NamedClosing): string => {
  const { contest, result } = closing
  const winner =
    closing.winner === null
      ? "no winner (nobody voted)"
      : `winner ${closing.winner} with ${result.winnerWeightedScore} (${result.winnerRawVotes} votes)`
  const choice = closing.peoplesChoice === null ? "" : `, people's choice ${closing.peoplesChoice}`
  const badges =
    closing.badges.length === 0
      ? ""
      : `; badges: ${closing.badges.map((grant) => `${grant.username ?? grant.memberId} ${grant.badgeId}`).join(", ")}`
  return `closed ${contest.id} "${contest.title}": ${winner}${choice}, ${result.totalEntries} entries, ${result.totalVotes} votes${badges}`
}

export const registerContest = (program: Command): void => {
  const contest = program.command("contest").description("create, list, show and close contests")

  contest
    .command("create")
    .description("creates a contest with its line art; it is scheduled until its start")
    .requiredOption("--title <title>", "the contest's title")
    .requiredOption("--line-art <file>", "the line art image (JPEG, PNG, WebP or AVIF)")
    .requiredOption("--start <iso>", "start, ISO 8601 with a zone", instantArgument)
    .requiredOption("--end <iso>", "end (exclusive), ISO 8601 with a zone", instantArgument)
    .option("--type <type>", "contest type: daily, weekly, …", "daily")
    .option("--style <style>", "art style", "")
    .option("--description <text>", "description", "")
    .option("--json", "print the result as JSON")
    .action(async (options: CreateOptions) => {
      await runCommand(
        Effect.gen(function* () {
          const bytes = yield* readFileArgument(options.lineArt)
          const lineArt = yield* (yield* ImageStore).store(bytes, "line-art")
          const created = yield* createContestAs(null, {
            title: options.title,
            description: options.description,
            contestType: options.type,
            artStyle: options.style,
            startsAt: options.start,
            endsAt: options.end,
            lineArt: lineArt.key,
          })
          return { ...created, status: contestStatus(created, yield* Clock.currentTimeMillis) }
        }),
        outputOf(options),
        (created) => `created contest ${created.id}\n${showLines(created)}`,
      )
    })

  contest
    .command("list")
    .description("lists contests, newest first")
    .option("--cursor <cursor>", "the page after this cursor")
    .option("--limit <n>", "contests per page (at most 100)", limitArgument)
    .option("--json", "print the result as JSON")
    .action(async (options: ListOptions) => {
      await runCommand(
        listContests({ cursor: options.cursor, limit: options.limit }),
        outputOf(options),
        (page) =>
          table(
            ["ID", "TITLE", "TYPE", "STATUS", "STARTS", "ENDS", "WINNER ENTRY"],
            page.items.map((c) => [
              c.id,
              c.title,
              c.contestType,
              c.status,
              isoTime(c.startsAt),
              isoTime(c.endsAt),
              c.result?.winnerEntryId ?? "-",
            ]),
            "no contests",
          ) + nextPageHint(page.nextCursor),
      )
    })

  contest
    .command("show")
    .description("shows one contest, with its result once closed")
    .argument("<id>", "the contest's id")
    .option("--json", "print the result as JSON")
    .action(async (id: string, options: JsonOption) => {
      await runCommand(
        Effect.gen(function* () {
          const contest = yield* showContest(id)
          const names = yield* usernamesOf([
            contest.result?.winnerMemberId ?? null,
            contest.result?.peoplesChoiceMemberId ?? null,
          ])
          const nameOf = (memberId: MemberId | null | undefined) =>
            memberId ? (names.get(memberId) ?? null) : null
          const shown: ShownContest = {
            ...contest,
            winner: nameOf(contest.result?.winnerMemberId),
            peoplesChoice: nameOf(contest.result?.peoplesChoiceMemberId),
          }
          return shown
        }),
        outputOf(options),
        showLines,
      )
    })

  contest
    .command("schedule-csv")
    .description(
      "schedules daily contests from a CSV with the columns date,title,line_art[,description[,art_style]] (a header row; line-art paths relative to the CSV); all rows or none",
    )
    .argument("<file>", "the CSV file")
    .option("--time-zone <zone>", "the IANA zone whose midnights start and end each day", "UTC")
    .option("--json", "print the result as JSON")
    .action(async (file: string, options: JsonOption & { readonly timeZone: string }) => {
      await runCommand(scheduleFromCsv(file, options.timeZone), outputOf(options), (scheduled) =>
        [
          `scheduled ${scheduled.length} ${scheduled.length === 1 ? "contest" : "contests"}`,
          ...scheduled.map(
            (c) => `${c.id}  ${isoTime(c.startsAt)} to ${isoTime(c.endsAt)}  ${c.title}`,
          ),
        ].join("\n"),
      )
    })

  contest
    .command("cancel")
    .description("cancels a contest that has not ended")
    .argument("<id>", "the contest's id")
    .requiredOption("--reason <text>", "why (3 to 500 characters)")
    .option("--json", "print the result as JSON")
    .action(async (id: string, options: JsonOption & { readonly reason: string }) => {
      await runCommand(
        cancelContest(null, id, options.reason),
        outputOf(options),
        (c) => `cancelled ${c.id} "${c.title}"`,
      )
    })

  contest
    .command("announce")
    .description("announces a closed contest's winner: marks it announced and mails the winner")
    .argument("<id>", "the contest's id")
    .option("--json", "print the result as JSON")
    .action(async (id: string, options: JsonOption) => {
      await runCommand(
        Effect.map(announceContest(null, id), ({ contest, winner, resultsMails }) => ({
          contest,
          winner: { id: winner.id, username: winner.username, email: winner.email },
          resultsMails,
        })),
        outputOf(options),
        ({ contest, winner, resultsMails }) =>
          `announced ${contest.id} "${contest.title}": winner ${winner.username}; mail queued to ${winner.email}` +
          ` and results mail to ${resultsMails} entrants with results mail on`,
      )
    })

  contest
    .command("close")
    .description("closes an ended contest (or every due one): decides the winner, grants badges")
    .argument("[id]", "the contest's id")
    .option("--due", "close every contest that has ended and is not closed yet")
    .option("--json", "print the result as JSON")
    .action(async (id: string | undefined, options: CloseOptions) => {
      const output = outputOf(options)
      if (options.due === true) {
        const closeDue =
          id === undefined
            ? Effect.flatMap(closeDueContests(), withNames)
            : usage("give a contest id or --due, not both")
        await runCommand(closeDue, output, (closings) =>
          closings.length === 0
            ? "no contest is due for closing"
            : closings.map(closingLine).join("\n"),
        )
        return
      }
      const closeOne =
        id === undefined
          ? usage("give a contest id, or --due to close every due one")
          : Effect.flatMap(closeContestAs(null, id), (closing) => withNames([closing]))
      await runCommand(
        Effect.map(closeOne, ([closing]) => closing),
        output,
        (closing) => (closing ? closingLine(closing) : ""),
      )
    })
}
