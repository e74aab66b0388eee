import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { chromiumAvailable, INSTALL_HINT } from "./chromium.ts"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const VITE = fileURLToPath(new URL("../../../node_modules/vite/bin/vite.js", import.meta.url))

/** The apps `npm run build` builds, each served by `colorday serve` (DEFAULT_WEB_APPS). */
const APPS = [
  { name: "the web app", config: "apps/web/vite.config.ts", dist: "apps/web/dist" },
  { name: "the admin dashboard", config: "apps/admin/vite.config.ts", dist: "apps/admin/dist" },
  { name: "the editor", config: "apps/editor/vite.config.ts", dist: "apps/editor/dist" },
] as const

/**
 * Once per run of the e2e project: checks for Chromium (missing: one loud line and the tier is
 * skipped; under CI it fails) and builds the apps as `npm run build` does, which every test
 * file's `colorday serve` then serves: the site from apps/web/dist at /, the dashboard from
 * apps/admin/dist at /admin.
 */
export default function setup(): void {
  if (!chromiumAvailable) {
    if (process.env.CI === "true" || process.env.CI === "1") {
      throw new Error(`e2e: ${INSTALL_HINT}; CI must run the browser tests`)
    }
    console.warn(`\n!!! e2e SKIPPED: ${INSTALL_HINT} !!!\n`)
    return
  }
  for (const app of APPS) {
    const started = performance.now()
    const build = spawnSync(
      process.execPath,
      [VITE, "build", "--config", app.config, "--logLevel", "warn"],
      { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    )
    if (build.status !== 0 || !existsSync(`${ROOT}${app.dist}/index.html`)) {
      throw new Error(
        `e2e: building ${app.name} failed (exit ${String(build.status)}):\n${build.stdout}\n${build.stderr}`,
      )
    }
    console.log(`e2e: built ${app.dist} in ${Math.round(performance.now() - started)} ms`)
  }
}
