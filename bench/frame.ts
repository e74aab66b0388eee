// The frame's figures: (1) the size of its bundle (frame/dist/frame.js, raw and gzipped), the
// script the Vite plugin injects into every edited app; (2) building the navigation tree of pages
// with 1,000, 5,000 and 20,000 stamped elements in Chromium: the whole build (wall time, the
// slices' time together, and the renderer main thread's CPU time from /proc, which load stretches
// less), the number of slices and the longest slice (the frame aims at 10 ms slices, each in a task
// of its own, so a page stays responsive while the tree is built; issue 20's aims, the whole tree
// in 250 ms and no slice over 12 ms, are printed beside), then the update after one element is
// added in one section (the subtree the MutationObserver's records touch, every box measured
// again), and what the frame does in one go after a build: read the body's outer HTML and post
// NAV_TREE (the structured clone postMessage makes), and a second whole build on a fresh page,
// untimed, for what it allocates per element and how many young-generation collections
// (scavenges, which stop the page mid-slice) run during it: figures the machine's load hardly
// changes, unlike the times, and from the same build's trace why its slices over 12 ms ran long (a
// scavenge began in the slice, or its task ran on a CPU for no more than 12 ms: it waited for one)
// and the most CPU time any slice took, which the builder's loop bounds; NAV_TREE_SLICES=1 lists
// each timed build's slices; with NAV_TREE_PROFILE=1, a third whole build under V8's CPU profiler
// for where its time goes (self time by function). Prints figures only. `npm run bench -- frame` runs only
// this among the benches that take names. (3) A class added in the editor's inspector: the time
// until the iframe shows it and until the file holds it, over a real `colorday editor`. Needs Chromium (see tests/e2e/support/chromium.ts).
// Every wait is on a condition with a deadline; a case whose wait runs out is reported as FAILED
// and the next case runs (the exit code is 1 then).
import { readdirSync, readFileSync } from "node:fs"
import { readFile, rm } from "node:fs/promises"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { fileURLToPath } from "node:url"
import type { Browser, Page } from "playwright-core"
import { build } from "vite"
import { chromiumAvailable, INSTALL_HINT, launchChromium } from "../tests/e2e/support/chromium.ts"
import { startEditor, watchEditorSignals } from "../tests/e2e/support/editor.ts"
import { reportFailedCases, runCase } from "./support/cases.ts"
import { SLICE_MEASURE } from "./support/frame-nav-tree-entry.ts"
import { decimals, integer, printTable } from "./support/table.ts"

const ROOT = fileURLToPath(new URL("../", import.meta.url))
const SIZES = [1_000, 5_000, 20_000] as const
const CASES = [
  { name: "frame bundle" },
  { name: "frame nav tree" },
  { name: "frame class edit" },
] as const
/** How long the editor and its app may take to come up on a busy machine. */
const STARTUP_MS = 120_000
/** How long one step of a class edit (preview, write, hot reload and new tree) may take. */
const STEP_MS = 30_000

/** Tailwind classes the sample app does not use: one per timed class edit. */
const EDIT_CLASSES = [
  "tracking-tight",
  "tracking-wide",
  "italic",
  "underline",
  "uppercase",
  "lowercase",
  "capitalize",
  "line-through",
]

const kb = (bytes: number) => `${decimals(1).format(bytes / 1024)} kB`

/** Builds one entry as a single script and answers its code. */
const bundle = async (entry: string, name?: string, minify = true): Promise<string> => {
  const output = await build({
    configFile: false,
    logLevel: "warn",
    root: ROOT,
    build: {
      write: false,
      minify,
      lib: { entry, formats: ["iife"], name: name ?? "ColordayFrame", fileName: () => "out.js" },
    },
  })
  const results = Array.isArray(output) ? output : [output]
  for (const result of results) {
    if ("output" in result) {
      const chunk = result.output.find((item) => item.type === "chunk")
      if (chunk && chunk.type === "chunk") return chunk.code
    }
  }
  throw new Error(`no bundle for ${entry}`)
}

/** The frame as `npm run build` makes it (frame/vite.config.ts, its no-Effect check included). */
const frameBuild = async (): Promise<string> => {
  const output = await build({
    configFile: `${ROOT}frame/vite.config.ts`,
    logLevel: "warn",
    build: { write: false },
  })
  for (const result of Array.isArray(output) ? output : [output]) {
    if (!("output" in result)) continue
    const chunk = result.output.find(
      (item) => item.type === "chunk" && item.fileName === "frame.js",
    )
    if (chunk && chunk.type === "chunk") return chunk.code
  }
  throw new Error("no frame.js in the frame's build")
}

const frameBundle = async () => {
  const code = await frameBuild()
  printTable(
    ["bundle", "raw", "gzip", "what"],
    [["frame", kb(code.length), kb(gzipSync(code).length), "frame/dist/frame.js (npm run build)"]],
  )
}

/** A page of `count` elements stamped as the Vite plugin stamps them, nested a few levels deep. */
const pageScript = (count: number) => `
  const body = document.body
  let made = 0
  const uuid = (n) => "00000000-0000-4000-8000-" + String(n).padStart(12, "0")
  while (made < ${count}) {
    const section = document.createElement("section")
    section.className = "tempo-" + uuid(made++) + " flex gap-2 p-4"
    body.appendChild(section)
    for (let i = 0; i < 9 && made < ${count}; i += 1) {
      const item = document.createElement(i % 3 === 0 ? "p" : "div")
      item.className = "tempo-" + uuid(made++) + " text-sm"
      item.textContent = "Item " + made
      section.appendChild(item)
    }
  }
`

/** Issue 20's aims for the nav tree, printed beside the figures (the bench never fails on them). */
const AIM_WHOLE_TREE_MS = 250
const AIM_LONGEST_SLICE_MS = 12

interface NavTreeStats {
  readonly totalMs: number
  readonly workMs: number
  readonly slices: number
  readonly longestSliceMs: number
  readonly elements: number
  readonly mode: string
  /** Each slice's time, ms. */
  readonly sliceMs: ReadonlyArray<number>
}

/** The frame's work on a new tree after the build: the body's outer HTML, the NAV_TREE post. */
interface PostStats {
  readonly outerHtmlMs: number
  readonly postMs: number
  readonly bytes: number
}

/** The parent process id of `pid`, from /proc (Linux). */
const parentPid = (pid: string): string => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] ?? "0"
}

/** Chromium's renderer processes started by this process (Linux; none elsewhere). */
const ownRenderers = (): Array<string> => {
  if (process.platform !== "linux") return []
  const own = String(process.pid)
  return readdirSync("/proc").filter((pid) => {
    if (!/^\d+$/.test(pid)) return false
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer")) return false
      for (let above = parentPid(pid), i = 0; i < 8 && above !== "0"; i += 1) {
        if (above === own) return true
        above = parentPid(above)
      }
    } catch {
      // A process that ended meanwhile.
    }
    return false
  })
}

/**
 * Each renderer main thread's time on a CPU and its time spent runnable but waiting for one (the
 * machine's other work), ms: /proc schedstat's first two fields, in ns.
 */
const mainThreadSchedMs = (pids: ReadonlyArray<string>): Array<readonly [number, number]> =>
  pids.map((pid) => {
    try {
      const [onCpu, waiting] = readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")
      return [Number(onCpu) / 1e6, Number(waiting) / 1e6] as const
    } catch {
      return [0, 0] as const
    }
  })

/** The renderer main thread's CPU time over a call, and its wait for a CPU meanwhile (ms). */
interface RendererTime {
  readonly cpuMs: number
  readonly waitMs: number
}

/**
 * Runs `work` and answers the CPU time of the renderer main thread that did it (the one whose
 * time grew most), which the machine's load does not stretch as it does wall time, and how long
 * that thread waited for a CPU meanwhile, which is the load's share of the wall time; NaN when
 * /proc cannot tell.
 */
const rendererTime = async <A>(work: () => Promise<A>): Promise<[A, RendererTime]> => {
  const pids = ownRenderers()
  const before = mainThreadSchedMs(pids)
  const result = await work()
  const after = mainThreadSchedMs(pids)
  let busiest = -1
  let cpuMs = Number.NaN
  let waitMs = Number.NaN
  after.forEach(([onCpu, waiting], i) => {
    const [onCpuBefore, waitingBefore] = before[i] ?? [onCpu, waiting]
    if (onCpu - onCpuBefore <= busiest) return
    busiest = onCpu - onCpuBefore
    cpuMs = busiest
    waitMs = waiting - waitingBefore
  })
  return [result, { cpuMs, waitMs }]
}

/** What one whole-tree build allocated and how often V8 collected its young generation meanwhile. */
interface BuildHeap {
  readonly bytesPerElement: number
  readonly scavenges: number
  readonly scavengeMs: number
  readonly longestScavengeMs: number
  readonly majorGcs: number
  /** Scavenges that began inside a slice (stretching it), not between two. */
  readonly scavengesInSlices: number
  readonly slices: number
  /** Why this build's slices over 12 ms ran long, and its slices' CPU time (the trace's tasks). */
  readonly overruns: SliceCauses
}

/**
 * A traced build's slices over 12 ms, by cause: a scavenge that began in the slice, or time the
 * thread spent waiting for a CPU (the slice's task ran on a CPU for no longer than 12 ms); and
 * its longest slice, wall and CPU (the task's thread time), and the most CPU any slice took.
 */
interface SliceCauses {
  readonly over: number
  readonly overWithScavenge: number
  readonly overWaiting: number
  /** The longest slice, ms, which slice it is (1 = the first), and its task's CPU ms (NaN: none found). */
  readonly longestMs: number
  readonly longestIndex: number
  readonly longestCpuMs: number
  /** The most CPU time a slice's task took, ms: what the builder's loop bounds. */
  readonly mostCpuMs: number
}

type Bench = {
  ColordayNavTree: {
    run: (markSlices?: boolean) => Promise<unknown>
    post: () => unknown
    update: () => Promise<unknown>
  }
}

/** A page of `size` stamped elements, laid out, with the tree builder loaded. */
const benchPage = async (browser: Browser, size: number, code: string): Promise<Page> => {
  const page = await browser.newPage()
  await page.setContent("<!doctype html><html><body></body></html>")
  await page.addScriptTag({ content: pageScript(size) })
  // The frame builds 300 ms after the page last changed, so the page has been laid out by
  // then: two frames let the browser lay it out before the build starts.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  await page.addScriptTag({ content: code })
  return page
}

interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly ts: number
  readonly dur?: number
  readonly tid: number
  readonly id?: string
  readonly id2?: { readonly local?: string }
  /** A complete event's time on a CPU (thread time), µs. */
  readonly tdur?: number
}

/**
 * Each trace event named `name` as [start, end] µs: complete events, begin/end pairs on a thread,
 * and async begin/end pairs by id (what a user-timing measure leaves).
 */
const eventSpans = (
  events: ReadonlyArray<TraceEvent>,
  name: string,
): Array<readonly [number, number]> => {
  const spans: Array<readonly [number, number]> = []
  const begun = new Map<string, number>()
  for (const event of events) {
    if (event.name !== name) continue
    const pair =
      event.ph === "b" || event.ph === "e"
        ? `async ${event.id ?? event.id2?.local}`
        : `thread ${event.tid}`
    if (event.ph === "X") spans.push([event.ts, event.ts + (event.dur ?? 0)])
    else if (event.ph === "B" || event.ph === "b") begun.set(pair, event.ts)
    else if (event.ph === "E" || event.ph === "e") {
      const start = begun.get(pair)
      if (start !== undefined) spans.push([start, event.ts])
      begun.delete(pair)
    }
  }
  return spans
}

const spanMs = ([start, end]: readonly [number, number]) => (end - start) / 1000

/** The tasks the renderer's threads ran, each with its thread time: the trace's toplevel category. */
const TASK_EVENT = "ThreadControllerImpl::RunTask"

/** Slack, µs, for a slice's measure against its task's span (the two clocks are read apart). */
const TASK_SLACK_US = 50

const sliceCauses = (
  events: ReadonlyArray<TraceEvent>,
  slices: ReadonlyArray<readonly [number, number]>,
  scavenges: ReadonlyArray<readonly [number, number]>,
): SliceCauses => {
  const tasks = events.filter((event) => event.name === TASK_EVENT && event.ph === "X")
  const cpuMs = ([from, to]: readonly [number, number]) => {
    const task = tasks.find(
      (event) =>
        event.tdur !== undefined &&
        event.ts <= from + TASK_SLACK_US &&
        event.ts + (event.dur ?? 0) >= to - TASK_SLACK_US,
    )
    return task?.tdur === undefined ? Number.NaN : task.tdur / 1000
  }
  const ordered = [...slices].sort((a, b) => a[0] - b[0])
  let over = 0
  let overWithScavenge = 0
  let overWaiting = 0
  let longestIndex = 0
  let mostCpuMs = 0
  ordered.forEach((slice, i) => {
    const ms = spanMs(slice)
    const cpu = cpuMs(slice)
    if (!Number.isNaN(cpu)) mostCpuMs = Math.max(mostCpuMs, cpu)
    if (ms > spanMs(ordered[longestIndex] ?? slice)) longestIndex = i
    if (ms <= AIM_LONGEST_SLICE_MS) return
    over += 1
    if (scavenges.some(([start]) => start >= slice[0] && start <= slice[1])) overWithScavenge += 1
    else if (cpu <= AIM_LONGEST_SLICE_MS) overWaiting += 1
  })
  const longest = ordered[longestIndex]
  return {
    over,
    overWithScavenge,
    overWaiting,
    longestMs: longest ? spanMs(longest) : 0,
    longestIndex: longestIndex + 1,
    longestCpuMs: longest ? cpuMs(longest) : Number.NaN,
    mostCpuMs,
  }
}

/**
 * A whole-tree build on a fresh page (the DOM wrappers of an earlier build would lower the
 * count), untimed: V8's sampling heap profiler counting every allocation, collected or not
 * (bytes per element, an estimate from 4 kB samples), and Chromium's trace for the young
 * generation's collections (scavenges, which stop the page while they run: in a slice, they
 * lengthen it). Figures the machine's load hardly changes, unlike the times.
 */
const buildHeap = async (browser: Browser, size: number, code: string): Promise<BuildHeap> => {
  const page = await benchPage(browser, size, code)
  try {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send("HeapProfiler.enable")
    await cdp.send("HeapProfiler.collectGarbage")
    await cdp.send("HeapProfiler.startSampling", {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    })
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "v8", "blink.user_timing", "toplevel"],
    })
    await page.evaluate(() => (window as unknown as Bench).ColordayNavTree.run(true))
    const trace = await browser.stopTracing()
    const { profile } = await cdp.send("HeapProfiler.stopSampling")
    await cdp.detach()
    let bytes = 0
    for (const nodes = [profile.head]; nodes.length > 0;) {
      const node = nodes.pop()
      if (!node) break
      bytes += node.selfSize
      nodes.push(...node.children)
    }
    const events = (JSON.parse(trace.toString("utf8")) as { traceEvents: Array<TraceEvent> })
      .traceEvents
    const scavenges = eventSpans(events, "MinorGC")
    const slices = eventSpans(events, SLICE_MEASURE)
    const scavengeMs = scavenges.map(spanMs)
    return {
      bytesPerElement: bytes / size,
      scavenges: scavenges.length,
      scavengeMs: scavengeMs.reduce((sum, ms) => sum + ms, 0),
      longestScavengeMs: Math.max(0, ...scavengeMs),
      majorGcs: eventSpans(events, "MajorGC").length,
      scavengesInSlices: scavenges.filter(([start]) =>
        slices.some(([from, to]) => start >= from && start <= to),
      ).length,
      slices: slices.length,
      overruns: sliceCauses(events, slices, scavenges),
    }
  } finally {
    await page.close()
  }
}

/** Where a whole-tree build's main-thread time goes: self time by function, in ms. */
interface BuildProfile {
  readonly sampledMs: number
  readonly functions: ReadonlyArray<readonly [string, number]>
}

/** The page size whose build is profiled: the largest, issue 20's. */
const PROFILED_SIZE = SIZES[SIZES.length - 1]
/** How many of a profile's functions, by self time, the bench prints. */
const PROFILE_TOP = 15

/**
 * A whole-tree build on a fresh page under V8's sampling CPU profiler (a sample every 100 µs),
 * untimed: the renderer main thread's self time per function (the page's own functions by name,
 * Blink's by the DOM method the build called, V8's collector as "(garbage collector)"), idle left
 * out. The profiler slows the build; the shares, not the sums, are the figures. Only with
 * NAV_TREE_PROFILE=1, at the largest size (it adds a build).
 */
const buildProfile = async (
  browser: Browser,
  size: number,
  code: string,
): Promise<BuildProfile> => {
  const page = await benchPage(browser, size, code)
  try {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send("Profiler.enable")
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 })
    await cdp.send("Profiler.start")
    await page.evaluate(() => (window as unknown as Bench).ColordayNavTree.run())
    const { profile } = await cdp.send("Profiler.stop")
    await cdp.detach()
    const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]))
    const self = new Map<string, number>()
    const deltas = profile.timeDeltas ?? []
    ;(profile.samples ?? []).forEach((id, i) => {
      const name = names.get(id) || "(anonymous)"
      // A sample's time is the gap to the next one.
      if (name !== "(idle)") self.set(name, (self.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
    })
    const functions = [...self].sort((a, b) => b[1] - a[1])
    return {
      sampledMs: functions.reduce((sum, [, ms]) => sum + ms, 0),
      functions: functions.slice(0, PROFILE_TOP),
    }
  } finally {
    await page.close()
  }
}

const navTree = async () => {
  if (!chromiumAvailable) {
    console.log(`frame nav tree: skipped. ${INSTALL_HINT}`)
    return
  }
  const profiling = process.env.NAV_TREE_PROFILE === "1"
  const listing = process.env.NAV_TREE_SLICES === "1"
  const sliceLists: Array<string> = []
  // The tree builder alone, exposed for the page: the frame's own code, not a copy.
  const entry = `${ROOT}bench/support/frame-nav-tree-entry.ts`
  const code = await bundle(entry, "ColordayNavTree")
  // The profile names the frame's own functions: the same code, not minified.
  const readable = profiling ? await bundle(entry, "ColordayNavTree", false) : ""
  const browser = await launchChromium()
  const rows: Array<Array<string>> = []
  const posts: Array<[number, PostStats]> = []
  const heaps: Array<[number, BuildHeap]> = []
  const profiles: Array<[number, BuildProfile]> = []
  const aims = `aim ≤ ${AIM_WHOLE_TREE_MS} ms, slices ≤ ${AIM_LONGEST_SLICE_MS} ms`
  try {
    for (const size of SIZES) {
      const page = await benchPage(browser, size, code)
      const [full, fullTime] = await rendererTime(
        async () =>
          (await page.evaluate(() =>
            (window as unknown as Bench).ColordayNavTree.run(),
          )) as NavTreeStats,
      )
      posts.push([
        size,
        (await page.evaluate(() =>
          (window as unknown as Bench).ColordayNavTree.post(),
        )) as PostStats,
      ])
      const [update, updateTime] = await rendererTime(
        async () =>
          (await page.evaluate(() =>
            (window as unknown as Bench).ColordayNavTree.update(),
          )) as NavTreeStats,
      )
      for (const [what, s, { cpuMs, waitMs }] of [
        ["whole tree", full, fullTime],
        [`one change (${update.mode})`, update, updateTime],
      ] as const) {
        sliceLists.push(
          `${integer.format(size)}, ${what}, slice ms: ${s.sliceMs.map((ms) => decimals(1).format(ms)).join(" ")}`,
        )
        rows.push([
          integer.format(size),
          what,
          integer.format(s.elements),
          decimals(1).format(s.totalMs),
          decimals(1).format(s.workMs),
          Number.isNaN(cpuMs) ? "—" : decimals(1).format(cpuMs),
          Number.isNaN(waitMs) ? "—" : decimals(1).format(waitMs),
          integer.format(s.slices),
          decimals(1).format(s.longestSliceMs),
          integer.format(s.sliceMs.indexOf(s.longestSliceMs) + 1),
          integer.format(s.sliceMs.filter((ms) => ms > AIM_LONGEST_SLICE_MS).length),
          what === "whole tree" ? aims : `slices ≤ ${AIM_LONGEST_SLICE_MS} ms`,
        ])
      }
      await page.close()
      heaps.push([size, await buildHeap(browser, size, code)])
      if (profiling && size === PROFILED_SIZE) {
        profiles.push([size, await buildProfile(browser, size, readable)])
      }
    }
  } finally {
    await browser.close()
  }
  printTable(
    [
      "elements",
      "build",
      "elements read",
      "ms",
      "work ms",
      "cpu ms",
      "waited ms",
      "slices",
      "longest slice ms",
      "its #",
      `over ${AIM_LONGEST_SLICE_MS} ms`,
      "aim",
    ],
    rows,
  )
  console.log(
    "Chromium, headless; a slice per task, the browser rendering between them. ms: from the call to the tree;",
  )
  console.log(
    "work ms: the slices together; cpu ms: the renderer main thread's CPU time over the call (/proc schedstat),",
  )
  console.log(
    "which the machine's load stretches less than the others; waited ms: how long that thread was ready to run",
  )
  console.log(
    `but waited for a CPU meanwhile (schedstat), the machine's share of the wall time; its #: which slice was the`,
  )
  console.log(
    `longest (1: the first); over ${AIM_LONGEST_SLICE_MS} ms: slices longer than the aim. NAV_TREE_SLICES=1 lists each slice's ms.`,
  )
  if (listing) for (const line of sliceLists) console.log(line)
  printTable(
    [
      "elements",
      "allocated B/element",
      "scavenges",
      "in slices",
      "scavenge ms",
      "longest scavenge ms",
      "major GCs",
    ],
    heaps.map(([size, heap]) => [
      integer.format(size),
      integer.format(heap.bytesPerElement),
      integer.format(heap.scavenges),
      `${integer.format(heap.scavengesInSlices)} of ${integer.format(heap.slices)} slices`,
      decimals(1).format(heap.scavengeMs),
      decimals(1).format(heap.longestScavengeMs),
      integer.format(heap.majorGcs),
    ]),
  )
  console.log(
    "A second whole-tree build on a fresh page, untimed: bytes allocated per element (V8's sampling heap profiler,",
  )
  console.log(
    "collected objects included) and the young generation's collections during it (Chromium's trace, MinorGC);",
  )
  console.log(
    "in slices: those that began inside a slice (a user-timing measure per slice), stretching it, not between two.",
  )
  const cpu = (ms: number) => (Number.isNaN(ms) ? "—" : decimals(1).format(ms))
  printTable(
    [
      "elements",
      `over ${AIM_LONGEST_SLICE_MS} ms`,
      "with a scavenge",
      "waiting for a CPU",
      "longest slice ms",
      "its #",
      "its CPU ms",
      "most CPU in a slice ms",
    ],
    heaps.map(([size, { slices, overruns: o }]) => [
      integer.format(size),
      `${integer.format(o.over)} of ${integer.format(slices)} slices`,
      integer.format(o.overWithScavenge),
      integer.format(o.overWaiting),
      decimals(1).format(o.longestMs),
      integer.format(o.longestIndex),
      cpu(o.longestCpuMs),
      cpu(o.mostCpuMs),
    ]),
  )
  console.log(
    `The same build's slices (its trace) over ${AIM_LONGEST_SLICE_MS} ms, by cause: a scavenge began in it, or else its task ran on a CPU for no`,
  )
  console.log(
    `longer than ${AIM_LONGEST_SLICE_MS} ms (the rest of the slice it waited for one); CPU: the slice's task's thread time (the trace's toplevel`,
  )
  console.log(
    "category). The heap profiler slows this build; the CPU column is what the builder's loop bounds, the load aside.",
  )
  for (const [size, { sampledMs, functions }] of profiles) {
    printTable(
      [`${integer.format(size)} elements: self time`, "ms", "share"],
      functions.map(([name, ms]) => [
        name,
        decimals(1).format(ms),
        `${integer.format((100 * ms) / sampledMs)} %`,
      ]),
    )
    console.log(
      `A third whole build on a fresh page, not minified, under V8's CPU profiler (100 µs samples, ${decimals(0).format(sampledMs)} ms sampled, idle left out): the ${PROFILE_TOP} functions with the most self time.`,
    )
  }
  if (!profiling) console.log("NAV_TREE_PROFILE=1 adds where each build's time goes (CPU profile).")
  printTable(
    ["elements", "body's outer HTML", "read ms", "NAV_TREE posted ms", "note"],
    posts.map(([size, post]) => [
      integer.format(size),
      kb(post.bytes),
      decimals(1).format(post.outerHtmlMs),
      decimals(1).format(post.postMs),
      "each one task, not sliced (no aim in issue 20)",
    ]),
  )
}

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * A class added in the editor's inspector: the time from pressing Enter to the iframe showing it
 * (the frame's instant preview) and to the file holding it (the server's rewrite), over the real
 * `colorday editor` and Chromium.
 */
const classEdit = async () => {
  if (!chromiumAvailable) {
    console.log(`frame class edit: skipped. ${INSTALL_HINT}`)
    return
  }
  const editor = await startEditor()
  const browser = await launchChromium()
  const previews: Array<number> = []
  const writes: Array<number> = []
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const signals = await watchEditorSignals(context)
    const page = await context.newPage()
    page.setDefaultTimeout(STEP_MS)
    await page.goto(editor.url, { timeout: STARTUP_MS })
    await page
      .getByRole("tree", { name: "Page elements" })
      .getByText("TaskList")
      .first()
      .waitFor({ timeout: STARTUP_MS })
    const canvas = page.frameLocator('iframe[title="Canvas: the edited app"]')
    const input = page
      .getByRole("complementary", { name: "Inspector" })
      .getByRole("combobox", { name: "Add a class" })
    // On a fresh copy Vite may reload the app once its dependencies are optimised (later on a
    // busy machine), dropping the selection: before each edit, select until the inspector shows
    // the button.
    const selectButton = async () => {
      const deadline = performance.now() + STARTUP_MS
      while (!(await input.isVisible())) {
        if (performance.now() > deadline) {
          throw new Error(`the button in the canvas could not be selected in ${STARTUP_MS} ms`)
        }
        await canvas.getByRole("button", { name: "Get started" }).first().click()
        await input.waitFor({ state: "visible", timeout: 5_000 }).catch(() => undefined)
      }
    }
    const file = join(editor.root, "src/App.tsx")
    for (const name of EDIT_CLASSES) {
      await selectButton()
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())
      if (!frame) throw new Error("the editor shows no app")
      const index = signals.writes()
      await input.fill(name)
      const started = performance.now()
      await input.press("Enter")
      await frame.waitForFunction(
        (wanted) =>
          [...document.querySelectorAll("button")].some((b) => b.classList.contains(wanted)),
        name,
        { polling: "raf", timeout: STEP_MS },
      )
      previews.push(performance.now() - started)
      // The server's answer comes once the file is written; the file is read to be sure.
      await signals.written(index, STEP_MS)
      if (!(await readFile(file, "utf8")).includes(name)) {
        throw new Error(`the server answered the edit, but src/App.tsx has no ${name}`)
      }
      writes.push(performance.now() - started)
      // The hot reload and the frame's new tree settle before the next edit.
      await signals.settled(page, index, STEP_MS)
    }
  } finally {
    await browser.close()
    const exited = new Promise((resolve) => editor.child.once("exit", resolve))
    editor.child.kill("SIGINT")
    await exited
    await rm(editor.root, { recursive: true, force: true })
  }
  printTable(
    ["class edit", "median ms", "slowest ms", "what"],
    [
      [
        "iframe shows it",
        decimals(1).format(median(previews)),
        decimals(1).format(Math.max(...previews)),
        `${previews.length} edits, the frame's instant preview`,
      ],
      [
        "file holds it",
        decimals(1).format(median(writes)),
        decimals(1).format(Math.max(...writes)),
        "POST /canvases/…/addClass, rewritten and written",
      ],
    ],
  )
}

const only = process.argv.slice(2)
const selected = CASES.filter(
  (bench) => only.length === 0 || only.some((word) => bench.name.includes(word)),
)
if (selected.length === 0) {
  console.log(
    `\nNo frame case matches ${only.join(", ")}; cases: ${CASES.map((c) => c.name).join("; ")}`,
  )
} else {
  console.log(`\nColorday frame bench: Node ${process.version}`)
  const work = {
    "frame bundle": frameBundle,
    "frame nav tree": navTree,
    "frame class edit": classEdit,
  }
  for (const bench of selected) await runCase(bench.name, work[bench.name])
  reportFailedCases("frame bench")
}
