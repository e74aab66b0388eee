import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { chromiumAvailable, INSTALL_HINT } from "./chromium.ts"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const VITE = fileURLToPath(new URL("../../../node_modules/vite/bin/vite.js", import.meta.url))

/**
 * Once per run of the e2e project: checks for Chromium (missing: one loud line and the tier is
 * skipped; under CI it fails) and builds the web app (`npm run build`), which every test file's
 * `colorday serve` then serves from apps/web/dist.
 */
export default function setup(): void {
  if (!chromiumAvailable) {
    if (process.env.CI === "true" || process.env.CI === "1") {
      throw new Error(`e2e: ${INSTALL_HINT}; CI must run the browser tests`)
    }
    console.warn(`\n!!! e2e SKIPPED: ${INSTALL_HINT} !!!\n`)
    return
  }
  const started = performance.now()
  const build = spawnSync(
    process.execPath,
    [VITE, "build", "--config", "apps/web/vite.config.ts", "--logLevel", "warn"],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  )
  if (build.status !== 0 || !existsSync(`${ROOT}apps/web/dist/index.html`)) {
    throw new Error(
      `e2e: building the web app failed (exit ${String(build.status)}):\n${build.stdout}\n${build.stderr}`,
    )
  }
  console.log(`e2e: built apps/web/dist in ${Math.round(performance.now() - started)} ms`)
}
