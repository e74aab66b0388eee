import { existsSync } from "node:fs"
import { type Browser, type BrowserServer, chromium } from "playwright-core"

/**
 * The browser of the e2e tier: Debian's Chromium (`apt-get install -y chromium`), driven by
 * playwright-core. Playwright's own browser downloads do not work on this project's machines.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH?.trim() || "/usr/bin/chromium"

/** The flags checked on this project's machines (shared/TOOLCHAIN.md). */
export const CHROMIUM_FLAGS: ReadonlyArray<string> = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]

export const chromiumAvailable = existsSync(CHROMIUM_PATH)

export const INSTALL_HINT = `Chromium is missing at ${CHROMIUM_PATH}: install it with \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH)`

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })

/**
 * Chromium as a browser server, for the e2e tier's global setup: one browser for the whole run,
 * which each test file joins with `chromium.connect(wsEndpoint)` (support/session.ts).
 */
export const launchChromiumServer = (): Promise<BrowserServer> =>
  chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
