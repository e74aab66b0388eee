import { Cause, Effect, Exit, type Layer, ManagedRuntime } from "effect"
import type { DomainError } from "../domain/shared/domain-error.ts"
// Type-only: erased at run time, so the adapters still load lazily, on the first command that runs.
import type { appLayer } from "./app.layer.ts"

/**
 * How every command runs a use case: on the process's one ManagedRuntime, printing the result
 * (or `--json`), and turning failures into one line and an exit code — never a stack trace.
 *
 * Exit codes: 0 success, 1 a domain refusal (or an internal failure), 2 bad usage.
 */

/** A bad argument found by a command itself (a malformed date, a missing file). Exit 2. */
export class UsageError extends Error {
  override readonly name = "UsageError"
}

export interface Output {
  readonly json: boolean
}

/** The services every command may use: built once per process at the composition root. */
export type AppServices = Layer.Success<typeof appLayer>

let runtime: ManagedRuntime.ManagedRuntime<AppServices, unknown> | undefined

const appRuntime = async () => {
  if (!runtime) {
    const { appLayer } = await import("./app.layer.ts")
    runtime = ManagedRuntime.make(appLayer)
  }
  return runtime
}

/** Frees the runtime's resources (database connections) so the process can exit. */
export const disposeRuntime = async () => {
  if (runtime) await runtime.dispose()
  runtime = undefined
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
  const exit = await (await appRuntime()).runPromiseExit(effect)
  if (Exit.isSuccess(exit)) {
    const text = output.json ? JSON.stringify(exit.value, null, 2) : render(exit.value)
    if (text.length > 0) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`)
    return
  }
  const failure = exit.cause.reasons.find(Cause.isFailReason)
  if (failure && isDomainError(failure.error)) {
    const error = failure.error
    if (output.json) {
      process.stdout.write(
        `${JSON.stringify({ error: { code: error.code, message: error.message } }, null, 2)}\n`,
      )
    }
    process.stderr.write(`error: ${error.message} (${error.code})\n`)
    process.exitCode = 1
    return
  }
  const usage = exit.cause.reasons
    .map((reason) => (Cause.isDieReason(reason) ? reason.defect : undefined))
    .find((defect) => defect instanceof UsageError)
  if (usage) {
    process.stderr.write(`error: ${usage.message}\n`)
    process.exitCode = 2
    return
  }
  if (/no such table|ER_NO_SUCH_TABLE|doesn't exist/i.test(Cause.pretty(exit.cause))) {
    process.stderr.write("error: the database has no tables yet: run `colorday db migrate` first\n")
    process.exitCode = 1
    return
  }
  process.stderr.write(`error: internal failure: ${Cause.pretty(exit.cause).split("\n")[0]}\n`)
  if (process.env.COLORDAY_DEBUG) process.stderr.write(`${Cause.pretty(exit.cause)}\n`)
  process.exitCode = 1
}

/** Runs an effect for a command whose arguments failed a check: exit 2 with the message. */
export const usage = (message: string) => Effect.die(new UsageError(message))
