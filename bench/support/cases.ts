/**
 * One bench case at a time, each on its own: a case that throws (a wait that timed out, a server
 * that did not start) is reported as FAILED with its reason, and the bench goes on with the next
 * case. The process then ends with exit code 1 and a list of what failed, so `npm run bench` says
 * so without losing the figures of the other cases.
 */

const failed: Array<{ readonly name: string; readonly reason: string }> = []

const firstLines = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split("\n").slice(0, 6).join("\n  ")

/** Runs one case; answers whether it finished. */
export const runCase = async (name: string, work: () => Promise<void> | void): Promise<boolean> => {
  try {
    await work()
    return true
  } catch (error) {
    const reason = firstLines(error)
    failed.push({ name, reason })
    console.log(`\n${name}: FAILED, going on with the next case\n  ${reason}`)
    return false
  }
}

/** At the end of a bench: lists the failed cases and sets exit code 1 when there are any. */
export const reportFailedCases = (bench: string): void => {
  if (failed.length === 0) return
  console.log(
    `\n${bench}: ${failed.length} case(s) FAILED: ${failed.map((f) => f.name).join("; ")}`,
  )
  process.exitCode = 1
}
