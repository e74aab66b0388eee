import { cp, mkdtemp, readFile, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import { basename, join, resolve } from "node:path"
import type { Command } from "commander"
import { createTwoFilesPatch } from "diff"
import { Cause, Effect, Exit, Result } from "effect"
import { layerLazyTsMorphRewriter } from "../adapters/source/lazy-rewriter.ts"
import { planReplay, replayLedger, type ReplayResult } from "../domain/editing/replay-ledger.ts"
import { type MutationResult, SourceRewriter } from "../domain/editing/source-rewriter.port.ts"
import type { JsonOption } from "./options.ts"
import { print, printError, setExitCode, UsageError } from "./run.ts"

/**
 * `colorday edits`: the visual editor's changes without a browser. `replay` applies a recorded
 * change ledger to a source tree through the same rewriter as the /canvases API; `undo` and
 * `redo` walk the tree's history (<root>/.colorday/history), as the editor's undo and redo do.
 * No database is involved. Exit codes as everywhere: 0 done, 1 a refusal, 2 bad usage.
 */

interface RootOptions extends JsonOption {
  readonly root: string
}

interface ReplayOptions extends RootOptions {
  readonly dryRun?: boolean
}

/** Folders a trial copy leaves out: dependencies, build output, version control. */
const NOT_COPIED = new Set(["node_modules", "dist", ".git"])

/** A refusal, as every command reports one: one line on stderr (and the JSON error), exit 1. */
const refuse = (error: { readonly code: string; readonly message: string }, json: boolean) => {
  if (json) print(JSON.stringify({ error: { code: error.code, message: error.message } }, null, 2))
  printError(`error: ${error.message} (${error.code})`)
  setExitCode(1)
}

const isRefusal = (error: unknown): error is { readonly code: string; readonly message: string } =>
  typeof error === "object" &&
  error !== null &&
  "code" in error &&
  typeof error.code === "string" &&
  "message" in error

/** Runs an effect on the rewriter: its value, or undefined once a refusal has been reported. */
const run = async <A, E>(
  effect: Effect.Effect<A, E, SourceRewriter>,
  json: boolean,
): Promise<A | undefined> => {
  const exit = await Effect.runPromiseExit(effect.pipe(Effect.provide(layerLazyTsMorphRewriter)))
  if (Exit.isSuccess(exit)) return exit.value
  const failure = exit.cause.reasons.find(Cause.isFailReason)
  if (failure && isRefusal(failure.error)) {
    refuse(failure.error, json)
    return undefined
  }
  throw new Error(Cause.pretty(exit.cause))
}

/** The canvas root an option names: an existing folder, as an absolute path. */
const rootOf = async (option: string) => {
  const root = resolve(option)
  const found = await stat(root).catch(() => null)
  if (!found?.isDirectory()) throw new UsageError(`--root ${option} is not a folder`)
  return root
}

const changedLines = (verb: string, result: Pick<MutationResult, "changedFiles">) =>
  result.changedFiles.length === 0
    ? `${verb} nothing: no file changed`
    : [`${verb}:`, ...result.changedFiles.map((file) => `  ${file.path}`)].join("\n")

const replay = async (ledgerFile: string, options: ReplayOptions) => {
  const json = options.json === true
  const root = await rootOf(options.root)
  const text = await readFile(ledgerFile, "utf8").catch(() => {
    throw new UsageError(`cannot read the ledger ${ledgerFile}`)
  })
  let ledger: unknown
  try {
    ledger = JSON.parse(text)
  } catch {
    refuse({ code: "INVALID_LEDGER", message: `The ledger ${ledgerFile} is not JSON` }, json)
    return
  }
  const plan = planReplay(ledger)
  if (Result.isFailure(plan)) {
    refuse(plan.failure, json)
    return
  }

  // A trial on a copy first: an item the rewriter refuses halfway leaves the tree untouched.
  const trial = join(await mkdtemp(join(tmpdir(), "colorday-replay-")), basename(root))
  try {
    await cp(root, trial, {
      recursive: true,
      filter: (source) => !NOT_COPIED.has(basename(source)),
    })
    const tried = await run(replayLedger(trial, plan.success), json)
    if (tried === undefined) return

    if (options.dryRun) {
      const diffs = await Promise.all(
        tried.changedFiles.map(async ({ path }) => {
          const before = await readFile(join(root, path), "utf8").catch(() => "")
          const after = await readFile(join(trial, path), "utf8")
          return createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after)
        }),
      )
      if (json) print(JSON.stringify({ ...summary(tried), diff: diffs.join("") }, null, 2))
      else print(`${diffs.join("")}${skippedLines(tried)}`)
      return
    }

    const replayed = await run(replayLedger(root, plan.success), json)
    if (replayed === undefined) return
    print(
      json
        ? JSON.stringify(summary(replayed), null, 2)
        : `${changedLines(`replayed ${replayed.applied} change(s); changed`, replayed)}${skippedLines(replayed)}`,
    )
  } finally {
    await rm(join(trial, ".."), { recursive: true, force: true })
  }
}

const summary = (result: ReplayResult) => ({
  applied: result.applied,
  skipped: result.skipped,
  changedFiles: result.changedFiles,
})

const skippedLines = (result: ReplayResult) =>
  result.skipped
    .map((item) => `\nskipped item ${item.index} (${item.type} ${item.changeId}): ${item.reason}`)
    .join("")

const revert = async (action: "undo" | "redo", options: RootOptions) => {
  const json = options.json === true
  const root = await rootOf(options.root)
  const result = await run(
    Effect.gen(function* () {
      const rewriter = yield* SourceRewriter
      return yield* action === "undo"
        ? rewriter.undoChangeToFiles(root)
        : rewriter.redoChangeToFiles(root)
    }),
    json,
  )
  if (result === undefined) return
  print(
    json
      ? JSON.stringify(result, null, 2)
      : changedLines(action === "undo" ? "undid" : "redid", result),
  )
}

export const registerEdits = (program: Command): void => {
  const edits = program
    .command("edits")
    .description("the visual editor's changes to a source tree: replay a ledger, undo, redo")

  edits
    .command("replay")
    .description(
      "applies a recorded change ledger (a JSON list of change items) to the app at --root; a bad item is reported by its index and nothing is written",
    )
    .argument("<ledger>", "the ledger file (JSON)")
    .requiredOption("--root <dir>", "the app's root folder")
    .option("--dry-run", "print the changes as a unified diff and write nothing")
    .option("--json", "print JSON")
    .action(async (ledger: string, options: ReplayOptions) => {
      await replay(ledger, options)
    })

  for (const action of ["undo", "redo"] as const) {
    edits
      .command(action)
      .description(
        action === "undo"
          ? "undoes the latest change to the app's files (the history in <root>/.colorday/history)"
          : "redoes the latest undone change",
      )
      .requiredOption("--root <dir>", "the app's root folder")
      .option("--json", "print JSON")
      .action(async (options: RootOptions) => {
        await revert(action, options)
      })
  }
}
