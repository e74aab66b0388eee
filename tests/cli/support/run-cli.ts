import { execFile } from "node:child_process"
import { join, resolve } from "node:path"

/** The repository, and the Node it brings (the `node` devDependency: Node 24). */
export const REPO = resolve(import.meta.dirname, "../../..")
export const NODE = join(REPO, "node_modules/.bin/node")

export interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** `colorday ARGS` as a process that is expected to end by itself, within a minute. */
export const runCli = (args: ReadonlyArray<string>, env?: NodeJS.ProcessEnv) =>
  new Promise<Run>((done) => {
    execFile(
      NODE,
      ["cli/main.ts", ...args],
      { cwd: REPO, timeout: 60_000, ...(env ? { env } : {}) },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1
        done({ code, stdout, stderr })
      },
    )
  })

/**
 * `colorday ARGS` in this process, through the same `main` as `node cli/main.ts`: its exit code
 * and what it wrote, with `env` as its environment (DATA_DIR, DATABASE_URL, …). The runtime it
 * opens (the database's connections) is closed before it resolves. Fails if the run left the
 * process's own exit code changed: an in-process run must keep to its invocation.
 */
export const runCliInProcess = async (
  args: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Run> => {
  // Loaded on first use: a suite that only spawns the CLI does not load the program.
  const { main } = await import("../../../cli/main.ts")
  let stdout = ""
  let stderr = ""
  const exitCodeBefore = process.exitCode
  const code = await main(args, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stderrIsTTY: false,
    env,
  })
  if (process.exitCode !== exitCodeBefore) {
    throw new Error(`colorday ${args.join(" ")} set process.exitCode to ${process.exitCode}`)
  }
  return { code, stdout, stderr }
}
