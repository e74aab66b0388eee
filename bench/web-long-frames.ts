// The web bench's "web long frames" case (bench/web.ts runs it): what the main thread is busy with
// while the timed pages load on a slowed phone. Lighthouse says how much time was blocked; this
// says by what. Each page is loaded in Chromium (playwright-core, 412 × 823 like Lighthouse's
// mobile setting, the CPU slowed 4× by DevTools, the network not slowed) from a real `colorday
// serve`, and Chromium's Long Animation Frames API (`long-animation-frame` entries, buffered from
// the start) lists every frame of 50 ms or more until the page has been quiet for a while: its
// start, length, blocking time (its part over 50 ms, as Lighthouse counts), the style and layout
// in it, and the scripts that ran in it, each with its position mapped through the build's source
// maps to the file, line and function it came from. Figures only; nothing is asserted.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { type RawSourceMap, SourceMapConsumer } from "source-map-js"
import { launchChromium } from "../tests/e2e/support/chromium.ts"
import type { Site } from "../tests/e2e/support/site.ts"
import { decimals, integer, printTable } from "./support/table.ts"

/** Lighthouse's mobile setting: a Moto G Power's screen, the CPU slowed 4×. */
const VIEWPORT = { width: 412, height: 823 }
const CPU_SLOWDOWN = 4
/** A long task is one over 50 ms; what it runs over that blocks input (Total Blocking Time). */
const LONG_MS = 50
/** The page is done loading once no long frame came for this long after the load event. */
const QUIET_MS = 3_000
/** The most a page is watched after its load event. */
const WATCH_MS = 15_000
/** Scripts of a frame printed, the longest first. */
const SCRIPTS_SHOWN = 3

/** What PerformanceLongAnimationFrameTiming.toJSON() gives (Chromium 123 and later). */
interface LongFrame {
  readonly startTime: number
  readonly duration: number
  readonly blockingDuration: number
  readonly renderStart: number
  readonly styleAndLayoutStart: number
  readonly scripts: ReadonlyArray<{
    readonly invoker: string
    readonly invokerType: string
    readonly duration: number
    readonly forcedStyleAndLayoutDuration: number
    readonly sourceURL: string
    readonly sourceFunctionName: string
    readonly sourceCharPosition: number
  }>
}

declare global {
  interface Window {
    __colordayLongFrames?: Array<LongFrame>
  }
}

/** Maps a position in a built asset (its URL, a character offset) to the source it came from. */
const sourcePositions = (dist: string) => {
  const maps = new Map<string, { code: string; map: SourceMapConsumer } | null>()
  const load = (url: string) => {
    const name = /\/assets\/([^/?#]+\.js)$/.exec(url)?.[1]
    const file = name === undefined ? undefined : join(dist, "assets", name)
    if (file === undefined || !existsSync(`${file}.map`)) return null
    return {
      code: readFileSync(file, "utf8"),
      map: new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, "utf8")) as RawSourceMap),
    }
  }
  return (url: string, offset: number, fallbackName: string): string => {
    const asset = url.replace(/^.*\/assets\//, "")
    if (!maps.has(url)) maps.set(url, load(url))
    const found = maps.get(url)
    if (!found || offset <= 0) return [asset, fallbackName].filter((part) => part !== "").join(" ")
    const before = found.code.slice(0, offset)
    const line = before.split("\n").length
    const column = offset - (before.lastIndexOf("\n") + 1)
    const original = found.map.originalPositionFor({ line, column })
    if (original.source === null) return `${asset}:${offset} (not mapped)`
    const source = original.source
      .replace(/^(\.\.\/)+/, "")
      .replace(/^.*node_modules\//, "node_modules/")
    const name = original.name ?? (fallbackName || "")
    return `${source}:${original.line}${name === "" ? "" : ` ${name}`}`
  }
}

/** Loads `path` once with the CPU slowed and answers its long frames, the load event's time too. */
const longFramesOf = async (
  browser: Browser,
  url: string,
): Promise<{ frames: ReadonlyArray<LongFrame>; loadMs: number }> => {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1.75 })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
    await page.addInitScript(() => {
      const frames: Array<LongFrame> = []
      window.__colordayLongFrames = frames
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) frames.push(entry.toJSON() as LongFrame)
      }).observe({ type: "long-animation-frame", buffered: true })
    })
    await page.goto(url, { waitUntil: "load" })
    const loadMs = await page.evaluate(
      () => performance.getEntriesByType("navigation")[0]?.duration ?? 0,
    )
    // Watched until no long frame has come for QUIET_MS (lazy chunks, queries, idle preloads).
    const started = Date.now()
    let seen = -1
    let quietSince = Date.now()
    while (Date.now() - started < WATCH_MS && Date.now() - quietSince < QUIET_MS) {
      await page.waitForTimeout(250)
      const count = await page.evaluate(() => window.__colordayLongFrames?.length ?? 0)
      if (count !== seen) {
        seen = count
        quietSince = Date.now()
      }
    }
    const frames = await page.evaluate(() => window.__colordayLongFrames ?? [])
    return { frames: frames.sort((a, b) => a.startTime - b.startTime), loadMs }
  } finally {
    await context.close()
  }
}

/**
 * Prints, for each page, its long frames and what ran in them. `pages` are paths on `site`;
 * `dist` is the built app whose source maps name the scripts.
 */
export const printLongFrames = async (
  site: Site,
  pages: ReadonlyArray<string>,
  dist: string,
): Promise<void> => {
  const where = sourcePositions(dist)
  const browser = await launchChromium()
  try {
    console.log(
      `\nLong animation frames (≥ ${LONG_MS} ms) while each page loads in Chromium, ` +
        `${VIEWPORT.width} × ${VIEWPORT.height}, CPU slowed ${CPU_SLOWDOWN}× (network not slowed), ` +
        `watched until ${integer.format(QUIET_MS)} ms without one; scripts mapped through the ` +
        "build's source maps",
    )
    for (const path of pages) {
      const { frames, loadMs } = await longFramesOf(browser, `${site.url}${path}`)
      const blocking = frames.reduce((sum, frame) => sum + frame.blockingDuration, 0)
      const busy = frames.reduce((sum, frame) => sum + frame.duration, 0)
      console.log(
        `\n${path}: ${integer.format(frames.length)} long frames, ${integer.format(busy)} ms ` +
          `together, ${integer.format(blocking)} ms blocking; load event at ${integer.format(loadMs)} ms`,
      )
      printTable(
        ["start ms", "frame ms", "blocking ms", "style+layout ms", "scripts: ms, kind, source"],
        frames.map((frame) => {
          const end = frame.startTime + frame.duration
          const styleMs = frame.styleAndLayoutStart > 0 ? end - frame.styleAndLayoutStart : 0
          const scripts = [...frame.scripts]
            .sort((a, b) => b.duration - a.duration)
            .slice(0, SCRIPTS_SHOWN)
            .map((script) => {
              const ms = decimals(0).format(script.duration)
              const source = where(
                script.sourceURL,
                script.sourceCharPosition,
                script.sourceFunctionName,
              )
              // A module's top level is named by its file (its imports' top levels run in it).
              if (script.invokerType.endsWith("-script")) return `${ms} top level of ${source}`
              return source === ""
                ? `${ms} ${script.invoker}`
                : `${ms} ${script.invoker} (${source})`
            })
          return [
            integer.format(frame.startTime),
            integer.format(frame.duration),
            integer.format(frame.blockingDuration),
            integer.format(styleMs),
            scripts.length === 0 ? "no script: style, layout, paint" : scripts.join("; "),
          ]
        }),
      )
    }
    console.log(
      "blocking: a frame's time over 50 ms, as Total Blocking Time counts a task's. A script's kind " +
        "is its invoker (top level: a module and the modules it imports run; import.then: code run " +
        "when a lazy chunk arrived; TimerHandler:setTimeout; LINK.onload: a listener on the " +
        "stylesheet's load). Lighthouse " +
        "simulates a slow network as well, so its times are later; the work is the same.",
    )
  } finally {
    await browser.close()
  }
}
