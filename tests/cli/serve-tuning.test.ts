import { type ChildProcess, spawn } from "node:child_process"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { missingTuning, SERVE_TUNING } from "../../cli/serve.command.ts"
import { freePort, waitForListening } from "../e2e/support/site.ts"
import { NODE, REPO } from "./support/run-cli.ts"

/**
 * `colorday serve` runs with the allocator's and V8's settings that keep its memory low while
 * uploads arrive (issue 20), unless the operator set them: the process restarts itself with the
 * missing ones, keeping its process id.
 */

describe("what serve adds to its process", () => {
  it("adds only what is missing, whether a flag came as an argument or in NODE_OPTIONS", () => {
    expect(missingTuning({}, [])).toEqual({
      env: SERVE_TUNING.env,
      execArgv: SERVE_TUNING.execArgv,
    })
    expect(missingTuning({ MALLOC_ARENA_MAX: "4" }, ["--max-semi-space-size=32"])).toEqual({
      env: { MALLOC_MMAP_THRESHOLD_: "131072" },
      execArgv: [],
    })
    expect(
      missingTuning(
        {
          MALLOC_ARENA_MAX: "1",
          MALLOC_MMAP_THRESHOLD_: "65536",
          NODE_OPTIONS: "--max_semi_space_size=4",
        },
        [],
      ),
    ).toEqual({ env: {}, execArgv: [] })
  })
})

const cmdline = async (pid: number) =>
  (await readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0").filter(Boolean)

const environ = async (pid: number) =>
  Object.fromEntries(
    (await readFile(`/proc/${pid}/environ`, "utf8"))
      .split("\0")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  )

describe.skipIf(process.platform !== "linux")("a server started without them", () => {
  let dataDir = ""
  let child: ChildProcess | undefined

  const start = async (extra: Readonly<Record<string, string>>) => {
    dataDir = await mkdtemp(join(tmpdir(), "colorday-tuning-"))
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra }
    for (const name of [
      "DATABASE_URL",
      "PORT",
      "HOST",
      "NODE_OPTIONS",
      "MALLOC_ARENA_MAX",
      "MALLOC_MMAP_THRESHOLD_",
    ]) {
      if (!(name in extra)) delete env[name]
    }
    let output = ""
    const started = spawn(
      NODE,
      ["cli/main.ts", "serve", "--port", String(await freePort()), "--no-demo"],
      { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] },
    )
    child = started
    started.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
    started.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
    await waitForListening(started, () => output)
    return started.pid as number
  }

  afterEach(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve))
      child.kill("SIGTERM")
      await exited
    }
    child = undefined
    await rm(dataDir, { recursive: true, force: true })
  })

  it("runs with them, under the process id it was started as", async () => {
    const pid = await start({})
    expect(await cmdline(pid)).toContain("--max-semi-space-size=8")
    expect(await environ(pid)).toMatchObject({
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
    })
  })

  it("keeps the operator's own settings", async () => {
    const pid = await start({ MALLOC_ARENA_MAX: "4", NODE_OPTIONS: "--max-semi-space-size=32" })
    expect(await cmdline(pid)).not.toContain("--max-semi-space-size=8")
    expect(await environ(pid)).toMatchObject({
      MALLOC_ARENA_MAX: "4",
      MALLOC_MMAP_THRESHOLD_: "131072",
    })
  })
})
