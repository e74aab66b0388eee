import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { TestProject } from "vitest/node"
import { chromiumAvailable, INSTALL_HINT, launchChromiumServer } from "./chromium.ts"
import { utcDay } from "./run-context.ts"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const VITE = fileURLToPath(new URL("../../../node_modules/vite/bin/vite.js", import.meta.url))
const CLI = join(ROOT, "cli", "main.ts")

/** The apps `npm run build` builds, each served by `colorday serve` (DEFAULT_WEB_APPS). */
const APPS = [
  { name: "the web app", config: "apps/web/vite.config.ts", dist: "apps/web/dist" },
  { name: "the admin dashboard", config: "apps/admin/vite.config.ts", dist: "apps/admin/dist" },
  { name: "the editor", config: "apps/editor/vite.config.ts", dist: "apps/editor/dist" },
] as const

/** Runs Node on a script from the repository's root; fails with its output. */
const node = (what: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = process.env) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    child.once("error", reject)
    child.once("exit", (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`e2e: ${what} failed (${String(code ?? signal)}):\n${output}`))
    })
  })

/**
 * The builds' environment: production's, as `npm run build` has it. Vitest sets NODE_ENV=test in
 * this process, and Vite keeps a NODE_ENV it finds, so the apps were built with their
 * development-only code (Lingui's runtime message compiler, Preact's and the libraries' checks):
 * 30 KB more in the site's app chunk than what ships, and not the code the tests meant to drive.
 */
const BUILD_ENV: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" }

const buildApps = async () => {
  for (const app of APPS) {
    const started = performance.now()
    await node(
      `building ${app.name}`,
      [VITE, "build", "--config", app.config, "--logLevel", "warn"],
      BUILD_ENV,
    )
    if (!existsSync(`${ROOT}${app.dist}/index.html`)) {
      throw new Error(`e2e: building ${app.name} left no ${app.dist}/index.html`)
    }
    console.log(`e2e: built ${app.dist} in ${Math.round(performance.now() - started)} ms`)
  }
}

/**
 * The demo world, once: `colorday db migrate` and `colorday seed --demo` into a fresh DATA_DIR
 * (the SQLite file and its images folder), which each startSite copies instead of seeding again.
 */
const seedDemoTemplate = async (dataDir: string): Promise<string> => {
  const started = performance.now()
  const day = utcDay()
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
  // The embedded SQLite default, whatever the shell has.
  delete env.DATABASE_URL
  await node("`colorday db migrate` of the demo template", [CLI, "db", "migrate"], env)
  await node("`colorday seed --demo` of the demo template", [CLI, "seed", "--demo"], env)
  console.log(`e2e: seeded the demo world in ${Math.round(performance.now() - started)} ms`)
  // Seeded across midnight: which day it laid out is unclear, so no site copies it.
  return utcDay() === day ? day : ""
}

/**
 * Once per run of the e2e project: checks for Chromium (missing: one loud line and the tier is
 * skipped; under CI it fails), builds the apps as `npm run build` does (every test file's
 * `colorday serve` serves them: the site at /, the dashboard at /admin), seeds the demo world once
 * into a template DATA_DIR, and launches the one Chromium every test file connects to (a fresh
 * context per test). Failed tests leave their traces and screenshots under test-results/e2e/.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (!chromiumAvailable) {
    if (process.env.CI === "true" || process.env.CI === "1") {
      throw new Error(`e2e: ${INSTALL_HINT}; CI must run the browser tests`)
    }
    console.warn(`\n!!! e2e SKIPPED: ${INSTALL_HINT} !!!\n`)
    return
  }
  const template = mkdtempSync(join(tmpdir(), "colorday-e2e-demo-"))
  // The builds and the seeding each keep a core busy: side by side they take the longer's time.
  const [, day] = await Promise.all([buildApps(), seedDemoTemplate(template)]).catch(
    (error: unknown) => {
      rmSync(template, { recursive: true, force: true })
      throw error
    },
  )
  const server = await launchChromiumServer()
  project.provide("chromiumWsEndpoint", server.wsEndpoint())
  project.provide("demoTemplateDir", template)
  project.provide("demoTemplateDay", day)
  return async () => {
    await server.close()
    rmSync(template, { recursive: true, force: true })
  }
}
