import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type axe from "axe-core"
import type { BrowserContext, Page } from "playwright-core"

/**
 * axe-core's minified build: the same code as `axe.source` (its unminified axe.js, 1.5 MB) in
 * 0.65 MB, to send to the page and parse.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
)

/**
 * Puts axe-core into every document the context loads, before the page's own scripts (an init
 * script, which the Content Security Policy does not govern). For a tab that visits many pages:
 * sent to the browser once instead of at each visit (about half a second a visit on a loaded
 * machine, measured with the pages sweep).
 */
export const axeInEveryPage = async (context: BrowserContext): Promise<void> => {
  await context.addInitScript({ content: AXE_SOURCE })
}

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, so the site's Content
 * Security Policy stays on) and returns the violations of impact serious or critical, one line
 * each, with the first few offending elements.
 */
export const seriousAxeViolations = async (page: Page): Promise<ReadonlyArray<string>> => {
  const loaded = await page.evaluate(() => "axe" in window)
  if (!loaded) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe
    const results = await run.run(document, { resultTypes: ["violations"] })
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
      summary: violation.nodes[0]?.failureSummary ?? "",
    }))
  })
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact}: ${violation.id} (${violation.help}) at ${violation.targets.join(" | ")} — ${violation.summary.replaceAll("\n", " ")}`,
    )
}
