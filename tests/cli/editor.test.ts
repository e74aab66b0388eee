import { type ChildProcess, spawn } from "node:child_process"
import { cp, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EDITOR_TOKEN_HEADER } from "../../adapters/http/app.ts"
import { contentHash } from "../../adapters/source/canvas-files.ts"
import { codebaseIdOf } from "../../adapters/source/codebase-id.ts"
import { runCli } from "./support/run-cli.ts"

/**
 * `colorday editor --root DIR` as a process, with no browser: on a fresh copy of the sample app it
 * prints one editor URL naming the folder's canvas and the app's dev server; the editor, the app
 * (with the frame script) and its stamped modules are served; a mutation through the printed
 * server rewrites the folder in place and undo gives back its bytes; a folder that is not an app
 * is refused in one line; and Ctrl-C stops both servers.
 */

const repo = resolve(import.meta.dirname, "../..")
const node = join(repo, "node_modules/.bin/node")
const SAMPLE_APP = join(repo, "fixtures/sample-app")
const PLUGIN_FILE = join(repo, "adapters/source/vite-plugin.ts")
const STARTUP_MS = 90_000
const APP = "src/App.tsx"
/** The class the test adds: not in the sample app anywhere. */
const ADDED_CLASS = "tracking-widest"

/** The environment of every run: no database, port, origins or canvases of the caller's. */
const env = (): NodeJS.ProcessEnv => {
  const vars: NodeJS.ProcessEnv = { ...process.env, COLORDAY_VITE_PLUGIN: PLUGIN_FILE }
  for (const name of [
    "DATABASE_URL",
    "DATA_DIR",
    "PORT",
    "HOST",
    "ALLOWED_ORIGINS",
    "COLORDAY_CANVASES",
    "COLORDAY_EDITOR_TOKEN",
  ]) {
    delete vars[name]
  }
  return vars
}

/** A run that is expected to end by itself. */
const cli = (args: ReadonlyArray<string>) => runCli(args, env())

/** Whether nothing listens on this loopback port. */
const portIsFree = (port: number) =>
  new Promise<boolean>((done) => {
    const probe = createServer()
    probe.once("error", () => done(false))
    probe.listen(port, "127.0.0.1", () => probe.close(() => done(true)))
  })

let parent: string
/** The app given as --root: its folder's name is the canvas id. */
let app: string
let originalApp: string
let child: ChildProcess
let stdout = ""
let stderr = ""
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
let editorUrl: URL
let appOrigin: string
let token: string
const log = () => `stdout:\n${stdout}\nstderr:\n${stderr}`

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), "colorday-editor-cli-"))
  app = join(parent, "my-app")
  await cp(SAMPLE_APP, app, {
    recursive: true,
    filter: (source) => !/[/\\](dist|node_modules|\.colorday)([/\\]|$)/.test(source),
  })
  // Its packages come from the repository (the plugin from COLORDAY_VITE_PLUGIN).
  await symlink(join(repo, "node_modules"), join(app, "node_modules"), "dir")
  originalApp = await readFile(join(app, APP), "utf8")

  child = spawn(node, ["cli/main.ts", "editor", "--root", app, "--port", "0"], {
    cwd: repo,
    env: env(),
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout!.setEncoding("utf8")
  child.stderr!.setEncoding("utf8")
  child.stdout!.on("data", (chunk: string) => (stdout += chunk))
  child.stderr!.on("data", (chunk: string) => (stderr += chunk))
  exited = new Promise((done) => child.once("exit", (code, signal) => done({ code, signal })))

  const printed = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`colorday editor printed no URL in time:\n${log()}`)),
      STARTUP_MS,
    )
    child.stdout!.on("data", () => {
      const found = /^(http:\/\/\S+\/editor\/\S*)\n/m.exec(stdout)
      if (found?.[1]) {
        clearTimeout(timer)
        done(found[1])
      }
    })
    void exited.then(({ code }) => {
      clearTimeout(timer)
      fail(new Error(`colorday editor exited (${String(code)}) before a URL:\n${log()}`))
    })
  })
  editorUrl = new URL(printed)
  appOrigin = new URL(editorUrl.searchParams.get("app") ?? "").origin
  token = new URLSearchParams(editorUrl.hash.slice(1)).get("token") ?? ""
}, 120_000)

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill("SIGKILL")
    await exited
  }
  if (parent) await rm(parent, { recursive: true, force: true })
})

describe("colorday editor --root DIR", () => {
  it("prints one editor URL naming the folder's canvas and the app's dev server, both serving", async () => {
    expect(stdout.trimEnd().split("\n"), log()).toEqual([editorUrl.href])
    expect(editorUrl.hostname).toBe("127.0.0.1")
    expect(editorUrl.pathname).toBe("/editor/")
    expect(editorUrl.searchParams.get("canvas")).toBe("my-app")
    expect(editorUrl.searchParams.get("app")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(stderr).toContain(`canvas my-app: ${app}\n`)
    expect(stderr).toContain(`the app's dev server: ${appOrigin}/\n`)

    // The editor, without the fragment (a browser never sends it).
    const page = await fetch(new URL(`${editorUrl.pathname}${editorUrl.search}`, editorUrl))
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    expect(await page.text()).toMatch(/<html/i)

    // The app, with the frame script injected.
    const index = await fetch(`${appOrigin}/`)
    expect(index.status).toBe(200)
    expect(index.headers.get("content-type")).toMatch(/^text\/html/)
    expect(await index.text()).toContain("/@colorday/frame")

    // Its App.tsx as a module, every element stamped with the rewriter's own id.
    const module = await fetch(`${appOrigin}/${APP}`)
    expect(module.status).toBe(200)
    const code = await module.text()
    expect(code).toMatch(
      /tempo-[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/,
    )
    expect(code).toContain(codebaseIdOf(APP, originalApp.indexOf("<button")))
  })

  it("rewrites the --root folder in place through the printed server, and undo gives its bytes back", async () => {
    const server = editorUrl.origin
    const button = { codebaseId: codebaseIdOf(APP, originalApp.indexOf("<button")), name: "button" }
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${server}/canvases/my-app/parseAndMutate/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      })
    const addClass = { reactElement: button, className: ADDED_CLASS, stylingFramework: "Tailwind" }

    // Neither without the token nor from a foreign origin: nothing written.
    const anonymous = await post("mutate/addClass", addClass, { Origin: server })
    expect(anonymous.status).toBe(401)
    const foreign = await post("mutate/addClass", addClass, {
      [EDITOR_TOKEN_HEADER]: token,
      Origin: "https://elsewhere.example",
    })
    expect(foreign.status).toBe(403)
    expect(((await foreign.json()) as { code: string }).code).toBe("CROSS_ORIGIN")
    expect(await readFile(join(app, APP), "utf8")).toBe(originalApp)

    const editor = { [EDITOR_TOKEN_HEADER]: token, Origin: server }
    const added = await post("mutate/addClass", addClass, editor)
    const result = (await added.json()) as { changedFiles: Array<{ path: string }> }
    expect(added.status, JSON.stringify(result)).toBe(200)
    const written = await readFile(join(app, APP), "utf8")
    expect(written).toContain(
      `<button className="mt-2 rounded bg-indigo-600 px-3 py-1 text-white ${ADDED_CLASS}">`,
    )
    expect(result.changedFiles).toEqual([{ path: APP, fileHash: contentHash(written) }])
    // The history lives in the folder itself, beside the app.
    expect((await stat(join(app, ".colorday"))).isDirectory()).toBe(true)
    // The dev server serves the folder's new version.
    await expect
      .poll(async () => (await fetch(`${appOrigin}/${APP}`)).text(), { timeout: 15_000 })
      .toContain(ADDED_CLASS)

    const undone = await post("activities/undoChangeToFiles", {}, editor)
    expect(undone.status, await undone.clone().text()).toBe(200)
    expect(await readFile(join(app, APP), "utf8")).toBe(originalApp)
  })

  it("refuses a folder that is not an app, in one line, with exit code 2", async () => {
    const empty = join(parent, "empty")
    await mkdir(empty)
    const run = await cli(["editor", "--root", empty, "--port", "0"])
    expect(run.code, run.stderr).toBe(2)
    expect(run.stdout).toBe("")
    expect(run.stderr).toBe(
      `error: --root ${empty}: not an app (no package.json); give a Vite + React app's folder\n`,
    )

    // A package.json alone is no Vite app either.
    const bare = join(parent, "bare")
    await mkdir(bare)
    await writeFile(join(bare, "package.json"), '{ "name": "bare" }\n')
    const notVite = await cli(["editor", "--root", bare, "--port", "0"])
    expect(notVite.code, notVite.stderr).toBe(2)
    expect(notVite.stderr).toBe(
      `error: --root ${bare}: not a Vite app (no vite.config.* and no index.html); give a Vite + React app's folder\n`,
    )

    const missing = await cli(["editor", "--root", join(parent, "nowhere"), "--port", "0"])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe(`error: --root ${join(parent, "nowhere")}: no such folder\n`)
  })

  // SIGTERM, as `kill` and service managers send it: Vite's dev server would end the process on
  // it at once, before the Colorday server is closed; the command takes that signal itself, as
  // it does Ctrl-C's SIGINT.
  it("stops both servers on SIGTERM: the process exits cleanly and both ports are free", async () => {
    const ports = [Number(editorUrl.port), Number(new URL(appOrigin).port)]
    for (const port of ports) expect(await portIsFree(port)).toBe(false)
    child.kill("SIGTERM")
    const { code, signal } = await exited
    expect({ code, signal }, log()).toEqual({ code: 0, signal: null })
    for (const port of ports) expect(await portIsFree(port)).toBe(true)
    // Still the one URL, and nothing went wrong while stopping.
    expect(stdout.trimEnd().split("\n")).toEqual([editorUrl.href])
    expect(stderr).not.toMatch(/while stopping|^error:/m)
    // Edited in place, so never deleted.
    expect(await readFile(join(app, APP), "utf8")).toBe(originalApp)
  })
})
