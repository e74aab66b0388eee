// Web figures: what the home page costs to load, and Lighthouse's view of the site. Builds the web
// app (`npm run build`), then prints (1) the home route's JavaScript and CSS, raw and gzipped: the
// entry script of apps/web/dist/index.html with the chunks it imports (its modulepreloads), the
// HomePage chunk with its own imports, and the style sheet; (2) Lighthouse performance and
// accessibility scores of /, /gallery, /leaderboard and an entry's page on its mobile (default)
// and desktop settings, and the accessibility score of every other page a visitor reaches (the
// list the axe sweep walks, desktop), against a real `colorday serve` over the demo world in a
// temporary DATA_DIR. Prints figures only, never
// asserts one. Run with `npm run bench` (after the other benchmarks), or `npm run bench -- web`
// (all cases), `-- bundle` or `-- lighthouse` for one; (3) `-- long` (web long frames): what the
// main thread runs in each long frame while the timed pages load (bench/web-long-frames.ts).
// Lighthouse and the long frames need Chromium
// (`sudo apt-get install -y chromium`; CHROMIUM_PATH for another place).
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib"
import lighthouse, { desktopConfig, type Config, type Result } from "lighthouse"
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  chromiumAvailable,
  INSTALL_HINT,
} from "../tests/e2e/support/chromium.ts"
import { type Site, startSite } from "../tests/e2e/support/site.ts"
import { RESULT_PAGES, resultAddresses, ROUTES } from "../tests/e2e/support/site-pages.ts"
import { reportFailedCases, runCase } from "./support/cases.ts"
import { printLongFrames } from "./web-long-frames.ts"
import { decimals, integer, printTable } from "./support/table.ts"

const ROOT = fileURLToPath(new URL("../", import.meta.url))
const DIST = join(ROOT, "apps", "web", "dist")
const ASSETS = join(DIST, "assets")
const VITE = join(ROOT, "node_modules", "vite", "bin", "vite.js")
/** The pages whose speed issue 20 sets an aim for; an entry's page is named by the demo world. */
const TIMED_PAGES = ["/", "/gallery", "/leaderboard"] as const

const CASES = [
  { name: "web bundle" },
  { name: "web lighthouse" },
  { name: "web long frames" },
] as const

// ---------------------------------------------------------------------------------------------
// The build and the home route's assets

const build = (): number => {
  const started = performance.now()
  const result = spawnSync(
    process.execPath,
    [VITE, "build", "--config", "apps/web/vite.config.ts", "--logLevel", "warn"],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  )
  if (result.status !== 0) {
    throw new Error(`building the web app failed:\n${result.stdout}\n${result.stderr}`)
  }
  return performance.now() - started
}

/** "/assets/x.js" → "x.js" */
const assetName = (href: string) => href.replace(/^\/?assets\//, "")

/** The chunks a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`). */
const staticImports = (file: string): ReadonlyArray<string> => {
  const code = readFileSync(join(ASSETS, file), "utf8")
  const found = new Set<string>()
  for (const match of code.matchAll(
    /\bfrom\s*["']\.\/([^"']+\.js)["']|\bimport\s*["']\.\/([^"']+\.js)["']/g,
  )) {
    const name = match[1] ?? match[2]
    if (name) found.add(name)
  }
  return [...found]
}

/** A chunk and everything it imports statically, transitively. */
const closure = (roots: ReadonlyArray<string>): ReadonlySet<string> => {
  const seen = new Set<string>()
  const queue = [...roots]
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue
    seen.add(file)
    queue.push(...staticImports(file))
  }
  return seen
}

interface Sizes {
  readonly files: number
  readonly raw: number
  readonly gzip: number
  /** At the highest quality, as the build writes the .br files `colorday serve` sends. */
  readonly brotli: number
}

/** The page itself: the shell and its inlined critical CSS (apps/ui/vite.app-config.ts). */
const PAGE = "index.html"

const sizesOf = (files: Iterable<string>): Sizes => {
  let count = 0
  let raw = 0
  let gzip = 0
  let brotli = 0
  for (const file of files) {
    const content = readFileSync(join(file === PAGE ? DIST : ASSETS, file))
    count += 1
    raw += content.length
    gzip += gzipSync(content, { level: 9 }).length
    brotli += brotliCompressSync(content, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
    }).length
  }
  return { files: count, raw, gzip, brotli }
}

const kilobytes = decimals(1)
const kB = (bytes: number) => `${kilobytes.format(bytes / 1024)} kB`

const homeBundle = (): void => {
  const html = readFileSync(join(DIST, "index.html"), "utf8")
  const entry = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1]
  if (!entry) throw new Error("apps/web/dist/index.html has no module script")
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (match) => assetName(match[1] ?? ""),
  )
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) =>
    assetName(match[1] ?? ""),
  )
  const homeChunk = readdirSync(ASSETS).find((file) => /^HomePage-[\w-]+\.js$/.test(file))
  if (!homeChunk) throw new Error("no HomePage-*.js chunk in apps/web/dist/assets")

  const entryFiles = closure([assetName(entry), ...preloads])
  const homeFiles = [...closure([homeChunk])].filter((file) => !entryFiles.has(file))
  const allJs = new Set([...entryFiles, ...homeFiles])
  const unpreloaded = [...entryFiles].filter(
    (file) => file !== assetName(entry) && !preloads.includes(file),
  )

  const row = (name: string, sizes: Sizes, note: string) => [
    name,
    integer.format(sizes.files),
    kB(sizes.raw),
    kB(sizes.gzip),
    kB(sizes.brotli),
    note,
  ]
  console.log("\nHome route (/): what the browser loads before the page can render")
  printTable(
    ["part", "files", "raw", "gzip", "brotli", "what"],
    [
      row(
        "entry JS",
        sizesOf(entryFiles),
        `${assetName(entry)} + ${preloads.length} modulepreload(s)${
          unpreloaded.length > 0 ? `; imported but not preloaded: ${unpreloaded.join(", ")}` : ""
        }`,
      ),
      row("HomePage JS", sizesOf(homeFiles), `${homeChunk} and the chunks only it imports`),
      row("CSS", sizesOf(styles), styles.join(", ")),
      row("home JS total", sizesOf(allJs), "entry + HomePage"),
      row(
        "home JS + CSS",
        sizesOf([...allJs, ...styles]),
        "JS and stylesheet; aim (issue 20): ≤ 90 kB brotli",
      ),
      row(
        "page",
        sizesOf([PAGE]),
        "index.html: the header drawn before the scripts, its critical CSS inlined",
      ),
      row("whole route", sizesOf([PAGE, ...allJs, ...styles]), "page + JS + CSS"),
    ],
  )
}

// ---------------------------------------------------------------------------------------------
// Lighthouse against a real server

/** Chromium with a DevTools port for Lighthouse; resolves with the port once it listens. */
const launchForLighthouse = async (): Promise<{ port: number; stop: () => Promise<void> }> => {
  const profile = mkdtempSync(join(tmpdir(), "colorday-lighthouse-"))
  const chrome: ChildProcess = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  )
  const exited = new Promise<void>((resolve) => chrome.once("exit", () => resolve()))
  const stop = async () => {
    if (chrome.exitCode === null && chrome.signalCode === null) chrome.kill("SIGTERM")
    await exited
    rmSync(profile, { recursive: true, force: true })
  }
  let output = ""
  const port = await new Promise<number>((resolve, reject) => {
    // A deadline for a busy machine, not a pause: the port resolves as soon as Chromium says it.
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 120_000)
    chrome.stderr?.setEncoding("utf8")
    chrome.stderr?.on("data", (chunk: string) => {
      output += chunk
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
      if (found) {
        clearTimeout(timer)
        resolve(Number(found[1]))
      }
    })
    chrome.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`Chromium exited (${String(code)}) before listening:\n${output}`))
    })
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { port, stop }
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? "-" : integer.format(value * 100)

const millis = (value: number | undefined) =>
  value === undefined ? "-" : `${integer.format(value)} ms`

/**
 * How a Lighthouse run is cut down while one works on a page (the full run is the default):
 * LIGHTHOUSE_RUNS runs of each timed page and preset, the median reported (3: Lighthouse's
 * simulated throttling scales with the CPU the machine has left, so one run on a busy machine
 * says little); LIGHTHOUSE_ONLY=mobile (or desktop) for that setting of the timed pages only (no
 * accessibility sweep of the other pages); LIGHTHOUSE_PAGES=/,/gallery,entry for some of the timed pages
 * ("entry" for the demo entry's page); LIGHTHOUSE_SAVE=<folder> to keep each run's report
 * (JSON, for Lighthouse's viewer).
 */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? "3") || 1)
const ONLY_SETTING = process.env.LIGHTHOUSE_ONLY
const MOBILE_ONLY = ONLY_SETTING === "mobile"
const DESKTOP_ONLY = ONLY_SETTING === "desktop"
const PAGE_CHOICE = process.env.LIGHTHOUSE_PAGES?.split(",").map((page) => page.trim())
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE

type Audits = Result["audits"]

/** The run whose performance score is the median (the middle one of an odd number). */
const medianRun = (runs: ReadonlyArray<Result>): Result => {
  const sorted = [...runs].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  )
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]
  if (!middle) throw new Error("no Lighthouse run to take the median of")
  return middle
}

const SHORT_METRIC: Readonly<Record<string, string>> = {
  "first-contentful-paint": "FCP",
  "speed-index": "SI",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
}

/** "LCP 3,120 ms −7": each weighted metric that costs points, the largest first. */
const pointsLost = (lhr: Result): string => {
  const lost = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => {
      const found = lhr.audits[ref.id]
      const points = ref.weight * (1 - (found?.score ?? 0))
      const value =
        ref.id === "cumulative-layout-shift"
          ? decimals(3).format(found?.numericValue ?? Number.NaN)
          : millis(found?.numericValue)
      return {
        points,
        text: `${SHORT_METRIC[ref.id] ?? ref.id} ${value} −${decimals(1).format(points)}`,
      }
    })
    .filter((metric) => metric.points >= 0.05)
    .sort((a, b) => b.points - a.points)
  return lost.length === 0 ? "none" : lost.map((metric) => metric.text).join(", ")
}

interface DetailsLike {
  readonly type?: string
  readonly items?: ReadonlyArray<Record<string, unknown>>
}

const itemsOf = (audits: Audits, id: string): ReadonlyArray<Record<string, unknown>> =>
  (audits[id]?.details as DetailsLike | undefined)?.items ?? []

/** A resource's address without the origin (the page's own files are what one looks for). */
const shortUrl = (url: unknown, origin: string) =>
  typeof url === "string" ? url.replace(origin, "") || "/" : String(url)

/**
 * The largest contentful paint's element and its phases as the trace saw them (not throttled:
 * the proportions are what count), from the LCP breakdown insight.
 */
const lcpLine = (audits: Audits): string => {
  const parts = itemsOf(audits, "lcp-breakdown-insight")
  let element = "-"
  const phases: Array<string> = []
  for (const part of parts) {
    if (part.type === "node") {
      const node = part as { selector?: string; snippet?: string }
      element = (node.snippet ?? node.selector ?? "-").slice(0, 90)
    } else if (part.type === "table") {
      for (const row of (part as DetailsLike).items ?? []) {
        phases.push(`${String(row.subpart)} ${millis(row.duration as number)}`)
      }
    }
  }
  return `${element}${phases.length > 0 ? ` (observed: ${phases.join(", ")})` : ""}`
}

/** The audits that say they would save time on a scored metric, the largest saving first. */
const savingsLine = (audits: Audits): string => {
  const found = Object.values(audits)
    .filter((item) => item.score !== null && item.score < 1 && item.metricSavings)
    .map((item) => {
      const savings = Object.entries(item.metricSavings ?? {}).filter(
        ([, value]) => value !== undefined && value > 0,
      ) as Array<[string, number]>
      const total = savings.reduce(
        (sum, [metric, value]) => sum + (metric === "CLS" ? value * 10_000 : value),
        0,
      )
      const what = savings
        .map(([metric, value]) =>
          metric === "CLS" ? `CLS ${decimals(3).format(value)}` : `${metric} ${millis(value)}`,
        )
        .join(" ")
      return {
        total,
        text: `${item.id} (${what}${item.displayValue ? `; ${item.displayValue}` : ""})`,
      }
    })
    .filter((item) => item.total > 0)
    .sort((a, b) => b.total - a.total)
  return found.length === 0 ? "none" : found.map((item) => item.text).join("; ")
}

/** The longest main-thread tasks, with the script each ran. */
const longTasksLine = (audits: Audits, origin: string): string => {
  const tasks = itemsOf(audits, "long-tasks")
    .map((task) => ({ url: shortUrl(task.url, origin), duration: Number(task.duration) }))
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 4)
  return tasks.length === 0
    ? "none"
    : tasks.map((task) => `${task.url} ${millis(task.duration)}`).join(", ")
}

/** What the page fetches before its first paint can happen, and what it could leave for later. */
const blockingLine = (audits: Audits, origin: string): string => {
  const blocking = itemsOf(audits, "render-blocking-insight").map(
    (item) =>
      `${shortUrl(item.url, origin)}${item.wastedMs ? ` ${millis(Number(item.wastedMs))}` : ""}`,
  )
  const unused = audits["unused-javascript"]?.details as
    { overallSavingsBytes?: number } | undefined
  return [
    `render-blocking: ${blocking.length === 0 ? "none" : blocking.join(", ")}`,
    `unused JS: ${kB(unused?.overallSavingsBytes ?? 0)}`,
    `requests: ${integer.format(itemsOf(audits, "network-requests").length)}`,
  ].join("; ")
}

const lighthouseScores = async (): Promise<void> => {
  if (!chromiumAvailable) {
    console.log(`\nLighthouse: skipped. ${INSTALL_HINT}`)
    return
  }
  let site: Site | undefined
  let chrome: Awaited<ReturnType<typeof launchForLighthouse>> | undefined
  try {
    const startedAt = performance.now()
    ;[site, chrome] = await Promise.all([startSite(), launchForLighthouse()])
    console.log(
      `\nLighthouse (performance, accessibility): colorday serve on ${site.url}, demo world ` +
        `seeded in ${integer.format(performance.now() - startedAt)} ms; ` +
        `median of ${integer.format(LIGHTHOUSE_RUNS)} run(s) per page and setting`,
    )
    const presets: ReadonlyArray<{ name: string; config: Config | undefined }> = [
      ...(DESKTOP_ONLY ? [] : [{ name: "mobile (simulated slow 4G, 4x CPU)", config: undefined }]),
      ...(MOBILE_ONLY ? [] : [{ name: "desktop", config: desktopConfig }]),
    ]
    const addresses = await resultAddresses(site)
    const allTimed = [...TIMED_PAGES, addresses.entry]
    const timed = allTimed.filter(
      (page) =>
        PAGE_CHOICE === undefined ||
        PAGE_CHOICE.includes(page) ||
        (page === addresses.entry && PAGE_CHOICE.includes("entry")),
    )
    const others =
      MOBILE_ONLY || DESKTOP_ONLY
        ? []
        : [
            ...ROUTES.filter((route) => !allTimed.includes(route)),
            ...RESULT_PAGES.map(([, addressOf]) => addressOf(addresses)).filter(
              (route) => !allTimed.includes(route),
            ),
          ]
    if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true })
    const audit = async (page: string, config: Config | undefined, timedToo: boolean) => {
      const result = await lighthouse(
        `${site?.url ?? ""}${page}`,
        {
          port: chrome?.port ?? 0,
          output: "json",
          logLevel: "error",
          onlyCategories: timedToo ? ["performance", "accessibility"] : ["accessibility"],
        },
        config,
      )
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`)
      return result.lhr
    }
    /** The accessibility audits a page fails (each costs it points). */
    const failingAudits = (audits: Audits) => {
      const failing = Object.values(audits)
        .filter((found) => found.score === 0 && found.scoreDisplayMode === "binary")
        .map((found) => found.id)
      return failing.length === 0 ? "-" : failing.join(", ")
    }
    const accessibility: Array<Array<string>> = []
    const rows: Array<Array<string>> = []
    const costs: Array<string> = []
    for (const page of timed) {
      for (const preset of presets) {
        const runs: Array<Result> = []
        const loads: Array<string> = []
        for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
          loads.push(decimals(1).format(loadavg()[0] ?? 0))
          const lhr = await audit(page, preset.config, true)
          runs.push(lhr)
          if (SAVE_DIR) {
            const name = `${page.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}-${
              preset.config === desktopConfig ? "desktop" : "mobile"
            }-${run}.json`
            writeFileSync(join(SAVE_DIR, name), JSON.stringify(lhr))
          }
        }
        const median = medianRun(runs)
        const { categories, audits, runtimeError } = median
        const metric = (id: string) => audits[id]?.numericValue
        const scores = runs.map((lhr) => score(lhr.categories.performance?.score))
        rows.push([
          page,
          score(categories.performance?.score),
          runs.length > 1 ? scores.join(" ") : "-",
          score(categories.accessibility?.score),
          millis(metric("first-contentful-paint")),
          millis(metric("largest-contentful-paint")),
          millis(metric("speed-index")),
          millis(metric("total-blocking-time")),
          decimals(3).format(metric("cumulative-layout-shift") ?? Number.NaN),
          `${preset.name}; load ${loads.join(" ")}${
            runtimeError ? `; error: ${runtimeError.message}` : ""
          }`,
        ])
        if (preset.config === undefined) {
          // What costs the mobile points, from the median run: where to look next.
          const origin = site.url
          costs.push(
            `${page} (mobile, ${score(categories.performance?.score)})`,
            `  points lost: ${pointsLost(median)}`,
            `  LCP element: ${lcpLine(audits)}`,
            `  long tasks: ${longTasksLine(audits, origin)}`,
            `  ${blockingLine(audits, origin)}`,
            `  audits with savings: ${savingsLine(audits)}`,
          )
        }
        if (preset.config === desktopConfig) {
          accessibility.push([page, score(categories.accessibility?.score), failingAudits(audits)])
        }
      }
    }
    printTable(
      [
        "page",
        "performance",
        "runs",
        "accessibility",
        "FCP",
        "LCP",
        "SI",
        "TBT",
        "CLS",
        "settings",
      ],
      rows,
    )
    if (costs.length > 0) {
      console.log(`\nWhat costs the mobile points (the median run)\n${costs.join("\n")}`)
    }
    // Every other page: accessibility only (aim 100), with the audits that cost it points.
    for (const page of others) {
      const { categories, audits } = await audit(page, desktopConfig, false)
      accessibility.push([page, score(categories.accessibility?.score), failingAudits(audits)])
    }
    if (accessibility.length > 0) {
      printTable(["page (desktop)", "accessibility", "failing audits"], accessibility)
    }
  } finally {
    await chrome?.stop()
    await site?.stop()
  }
}

// ---------------------------------------------------------------------------------------------
// What the main thread is busy with while the timed pages load (bench/web-long-frames.ts)

const longFrames = async (): Promise<void> => {
  if (!chromiumAvailable) {
    console.log(`\nLong frames: skipped. ${INSTALL_HINT}`)
    return
  }
  const site = await startSite()
  try {
    const addresses = await resultAddresses(site)
    await printLongFrames(site, [...TIMED_PAGES, addresses.entry], DIST)
  } finally {
    await site.stop()
  }
}

// ---------------------------------------------------------------------------------------------
// Main

const only = process.argv.slice(2)
const selected = CASES.filter(
  (bench) => only.length === 0 || only.some((word) => bench.name.includes(word)),
)
if (selected.length === 0) {
  // Not an error: the words may have been meant for the other benchmarks.
  console.log(
    `\nNo web case matches ${only.join(", ")}; cases: ${CASES.map((c) => c.name).join("; ")}`,
  )
} else {
  console.log(`\nColorday web bench: Node ${process.version}`)
  // WEB_BUILT=1 measures the apps/web/dist already there (several runs of one build).
  const built = await runCase("web build", () => {
    if (process.env.WEB_BUILT === "1") console.log("Measuring the apps/web/dist already built")
    else console.log(`Built apps/web/dist in ${integer.format(build())} ms`)
  })
  const work = {
    "web bundle": homeBundle,
    "web lighthouse": lighthouseScores,
    "web long frames": longFrames,
  }
  for (const bench of selected) {
    if (!built) console.log(`${bench.name}: skipped (the build failed)`)
    else await runCase(bench.name, work[bench.name])
  }
  reportFailedCases("web bench")
}
