import { type ChildProcess, spawn } from "node:child_process"
import { EventEmitter } from "node:events"
import { readdir, readFile, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import type { BrowserContext, FrameLocator, Locator, Page } from "playwright-core"
import { expect } from "vitest"
import { STEP_MS, visible } from "./browser.ts"
import type { BrowserSession } from "./session.ts"

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

/** The editor opened on a fresh copy of the sample app, as every editor e2e file starts. */
export interface EditorPage {
  readonly editor: EditorProcess
  readonly page: Page
  readonly canvas: FrameLocator
  readonly signals: EditorSignals
  /** Every file of the copy before any edit. */
  readonly initial: ReadonlyMap<string, string>
  /**
   * Every mutation call the page made that the server refused. The change list shows only the
   * session on screen; this also catches a second, hidden sender.
   */
  readonly refused: ReadonlyArray<string>
  /** What the editor logged of a frame call that failed (a preview it could not show, say). */
  readonly frameFailures: ReadonlyArray<string>
  /** Stops `colorday editor` and removes the copy. */
  readonly close: () => Promise<void>
}

/**
 * Starts `colorday editor`, opens its page in a new context of `session` (1440×900) and waits
 * until the frame has sent its tree (the layers show the app's components). For the file's
 * beforeAll; `close()` in its afterAll.
 */
export const openEditorPage = async (
  session: BrowserSession,
  options: { readonly clipboard?: boolean } = {},
): Promise<EditorPage> => {
  const editor = await startEditor()
  const close = async () => {
    const exited = new Promise((resolve) => editor.child.once("exit", resolve))
    editor.child.kill("SIGINT")
    await exited
    await rm(editor.root, { recursive: true, force: true })
  }
  try {
    const initial = await filesOf(editor.root)
    const context = await session.newContext({ viewport: { width: 1440, height: 900 } })
    if (options.clipboard) await context.grantPermissions(["clipboard-read", "clipboard-write"])
    const signals = await watchEditorSignals(context)
    const page = await context.newPage()
    const refused: Array<string> = []
    const frameFailures: Array<string> = []
    page.on("console", (message) => {
      if (message.text().startsWith("[colorday editor]")) frameFailures.push(message.text())
    })
    page.on("response", (response) => {
      if (response.url().includes("/canvases/") && response.status() >= 400) {
        refused.push(`${String(response.status())} ${new URL(response.url()).pathname}`)
      }
    })
    await page.goto(editor.url)
    const canvas = page.frameLocator('iframe[title="Canvas: the edited app"]')
    await visible(page.getByRole("tree", { name: "Page elements" }).getByText("TaskList"))
    return { editor, page, canvas, signals, initial, refused, frameFailures, close }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * The frame failures, less one the editor recovers from by design: initProject goes with every
 * FRAME_READY, and a document that reloads before answering it leaves that call to time out; the
 * new document says FRAME_READY and gets an initProject of its own.
 */
export const unexplainedFrameFailures = async (opened: EditorPage): Promise<Array<string>> => {
  const reloaded = (await opened.signals.frameReadyCount(opened.page)) > 1
  return opened.frameFailures.filter(
    (failure) => !(reloaded && /initProject failed: .*did not answer/.test(failure)),
  )
}

/**
 * A test's step that must write one change: runs `action`, then waits until the Changes list has
 * one more saved change and none failed, nothing was refused and no frame call failed, and the
 * canvas shows the file as it is (one write seen by the frame).
 */
export const savedStep =
  (opened: EditorPage) =>
  async (action: () => Promise<void>): Promise<void> => {
    const { page, signals, refused } = opened
    const changes = page.getByRole("list", { name: "Changes" })
    const savedCount = () => changes.locator('li[data-state="saved"]').count()
    const before = await savedCount()
    const writesBefore = signals.writes()
    await action()
    await expect.poll(savedCount, { timeout: STEP_MS }).toBe(before + 1)
    expect(await changes.locator('li[data-state="failed"]').count()).toBe(0)
    expect(refused).toEqual([])
    expect(await unexplainedFrameFailures(opened)).toEqual([])
    await signals.settled(page, writesBefore, STEP_MS)
    expect(signals.writes()).toBe(writesBefore + 1)
  }

/** Waits until the document in the canvas has said FRAME_READY and sent a nav tree since. */
export const frameUp = (page: Page): Promise<unknown> =>
  page.waitForFunction(
    () => {
      const seen = window as unknown as { e2eFrameReadyAt?: number; e2eNavTreeAt?: number }
      return seen.e2eFrameReadyAt !== undefined && (seen.e2eNavTreeAt ?? 0) >= seen.e2eFrameReadyAt
    },
    undefined,
    { timeout: STEP_MS },
  )

/** A reload of the app's document may cost a click: this many reloads in one selection at most. */
const MAX_RELOADS_PER_CLICK = 3

/**
 * Clicks an element of the app in the canvas (a plain click selects it; with Shift, adds it to
 * the selection) once the frame is up with its tree, and waits until the layers show it selected
 * (a selected row for the clicked element's codebase id, the element itself or its nearest
 * ancestor with one). The click is made again only when the app's document reloaded in between
 * (Vite may reload it once it has optimised its dependencies): a click lost any other way fails.
 * Answers the selected row's element key.
 */
export const selectInCanvas = async (
  opened: Pick<EditorPage, "page" | "signals">,
  target: Locator,
  options: {
    readonly modifiers?: ReadonlyArray<"Shift">
    readonly position?: { readonly x: number; readonly y: number }
  } = {},
): Promise<string> => {
  const { page, signals } = opened
  for (let reloads = 0; ; reloads += 1) {
    await frameUp(page)
    const element = await visible(target)
    const codebaseId = await element.evaluate((clicked) => {
      for (let at: Element | null = clicked; at; at = at.parentElement) {
        const id = [...at.classList].find((name) => name.startsWith("tempo-"))
        if (id) return id
      }
      return null
    })
    if (codebaseId === null) throw new Error("the clicked element has no codebase id, nor a parent")
    const row = page
      .getByRole("tree", { name: "Page elements" })
      .locator(`[role="treeitem"][aria-selected="true"][data-key^="TE_${codebaseId}_"]`)
    const readyBefore = await signals.frameReadyCount(page)
    await element.click({
      modifiers: [...(options.modifiers ?? [])],
      ...(options.position ? { position: options.position } : {}),
    })
    let outcome = "waiting" as "selected" | "reloaded" | "waiting"
    await expect
      .poll(
        async () => {
          if ((await row.count()) > 0) outcome = "selected"
          else if ((await signals.frameReadyCount(page)) !== readyBefore) outcome = "reloaded"
          return outcome
        },
        { timeout: STEP_MS, message: `no layer of ${codebaseId} was selected by the click` },
      )
      .not.toBe("waiting")
    if (outcome === "selected") return (await row.first().getAttribute("data-key")) ?? ""
    if (reloads + 1 >= MAX_RELOADS_PER_CLICK) {
      throw new Error(`the app's document reloaded ${MAX_RELOADS_PER_CLICK} times during a click`)
    }
  }
}
