import axe from "axe-core"
import type { Page } from "playwright-core"

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, so the site's Content
 * Security Policy stays on) and returns the violations of impact serious or critical, one line
 * each, with the first few offending elements.
 */
export const seriousAxeViolations = async (page: Page): Promise<ReadonlyArray<string>> => {
  const loaded = await page.evaluate(() => "axe" in window)
  if (!loaded) await page.evaluate(axe.source)
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
