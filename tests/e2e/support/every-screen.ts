/**
 * Runs a step on every screen size's run at once (the desktop and the phone side by side), so they
 * share the server's and the browser's waits; fails with each size's failure, named: the first
 * failure is thrown with "[on <screen>]" before its message and the others' messages after it.
 */
export const onEveryScreenOf = async <Run extends { readonly viewport: { readonly name: string } }>(
  runs: ReadonlyArray<Run>,
  step: (run: Run) => Promise<void>,
): Promise<void> => {
  const settled = await Promise.allSettled(runs.map((run) => step(run)))
  const failures = settled.flatMap((result, index) =>
    result.status === "rejected"
      ? [{ screen: runs[index]?.viewport.name ?? "?", error: result.reason as unknown }]
      : [],
  )
  const first = failures[0]
  if (!first) return
  const others = failures
    .slice(1)
    .map(
      ({ screen, error }) => `\n[also on ${screen}] ${(error as Error)?.message ?? String(error)}`,
    )
    .join("")
  if (first.error instanceof Error) {
    first.error.message = `[on ${first.screen}] ${first.error.message}${others}`
    throw first.error
  }
  throw new Error(`[on ${first.screen}] ${String(first.error)}${others}`)
}
