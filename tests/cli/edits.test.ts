import { cp, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { build } from "vite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli, runCliInProcess } from "./support/run-cli.ts"

/**
 * `colorday edits`: a recorded ledger replays onto a copy of the sample app, the app still builds,
 * and undoing every change gives back the original bytes. Bad ledgers are refused by item index
 * with nothing written; a dry run prints a diff and writes nothing. The commands run in this
 * process through the CLI's own `main`; bad usage also as a real process, for its exit status.
 */

const repo = resolve(import.meta.dirname, "../..")
const LEDGER = join(repo, "fixtures/ledgers/sample-app-session.json")
const SAMPLE_APP = join(repo, "fixtures/sample-app")

const cli = (args: ReadonlyArray<string>) => runCliInProcess(args)

let app: string
/** Every file of the app as copied, by path relative to it. */
const original = new Map<string, string>()

/** The app's own files (not its links, its build output or the editor's history). */
const appFiles = async (): Promise<ReadonlyArray<string>> => {
  const entries = await readdir(app, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(app.length + 1))
    .filter((path) => !/^(dist|\.colorday|node_modules)\//.test(path))
    .sort()
}

const expectUntouched = async () => {
  expect(await appFiles()).toEqual([...original.keys()].sort())
  for (const [path, text] of original) {
    expect(await readFile(join(app, path), "utf8"), path).toBe(text)
  }
}

beforeAll(async () => {
  app = join(await mkdtemp(join(tmpdir(), "colorday-edits-")), "sample-app")
  await cp(SAMPLE_APP, app, { recursive: true, filter: (source) => !source.includes("/dist") })
  // Its packages (and the editor's plugin, named for its config) come from the repository.
  await symlink(join(repo, "node_modules"), join(app, "node_modules"), "dir")
  for (const path of await appFiles()) original.set(path, await readFile(join(app, path), "utf8"))
})

afterAll(async () => {
  await rm(join(app, ".."), { recursive: true, force: true })
})

describe("colorday edits", () => {
  it("prints the replay as a unified diff with --dry-run, and writes nothing", async () => {
    const run = await cli(["edits", "replay", LEDGER, "--root", app, "--dry-run"])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain("--- a/src/App.tsx\n+++ b/src/App.tsx\n")
    expect(run.stdout).toContain(`+          <button className="mt-2 rounded bg-indigo-600`)
    expect(run.stdout).toMatch(/skipped item 14 \(UNKNOWN /)
    await expectUntouched()
    await expect(stat(join(app, ".colorday"))).rejects.toThrow()
  })

  it("refuses a ledger with a malformed item, naming its index, and writes nothing", async () => {
    const items = JSON.parse(await readFile(LEDGER, "utf8")) as Array<Record<string, unknown>>
    const broken = items.map((item, index) =>
      index === 3 ? { ...item, changeFields: { codebaseIdToUpdateClass: "nope" } } : item,
    )
    const file = join(app, "..", "broken.json")
    await writeFile(file, JSON.stringify(broken))
    const run = await cli(["edits", "replay", file, "--root", app])
    expect(run.code).toBe(1)
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1)
    expect(run.stderr).toMatch(
      /^error: Ledger item 3: .*codebaseIdToUpdateClass.*\(INVALID_LEDGER\)/,
    )
    await expectUntouched()
  })

  it("refuses a ledger whose item the rewriter refuses, naming its index, and writes nothing", async () => {
    const items = JSON.parse(await readFile(LEDGER, "utf8")) as Array<{
      type: string
      changeFields: Record<string, unknown>
    }>
    const index = items.findIndex((item) => item.type === "EDIT_TEXT")
    const stale = items.map((item, at) =>
      at === index ? { ...item, changeFields: { ...item.changeFields, oldText: "Stale" } } : item,
    )
    const file = join(app, "..", "stale.json")
    await writeFile(file, JSON.stringify(stale))
    const run = await cli(["edits", "replay", file, "--root", app])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      new RegExp(`^error: Ledger item ${index} \\(EDIT_TEXT .*OLD_CONTENT_MISMATCH`),
    )
    await expectUntouched()
  })

  it("replays the recorded ledger, the app still builds, and undo gives back the original bytes", async () => {
    const replayed = await cli(["edits", "replay", LEDGER, "--root", app])
    expect(replayed.code, replayed.stderr).toBe(0)
    expect(replayed.stdout).toMatch(/^replayed 15 change\(s\); changed:\n {2}src\/App\.tsx\n/)
    const edited = await readFile(join(app, "src/App.tsx"), "utf8")
    expect(edited).toContain(">Start coloring</button>")
    expect(edited).toContain(`<p className="mt-2 text-xs text-slate-500">Added on the canvas</p>`)

    const previous = process.env.COLORDAY_VITE_PLUGIN
    process.env.COLORDAY_VITE_PLUGIN = join(repo, "adapters/source/vite-plugin.ts")
    try {
      await build({ root: app, configFile: join(app, "vite.config.ts"), logLevel: "silent" })
    } finally {
      if (previous === undefined) delete process.env.COLORDAY_VITE_PLUGIN
      else process.env.COLORDAY_VITE_PLUGIN = previous
    }
    const assets = await readdir(join(app, "dist/assets"))
    const script = assets.find((name) => name.endsWith(".js"))
    expect(script).toBeDefined()
    expect(await readFile(join(app, "dist/assets", script!), "utf8")).toContain("Start coloring")

    let undone = 0
    for (;;) {
      const run = await cli(["edits", "undo", "--root", app])
      if (run.code !== 0) {
        expect(run.code).toBe(1)
        expect(run.stderr).toBe("error: Nothing to undo (NOTHING_TO_REVERT)\n")
        break
      }
      expect(run.stdout).toMatch(/^undid:\n {2}src\//)
      undone += 1
      expect(undone).toBeLessThanOrEqual(20)
    }
    // 15 changes replayed, of which an undo and its redo cancel out.
    expect(undone).toBe(13)
    await expectUntouched()

    const redone = await cli(["edits", "redo", "--root", app, "--json"])
    expect(redone.code, redone.stderr).toBe(0)
    const result = JSON.parse(redone.stdout) as { changedFiles: Array<{ path: string }> }
    expect(result.changedFiles.length).toBeGreaterThan(0)
  }, 120_000)

  it("answers bad usage with exit code 2", async () => {
    // As a process: its exit status.
    const missingRoot = await runCli(["edits", "undo", "--root", join(app, "nowhere")])
    expect(missingRoot.code).toBe(2)
    expect(missingRoot.stderr).toMatch(/is not a folder/)
    const missingLedger = await cli(["edits", "replay", join(app, "none.json"), "--root", app])
    expect(missingLedger.code).toBe(2)
    expect(missingLedger.stderr).toMatch(/cannot read the ledger/)
  })
})
