import { randomBytes } from "node:crypto"
import { existsSync, statSync } from "node:fs"
import { cp, mkdtemp, readdir, rm, stat, symlink } from "node:fs/promises"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { basename, join, resolve } from "node:path"
import type { Command } from "commander"
import { Effect, Exit, ManagedRuntime } from "effect"
import type { PluginOption } from "vite"
import { UsageError } from "./run.ts"
import { firstLine, portArgument, shutdownSignal } from "./serve.command.ts"

/**
 * `colorday editor [--root DIR] [--port N]`: the visual editor on one app, in one command.
 *
 * - The app: a fresh copy of fixtures/sample-app in a temporary folder (its node_modules linked to
 *   this repository's, COLORDAY_VITE_PLUGIN naming our Vite plugin), or `--root DIR`, any Vite +
 *   React app, edited in place. The copy is kept after exit: the edits are the point.
 * - Its Vite dev server, from the app's own config, with our plugin added when the config does
 *   not have it (codebase ids, the frame script, file-version events). Loopback only.
 * - The Colorday server (the same building blocks as `colorday serve`) with that app registered as
 *   a canvas, a fresh editor token, the dev server's origin allowed in /editor's iframe (CSP
 *   frame-src), and a throwaway embedded database of its own: the editor needs no account.
 *
 * It prints one URL: /editor/?canvas=ID&app=DEV_SERVER#token=TOKEN. The token rides in the
 * fragment, which browsers never send to a server; the editor keeps it in the tab's session
 * storage and takes it off the address bar. Ctrl-C stops both servers.
 */

const REPO_ROOT = resolve(import.meta.dirname, "..")
const SAMPLE_APP = join(REPO_ROOT, "fixtures/sample-app")
const PLUGIN_FILE = join(REPO_ROOT, "adapters/source/vite-plugin.ts")
const EDITOR_CONFIG = join(REPO_ROOT, "apps/editor/vite.config.ts")
const EDITOR_BUILD = join(REPO_ROOT, "apps/editor/dist/index.html")
const PLUGIN_NAME = "colorday-editor"
/** What the editor's bundle is built from: a change to any of them makes the build stale. */
const EDITOR_SOURCES = ["apps/editor", "apps/ui", "domain/editing", "frame/src"].map((path) =>
  join(REPO_ROOT, path),
)

/** The newest modification time under these folders (dist and node_modules aside). */
const newestChange = async (paths: ReadonlyArray<string>): Promise<number> => {
  let newest = 0
  for (const path of paths) {
    const entries = await readdir(path, { recursive: true, withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      const file = join(entry.parentPath, entry.name)
      if (!entry.isFile() || /[/\\](dist|node_modules)[/\\]/.test(file)) continue
      newest = Math.max(newest, (await stat(file)).mtimeMs)
    }
  }
  return newest
}

/** No build of the editor yet, or one older than its sources (after a pull, say). */
const editorBuildIsStale = async (): Promise<boolean> =>
  !existsSync(EDITOR_BUILD) || statSync(EDITOR_BUILD).mtimeMs < (await newestChange(EDITOR_SOURCES))
const SAMPLE_CANVAS_ID = "sample"

interface EditorOptions {
  readonly root?: string | undefined
  readonly port: number
  readonly host: string
}

/** A canvas id from a folder's name: the editor's id alphabet, never empty. */
export const canvasIdFor = (dir: string): string =>
  basename(dir)
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "") || "app"

/** A fresh copy of the sample app, as the tests make one: node_modules linked, no build. */
const copySampleApp = async (): Promise<string> => {
  const root = await mkdtemp(join(tmpdir(), "colorday-editor-"))
  await cp(SAMPLE_APP, root, {
    recursive: true,
    filter: (source) => !/[/\\](dist|node_modules|\.colorday)([/\\]|$)/.test(source),
  })
  await symlink(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir")
  return root
}

/** Whether a Vite plugin list (nested arrays and promises included) has our plugin already. */
const hasPlugin = async (plugins: PluginOption | undefined): Promise<boolean> => {
  const plugin = await plugins
  if (!plugin) return false
  if (Array.isArray(plugin)) {
    for (const item of plugin) if (await hasPlugin(item)) return true
    return false
  }
  return typeof plugin === "object" && "name" in plugin && plugin.name === PLUGIN_NAME
}

const appRootOf = (root: string | undefined): string | undefined => {
  if (root === undefined) return undefined
  const dir = resolve(root)
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UsageError(`--root ${root}: no such folder`)
  }
  if (!existsSync(join(dir, "package.json"))) {
    throw new UsageError(
      `--root ${root}: not an app (no package.json); give a Vite + React app's folder`,
    )
  }
  const viteConfigs = ["ts", "mts", "js", "mjs", "cjs", "cts"].map((ext) => `vite.config.${ext}`)
  if (![...viteConfigs, "index.html"].some((name) => existsSync(join(dir, name)))) {
    throw new UsageError(
      `--root ${root}: not a Vite app (no vite.config.* and no index.html); give a Vite + React app's folder`,
    )
  }
  return dir
}

/**
 * Starts a Vite dev server without the exit handlers Vite installs: it ends the process itself on
 * SIGTERM (and when stdin ends), before this command has closed the Colorday server and removed
 * its data. The command stops the dev server with the rest (shutdownSignal).
 */
const withoutViteExitHandlers = async <T>(start: () => Promise<T>): Promise<T> => {
  const sigterm = new Set(process.listeners("SIGTERM"))
  const stdinEnd = new Set(process.stdin.listeners("end"))
  const started = await start()
  for (const listener of process.listeners("SIGTERM")) {
    if (!sigterm.has(listener)) process.off("SIGTERM", listener)
  }
  for (const listener of process.stdin.listeners("end")) {
    if (!stdinEnd.has(listener)) process.stdin.off("end", listener as () => void)
  }
  return started
}

const editor = async (options: EditorOptions): Promise<void> => {
  const given = appRootOf(options.root)
  const root = given ?? (await copySampleApp())
  const canvasId = given ? canvasIdFor(given) : SAMPLE_CANVAS_ID
  // The sample app's config loads the plugin from here; a copy outside the repo cannot find it.
  process.env.COLORDAY_VITE_PLUGIN ??= PLUGIN_FILE
  const dataDir = await mkdtemp(join(tmpdir(), "colorday-editor-data-"))
  const cleanups: Array<() => Promise<unknown>> = [
    () => rm(dataDir, { recursive: true, force: true }),
  ]
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) =>
        process.stderr.write(`while stopping: ${String(error)}\n`),
      )
    }
  }

  try {
    const vite = await import("vite")
    if (await editorBuildIsStale()) {
      process.stderr.write(
        "building the editor (apps/editor: no build yet, or its sources changed)…\n",
      )
      await vite.build({ configFile: EDITOR_CONFIG, logLevel: "warn" })
    }

    // The app's dev server, from its own config; our plugin added if the config lacks it.
    const loaded = await vite.loadConfigFromFile(
      { command: "serve", mode: "development" },
      undefined,
      root,
      "warn",
    )
    const { colordayEditor } = await import("../adapters/source/vite-plugin.ts")
    const extra = (await hasPlugin(loaded?.config.plugins)) ? [] : [colordayEditor({ root })]
    const devServer = await withoutViteExitHandlers(() =>
      vite.createServer({
        ...loaded?.config,
        configFile: false,
        root,
        plugins: [...(loaded?.config.plugins ?? []), ...extra],
        // A copy's node_modules is the repository's: Vite's default cache there would be shared by
        // every copy (each with its own config hash), and one editor starting would empty another's
        // optimised dependencies. Each copy keeps its own, beside its history.
        ...(given ? {} : { cacheDir: join(root, ".colorday", "vite") }),
        clearScreen: false,
        logLevel: "warn",
        server: { ...loaded?.config.server, host: "127.0.0.1", port: 5173, strictPort: false },
      }),
    )
    cleanups.push(() => devServer.close())
    await devServer.listen()
    const devAddress = devServer.httpServer?.address() as AddressInfo | null | undefined
    if (!devAddress) throw new Error("the app's dev server did not start")
    const appOrigin = `http://127.0.0.1:${devAddress.port}`

    const [
      { startHttpServer },
      { sessionLookup },
      { DEFAULT_WEB_APPS },
      { appConfigFromEnv, makeAppLayer },
    ] = await Promise.all([
      import("../adapters/http/server.ts"),
      import("../adapters/http/session-lookup.ts"),
      import("../adapters/http/web-app.ts"),
      import("./app.layer.ts"),
    ])
    // Its own embedded database: the editor needs no account, and a server database is the
    // operator's to migrate.
    const runtime = ManagedRuntime.make(
      makeAppLayer(
        appConfigFromEnv({
          dataDir,
          databaseUrl: undefined,
          migrate: true,
          canvases: [{ id: canvasId, root }],
        }),
      ),
    )
    cleanups.push(() => runtime.dispose())
    const ready = await runtime.runPromiseExit(Effect.void)
    if (Exit.isFailure(ready)) {
      throw new Error(`cannot open the editor's database: ${firstLine(ready.cause)}`)
    }

    const token = randomBytes(32).toString("base64url")
    const started = await startHttpServer({
      runtime,
      sessions: sessionLookup,
      config: {
        webApps: DEFAULT_WEB_APPS,
        allowedOrigins: (process.env.ALLOWED_ORIGINS ?? "")
          .split(",")
          .map((origin) => origin.trim())
          .filter((origin) => origin !== ""),
        trustProxy: false,
        editorToken: token,
        // /editor shows the app's dev server in its iframe; nothing else may be framed.
        frameOrigins: [appOrigin],
      },
      listen: { host: options.host, port: options.port },
    }).catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code
      if (code === "EADDRINUSE") {
        throw new UsageError(
          `${options.host}:${options.port} is in use; choose another port with --port (0 picks a free one)`,
        )
      }
      throw error
    })
    cleanups.push(() => started.close())

    const address = started.server.address() as AddressInfo
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address
    const editorUrl = new URL(`http://${host}:${address.port}/editor/`)
    editorUrl.searchParams.set("canvas", canvasId)
    editorUrl.searchParams.set("app", `${appOrigin}/`)
    editorUrl.hash = `token=${token}`

    const stopping = shutdownSignal()
    process.stderr.write(
      `canvas ${canvasId}: ${root}${given ? "" : " (a fresh copy of fixtures/sample-app, kept after exit)"}\n` +
        `the app's dev server: ${appOrigin}/\n` +
        "open the editor at this address (Ctrl-C stops both servers):\n",
    )
    process.stdout.write(`${editorUrl.href}\n`)
    await stopping
  } finally {
    await stopAll()
  }
}

export const registerEditor = (program: Command): void => {
  program
    .command("editor")
    .description(
      "opens the visual editor on a fresh copy of the sample app (or --root DIR, any Vite + React app): starts the app's dev server and the Colorday server, and prints the editor's URL",
    )
    .option(
      "--root <dir>",
      "edit this Vite + React app in place instead of a copy of the sample app",
    )
    .option(
      "--port <port>",
      "the Colorday server's port (default: PORT, else 3000; 0 picks a free one)",
      portArgument,
    )
    .action(async (options: { root?: string; port?: number }) => {
      const fromEnv = process.env.PORT?.trim()
      await editor({
        root: options.root,
        port: options.port ?? (fromEnv ? portArgument(fromEnv) : 3000),
        host: "127.0.0.1",
      })
    })
}
