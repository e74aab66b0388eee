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
