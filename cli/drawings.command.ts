import type { Command } from "commander"
import { Clock, Effect } from "effect"
import { formatCents } from "../domain/plans/plans.ts"
import { isMonth, monthOf } from "../domain/drawings/drawing.entity.ts"
import {
  commitMonth,
  drawMonth,
  listDrawings,
  publicDrawing,
  verifyMonth,
} from "../domain/drawings/drawings.use-case.ts"
import { isoTime, table } from "./format.ts"
import { type JsonOption, outputOf } from "./options.ts"
import { printError, runCommand, setExitCode, usage } from "./run.ts"

/** A MONTH argument, checked before anything runs (exit 2 when malformed). */
const monthArgument = (month: string) =>
  isMonth(month)
    ? Effect.succeed(month)
    : usage(`MONTH must be written YYYY-MM (e.g. 2026-11), got "${month}"`)

const drawingRow = (drawing: ReturnType<typeof publicDrawing>) => [
  drawing.month,
  drawing.planName,
  formatCents(drawing.prizeCents),
  drawing.status,
  drawing.entrants === null ? "-" : String(drawing.entrants.length),
  drawing.winnerName ?? drawing.winnerId ?? "-",
  drawing.commitment,
]

const HEADERS = ["MONTH", "PLAN", "PRIZE", "STATUS", "ENTRANTS", "WINNER", "COMMITMENT"]

export const registerDrawings = (program: Command): void => {
  const drawings = program
    .command("drawings")
    .description("monthly drawings: commit the seed, draw after the month, verify a draw")

  drawings
    .command("commit")
    .description(
      "commits MONTH's drawings (default: this month): a secret seed, its SHA-256 published",
    )
    .argument("[month]", "YYYY-MM (UTC)")
    .option("--json", "print the result as JSON")
    .action(async (month: string | undefined, options: JsonOption) => {
      await runCommand(
        Effect.gen(function* () {
          const chosen = month ?? monthOf(yield* Clock.currentTimeMillis)
          const committed = yield* commitMonth(yield* monthArgument(chosen))
          return committed.map((drawing) => publicDrawing(drawing, null))
        }),
        outputOf(options),
        (committed) => table(HEADERS, committed.map(drawingRow), "no drawing committed"),
      )
    })

  drawings
    .command("draw")
    .description("draws MONTH's committed drawings once the month has ended (safe to rerun)")
    .argument("<month>", "YYYY-MM (UTC)")
    .option("--json", "print the result as JSON")
    .action(async (month: string, options: JsonOption) => {
      await runCommand(
        Effect.gen(function* () {
          const results = yield* drawMonth(yield* monthArgument(month))
          const shown = yield* listDrawings()
          return results.map(({ drawing, drawnNow }) => ({
            drawnNow,
            drawing: shown.find((d) => d.id === drawing.id) ?? publicDrawing(drawing, null),
          }))
        }),
        outputOf(options),
        (results) =>
          table(
            [...HEADERS.slice(0, 6), "DRAWN NOW"],
            results.map((r) => [...drawingRow(r.drawing).slice(0, 6), r.drawnNow ? "yes" : "no"]),
            "no drawing to draw",
          ),
      )
    })

  drawings
    .command("verify")
    .description(
      "re-derives MONTH's winners from the published seed and entrant list; exit 1 naming what does not match",
    )
    .argument("<month>", "YYYY-MM (UTC)")
    .option("--json", "print the result as JSON")
    .action(async (month: string, options: JsonOption) => {
      let failures: Array<string> = []
      await runCommand(
        Effect.gen(function* () {
          const checks = yield* verifyMonth(yield* monthArgument(month))
          const results = checks.map(({ drawing, verification }) => ({
            month: drawing.month,
            tier: drawing.tier,
            commitment: drawing.commitment,
            seed: drawing.seed,
            listHash: drawing.listHash,
            entrants: drawing.entrants?.length ?? 0,
            winnerId: drawing.winnerId,
            ok: verification.ok,
            failed: verification.ok ? null : verification.failed,
            message: verification.ok ? null : verification.message,
          }))
          failures = results.flatMap((r) =>
            r.ok ? [] : [`${r.month} ${r.tier}: ${r.failed} does not match: ${r.message}`],
          )
          return results
        }),
        outputOf(options),
        (results) =>
          table(
            ["MONTH", "TIER", "ENTRANTS", "WINNER", "CHECK"],
            results.map((r) => [
              r.month,
              r.tier,
              String(r.entrants),
              r.winnerId ?? "-",
              r.ok ? "ok" : `FAILED (${r.failed})`,
            ]),
            "nothing to verify",
          ),
      )
      if (failures.length > 0) {
        printError(`error: ${failures.join("; ")}`)
        setExitCode(1)
      }
    })

  drawings
    .command("list")
    .description("every drawing, newest month first, with its commitment and (once drawn) winner")
    .option("--json", "print the result as JSON")
    .action(async (options: JsonOption) => {
      await runCommand(listDrawings(), outputOf(options), (all) =>
        table(
          [...HEADERS, "DRAWN"],
          all.map((drawing) => [...drawingRow(drawing), isoTime(drawing.drawnAt)]),
          "no drawings yet: `colorday drawings commit` commits this month's",
        ),
      )
    })
}
