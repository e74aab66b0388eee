import { AsyncLocalStorage } from "node:async_hooks"
import { Cause, Effect, Exit, type Layer, ManagedRuntime } from "effect"
import type { DomainError } from "../domain/shared/domain-error.ts"
// Type-only: erased at run time, so the adapters still load lazily, on the first command that runs.
import type { makeAppLayer } from "./app.layer.ts"

/**
 * How every command runs a use case: on its invocation's one ManagedRuntime, printing the result
 * (or `--json`), and turning failures into one line and an exit code — never a stack trace.
 *
 * Exit codes: 0 success, 1 a domain refusal (or an internal failure), 2 bad usage.
 *
 * One invocation is one `colorday …` command line (see `main` in main.ts): its output streams, its
 * environment, its exit code and its runtime (built on the first command that needs it, disposed
 * when the command line is done). The process's own invocation writes to stdout and stderr and
 * reads process.env; a test runs the CLI in-process with writers and an environment of its own.
 */

/** A bad argument found by a command itself (a malformed date, a missing file). Exit 2. */
export class UsageError extends Error {
  override readonly name = "UsageError"
}

export interface Output {
  readonly json: boolean
}

/** Where one invocation writes, and the environment that configures it. */
export interface CliIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  /** Progress lines are drawn on a terminal only. */
  readonly stderrIsTTY: boolean
  /** DATA_DIR, DATABASE_URL, SMTP_URL, … (see app.layer.ts), COLORDAY_DEBUG. */
  readonly env: NodeJS.ProcessEnv
}

/** The process's own streams and environment: `node cli/main.ts …`. */
export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  get stderrIsTTY() {
    return process.stderr.isTTY === true
  },
  env: process.env,
}

/** The services every command may use: built once per invocation at the composition root. */
export type AppServices = Layer.Success<ReturnType<typeof makeAppLayer>>

interface Invocation {
  readonly io: CliIo
  exitCode: number
  runtime: ManagedRuntime.ManagedRuntime<AppServices, unknown> | undefined
}

const invocations = new AsyncLocalStorage<Invocation>()

/** Outside `withInvocation` (a command action called directly), the process's own. */
const processInvocation: Invocation = {
  io: processIo,
  get exitCode() {
    return Number(process.exitCode ?? 0)
  },
  set exitCode(code: number) {
    process.exitCode = code
  },
  runtime: undefined,
}

const current = (): Invocation => invocations.getStore() ?? processInvocation

/** The current invocation's streams and environment. */
export const cliIo = (): CliIo => current().io

/** Prints a command's output on the invocation's stdout, ending it with a newline. */
export const print = (text: string): void => {
  if (text.length > 0) cliIo().stdout(text.endsWith("\n") ? text : `${text}\n`)
}

/** One line on the invocation's stderr. */
export const printError = (line: string): void => cliIo().stderr(`${line}\n`)

/** Sets the invocation's exit code (the process's, for `node cli/main.ts`). */
export const setExitCode = (code: number): void => {
  current().exitCode = code
}

const appRuntime = async (invocation: Invocation) => {
  if (!invocation.runtime) {
    const [{ appConfigFromEnv, makeAppLayer }, { canvasesFromEnv }] = await Promise.all([
      import("./app.layer.ts"),
      import("../adapters/source/canvas-registry.ts"),
    ])
    const io = invocation.io
    const config = appConfigFromEnv({}, io.env)
    invocation.runtime = ManagedRuntime.make(
      makeAppLayer({
        ...config,
        canvases: canvasesFromEnv(io.env),
        // The sender's one line per mail goes to this invocation's stderr; a command delivers
        // what it queued once, as it closes (no polling: it is not a server).
        mail: config.mail && {
          ...config.mail,
          log: (line) => io.stderr(`${line}\n`),
          pollIntervalMs: 0,
        },
      }),
    )
  }
  return invocation.runtime
}

/**
 * Runs one command line's `body` as an invocation with these streams and environment, then frees
 * its runtime (database connections). Resolves to the exit code; never sets the process's.
 */
export const withInvocation = async (io: CliIo, body: () => Promise<void>): Promise<number> => {
  const invocation: Invocation = { io, exitCode: 0, runtime: undefined }
  await invocations.run(invocation, async () => {
    try {
      await body()
    } finally {
      try {
        await invocation.runtime?.dispose()
      } catch (error) {
        io.stderr(`error: internal failure while closing: ${String(error)}\n`)
        invocation.exitCode ||= 1
      } finally {
        invocation.runtime = undefined
      }
    }
  })
  return invocation.exitCode
}

const isDomainError = (error: unknown): error is DomainError =>
  typeof error === "object" &&
  error !== null &&
  "_tag" in error &&
  "code" in error &&
  typeof (error as { code: unknown }).code === "string"

/** Prints `value` as JSON or through `render`, and sets the exit code from the outcome. */
export const runCommand = async <A, E>(
  effect: Effect.Effect<A, E, AppServices>,
  output: Output,
  render: (value: A) => string,
): Promise<void> => {
  const invocation = current()
  const exit = await (await appRuntime(invocation)).runPromiseExit(effect)
  if (Exit.isSuccess(exit)) {
    print(output.json ? JSON.stringify(exit.value, null, 2) : render(exit.value))
    return
  }
  const failure = exit.cause.reasons.find(Cause.isFailReason)
  if (failure && isDomainError(failure.error)) {
    const error = failure.error
    if (output.json) {
      print(JSON.stringify({ error: { code: error.code, message: error.message } }, null, 2))
    }
    printError(`error: ${error.message} (${error.code})`)
    setExitCode(1)
    return
  }
  const usage = exit.cause.reasons
    .map((reason) => (Cause.isDieReason(reason) ? reason.defect : undefined))
    .find((defect) => defect instanceof UsageError)
  if (usage) {
    printError(`error: ${usage.message}`)
    setExitCode(2)
    return
  }
  if (/no such table|ER_NO_SUCH_TABLE|doesn't exist/i.test(Cause.pretty(exit.cause))) {
    printError("error: the database has no tables yet: run `colorday db migrate` first")
    setExitCode(1)
    return
  }
  printError(`error: internal failure: ${Cause.pretty(exit.cause).split("\n")[0]}`)
  if (invocation.io.env.COLORDAY_DEBUG) printError(Cause.pretty(exit.cause))
  setExitCode(1)
}

/** Runs an effect for a command whose arguments failed a check: exit 2 with the message. */
export const usage = (message: string) => Effect.die(new UsageError(message))
