import { fileURLToPath } from "node:url"

/**
 * What the e2e tier's global setup hands the test files (vitest's provide/inject), and where a
 * failed test leaves its traces and screenshots (printed with the failure; CI lists the folder).
 */

declare module "vitest" {
  interface ProvidedContext {
    /** The run's one Chromium (Playwright's browser server), for `chromium.connect`. */
    readonly chromiumWsEndpoint: string
    /** A DATA_DIR migrated and seeded with the demo world once; each startSite copies it. */
    readonly demoTemplateDir: string
    /** The UTC day (YYYY-MM-DD) the template was seeded on: its "today" and "tomorrow". */
    readonly demoTemplateDay: string
  }
}

export const E2E_RESULTS_DIR = fileURLToPath(new URL("../../../test-results/e2e/", import.meta.url))

/** Today's UTC day, YYYY-MM-DD: the day the demo world's contests are laid out from. */
export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10)

/**
 * The demo world's template DATA_DIR when running under vitest's e2e project (undefined elsewhere,
 * e.g. in `npm run bench`, where `colorday serve` seeds on first start as before). Undefined too
 * once the UTC day has turned since the template was seeded: its "today" is yesterday then (the
 * current contest would be the one seeded as tomorrow's, without entries), so the site seeds a
 * demo world of its own day on first start instead.
 */
export const demoTemplateDir = async (): Promise<string | undefined> => {
  if (!process.env.VITEST) return undefined
  const { inject } = await import("vitest")
  const dir = inject("demoTemplateDir")
  if (!dir || inject("demoTemplateDay") !== utcDay()) return undefined
  return dir
}
