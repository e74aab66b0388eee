import { type ChildProcess, spawn } from "node:child_process"
import { readdir, readFile } from "node:fs/promises"
import { createServer } from "node:net"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * `colorday editor` as a process, for the editor journey and the editor bench: a fresh copy of
 * the sample app, its Vite dev server with our plugin and the frame, the Colorday server with the
 * canvas and a token, and the one URL it prints.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const CLI = join(ROOT, "cli", "main.ts")
const STARTUP_MS = 120_000

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

/** Every file of the app as it is on disk (its history and node_modules left out). */
export const filesOf = async (root: string): Promise<Map<string, string>> => {
  const files = new Map<string, string>()
  const entries = await readdir(root, { withFileTypes: true, recursive: true })
  for (const entry of entries) {
    const path = relative(root, join(entry.parentPath, entry.name))
    if (!entry.isFile() || /^(node_modules|\.colorday)(\/|$)/.test(path)) continue
    files.set(path, await readFile(join(root, path), "utf8"))
  }
  return files
}

export interface EditorProcess {
  readonly child: ChildProcess
  readonly url: string
  readonly root: string
  readonly log: () => string
}

export const startEditor = async (): Promise<EditorProcess> => {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ["DATABASE_URL", "DATA_DIR", "PORT", "COLORDAY_VITE_PLUGIN"]) delete env[name]
  const child = spawn(process.execPath, [CLI, "editor", "--port", String(port)], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stdout = ""
  let stderr = ""
  child.stdout.setEncoding("utf8")
  child.stderr.setEncoding("utf8")
  child.stdout.on("data", (chunk: string) => (stdout += chunk))
  child.stderr.on("data", (chunk: string) => (stderr += chunk))
  const log = () => `${stdout}\n${stderr}`
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`colorday editor printed no URL in time:\n${log()}`)),
      STARTUP_MS,
    )
    child.stdout.on("data", () => {
      const found = /^(http:\/\/\S+\/editor\/\S+)$/m.exec(stdout)
      if (found?.[1]) {
        clearTimeout(timer)
        resolve(found[1])
      }
    })
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`colorday editor exited (${String(code)}) before printing a URL:\n${log()}`))
    })
  })
  const root = /^canvas sample: (\S+)/m.exec(stderr)?.[1]
  if (!root) throw new Error(`colorday editor did not say which copy it edits:\n${log()}`)
  return { child, url, root, log }
}
