import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs"
import { basename, join } from "node:path"
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  request,
} from "playwright-core"
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest"
import { launchChromium } from "./chromium.ts"
import { E2E_RESULTS_DIR } from "./run-context.ts"

/**
 * A test file's share of the run's one Chromium (launched by the global setup; a browser of its
 * own when run without it). Every context it opens is traced test by test (DOM snapshots, network,
 * actions); when a test fails, the trace of each context and a screenshot of each open page are
 * kept under test-results/e2e/<file>--<test>/, and the folder is printed. A passing test's trace
 * is dropped. A context opened in a test (or its beforeEach) is that test's alone: it is closed
 * after the test; one opened in beforeAll lasts for the file. Call it inside the file's describe
 * (before its own hooks), so a skipped tier opens nothing.
 */
export interface BrowserSession {
  /** The connected browser (from the file's beforeAll on). */
  readonly browser: () => Browser
  /**
   * A new context, traced from now on; closed after the test that opened it (after the file when
   * opened in beforeAll). Closing it in a test keeps its trace until the test's outcome is known.
   */
  readonly newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)

const quietly = async (work: () => Promise<unknown>) => {
  try {
    await work()
  } catch {
    // A page or context that is gone leaves nothing to keep.
  }
}

export const useBrowser = (): BrowserSession => {
  let browser: Browser | undefined
  /** Open contexts, and whether each is recording a chunk of its trace now. */
  const open = new Map<
    BrowserContext,
    { recording: boolean; readonly index: number; readonly perTest: boolean }
  >()
  /** Between this file's beforeEach and afterEach: contexts opened now belong to the test. */
  let inTest = false
  /** Traces of contexts closed during the current test, kept until it passes or fails. */
  let closedDuringTest: Array<string> = []
  let opened = 0
  const pendingDir = join(E2E_RESULTS_DIR, ".pending")

  beforeAll(async () => {
    const endpoint = inject("chromiumWsEndpoint")
    browser = endpoint ? await chromium.connect(endpoint) : await launchChromium()
  })

  afterAll(async () => {
    for (const context of open.keys()) await quietly(() => context.close())
    await browser?.close()
  })

  beforeEach(async ({ task }) => {
    inTest = true
    for (const [context, state] of open) {
      if (state.recording) continue
      await context.tracing.startChunk({ title: task.name })
      state.recording = true
    }
  })

  afterEach(async ({ task }) => {
    const failed = task.result?.state === "fail"
    const dir = join(E2E_RESULTS_DIR, `${slug(task.file.name)}--${slug(task.name)}`)
    if (failed) mkdirSync(dir, { recursive: true })
    for (const [context, state] of open) {
      if (failed) {
        for (const [n, page] of context.pages().entries()) {
          await quietly(() =>
            page.screenshot({
              path: join(dir, `context-${state.index}-page-${n}.png`),
              timeout: 5_000,
            }),
          )
        }
      }
      if (state.recording) {
        const path = failed ? join(dir, `context-${state.index}.trace.zip`) : undefined
        await quietly(() => context.tracing.stopChunk(path ? { path } : {}))
        state.recording = false
      }
    }
    for (const trace of closedDuringTest) {
      if (failed && existsSync(trace)) renameSync(trace, join(dir, basename(trace)))
      else rmSync(trace, { force: true })
    }
    closedDuringTest = []
    inTest = false
    for (const [context, state] of [...open]) {
      if (!state.perTest) continue
      open.delete(context)
      await quietly(() => context.close())
    }
    if (failed) {
      console.error(
        `e2e: "${task.name}" failed; its traces and screenshots are in ${dir} ` +
          "(open a trace with `npx playwright-core show-trace <file>.trace.zip`)",
      )
    }
  })

  const newContext = async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    if (!browser)
      throw new Error("useBrowser: the browser is not connected yet (use it in a hook or test)")
    const context = await browser.newContext(options)
    const state = { recording: true, index: (opened += 1), perTest: inTest }
    // Starting a trace starts its first chunk: what this context does in the current test.
    await context.tracing.start({ snapshots: true, screenshots: false })
    open.set(context, state)
    const close = context.close.bind(context)
    context.close = async (closeOptions) => {
      if (open.delete(context) && state.recording) {
        mkdirSync(pendingDir, { recursive: true })
        const path = join(pendingDir, `${String(process.pid)}-context-${state.index}.trace.zip`)
        await quietly(() => context.tracing.stopChunk({ path }))
        state.recording = false
        closedDuringTest.push(path)
      }
      await close(closeOptions)
    }
    return context
  }

  return {
    browser: () => {
      if (!browser) throw new Error("useBrowser: the browser is not connected yet")
      return browser
    },
    newContext,
  }
}

/**
 * A browser state signed in through the API (the session cookie) as this member, for contexts to
 * start from: the journeys begin signed in without walking the sign-in dialog each time.
 */
export const signedInState = async (
  siteUrl: string,
  email: string,
  password: string,
): Promise<BrowserContextOptions["storageState"]> => {
  const api = await request.newContext({ baseURL: siteUrl })
  try {
    const signedIn = await api.post("/api/users/login", { data: { email, password } })
    if (signedIn.status() !== 200) {
      throw new Error(`signing in ${email} answered ${signedIn.status()}: ${await signedIn.text()}`)
    }
    return await api.storageState()
  } finally {
    await api.dispose()
  }
}
