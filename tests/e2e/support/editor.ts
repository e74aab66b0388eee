import { type ChildProcess, spawn } from "node:child_process"
import { EventEmitter } from "node:events"
import { readdir, readFile } from "node:fs/promises"
import { createServer } from "node:net"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import type { BrowserContext, Page } from "playwright-core"
import { expect } from "vitest"
import { STEP_MS } from "./browser.ts"

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

/** A file a mutation wrote, as the server answers it: its path and its new content hash. */
export interface WrittenFile {
  readonly path: string
  readonly fileHash: string
}

/**
 * The editor's own "saved" signals, seen from outside: the files each mutation (undo and redo
 * included) wrote, as the server answered it, and the file versions the frame's latest nav tree
 * was built on, from its NAV_TREE message to the editor (the hot reload's versions). A change has
 * settled once a nav tree built on what it wrote has arrived: its hot reload is in, and the
 * canvas and the layers show the file as it is. A document that loaded after the write (Vite
 * reloads the whole app now and then, e.g. once it has optimised its dependencies) knows no
 * versions but shows the file as it is too: its first nav tree settles the change as well.
 */
export interface EditorSignals {
  /** How many mutations the server has accepted so far. */
  readonly writes: () => number
  /** The files write number `index` (from 0) wrote; waits up to `timeout` ms for its answer. */
  readonly written: (index: number, timeout: number) => Promise<ReadonlyArray<WrittenFile>>
  /** Waits until write number `index` has been answered and a nav tree built on it arrived. */
  readonly settled: (page: Page, index: number, timeout: number) => Promise<void>
  /** How many times a document in the canvas said FRAME_READY (more than once: it reloaded). */
  readonly frameReadyCount: (page: Page) => Promise<number>
}

/** Call before the editor's page opens: the init script must be in place for its first load. */
export const watchEditorSignals = async (context: BrowserContext): Promise<EditorSignals> => {
  await context.addInitScript(() => {
    if (window !== window.top) return
    window.addEventListener("message", (event: MessageEvent<unknown>) => {
      const data = event.data as {
        source?: unknown
        type?: unknown
        payload?: { fileVersions?: unknown }
      } | null
      if (data?.source !== "colorday-frame") return
      const seen = window as unknown as {
        e2eNavTreeVersions?: unknown
        e2eFrameReady?: number
        e2eFrameReadyAt?: number
        e2eNavTreeAt?: number
      }
      if (data.type === "FRAME_READY") {
        seen.e2eFrameReady = (seen.e2eFrameReady ?? 0) + 1
        seen.e2eFrameReadyAt = Date.now()
      }
      if (data.type !== "NAV_TREE") return
      const versions = data.payload?.fileVersions
      seen.e2eNavTreeVersions = typeof versions === "object" && versions !== null ? versions : {}
      seen.e2eNavTreeAt = Date.now()
    })
  })
  const writes: Array<Promise<ReadonlyArray<WrittenFile>>> = []
  /** When each answer arrived (ms epoch: the browser runs on this machine's clock too). */
  const answeredAt: Array<number> = []
  const arrivals = new EventEmitter()
  context.on("response", (response) => {
    if (!new URL(response.url()).pathname.startsWith("/canvases/")) return
    if (response.request().method() !== "POST" || !response.ok()) return
    answeredAt.push(Date.now())
    writes.push(
      response
        .json()
        .then((body: { changedFiles?: Array<WrittenFile> }) =>
          Array.isArray(body.changedFiles) ? body.changedFiles : [],
        ),
    )
    arrivals.emit("write")
  })

  const written = async (index: number, timeout: number) => {
    if (!writes[index]) {
      await new Promise<void>((resolve, reject) => {
        const onWrite = () => {
          if (!writes[index]) return
          clearTimeout(timer)
          arrivals.off("write", onWrite)
          resolve()
        }
        const timer = setTimeout(() => {
          arrivals.off("write", onWrite)
          reject(new Error(`the server answered no mutation #${index + 1} within ${timeout} ms`))
        }, timeout)
        arrivals.on("write", onWrite)
      })
    }
    return writes[index]!
  }

  const settled = async (page: Page, index: number, timeout: number) => {
    const files = await written(index, timeout)
    try {
      await page.waitForFunction(
        ({ wanted, after }) => {
          const seen = window as unknown as {
            e2eNavTreeVersions?: Record<string, string>
            e2eFrameReadyAt?: number
            e2eNavTreeAt?: number
          }
          const versions = seen.e2eNavTreeVersions ?? {}
          if (wanted.every((file) => versions[file.path] === file.fileHash)) return true
          // A document loaded after the answer, and its nav tree has arrived.
          const readyAt = seen.e2eFrameReadyAt ?? 0
          return readyAt > after && (seen.e2eNavTreeAt ?? 0) >= readyAt
        },
        { wanted: files, after: answeredAt[index] ?? Number.POSITIVE_INFINITY },
        { timeout },
      )
    } catch (error) {
      const seen = await page
        .evaluate(() => {
          const w = window as unknown as { e2eNavTreeVersions?: unknown; e2eFrameReady?: number }
          return JSON.stringify({ tree: w.e2eNavTreeVersions, frameReady: w.e2eFrameReady })
        })
        .catch(() => "(the page is gone)")
      throw new Error(
        `the frame sent no nav tree built on the files mutation #${index + 1} wrote ` +
          `(${JSON.stringify(files)}) within ${timeout} ms; the latest tree's versions and the ` +
          `FRAME_READY count: ${seen}. ${(error as Error).message}`,
        { cause: error },
      )
    }
  }

  const frameReadyCount = (page: Page) =>
    page.evaluate(() => (window as unknown as { e2eFrameReady?: number }).e2eFrameReady ?? 0)

  return { writes: () => writes.length, written, settled, frameReadyCount }
}

/**
 * A test's step that must write one change: runs `action`, then waits until the Changes list has
 * one more saved change and none failed, nothing was refused, and the canvas shows the file as
 * it is (one write seen by the frame).
 */
export const savedStep =
  (page: Page, signals: EditorSignals, refused: ReadonlyArray<string>) =>
  async (action: () => Promise<void>): Promise<void> => {
    const changes = page.getByRole("list", { name: "Changes" })
    const savedCount = () => changes.locator('li[data-state="saved"]').count()
    const before = await savedCount()
    const writesBefore = signals.writes()
    await action()
    await expect.poll(savedCount, { timeout: STEP_MS }).toBe(before + 1)
    expect(await changes.locator('li[data-state="failed"]').count()).toBe(0)
    expect(refused).toEqual([])
    await signals.settled(page, writesBefore, STEP_MS)
    expect(signals.writes()).toBe(writesBefore + 1)
  }
