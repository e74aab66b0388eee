/** How every bench prints its figures: an aligned table, names and notes left, numbers right. */

export const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })
export const decimals = (digits: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })

/** The first and last columns read left to right; the figures between line up on the right. */
export const printTable = (
  header: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string>>,
): void => {
  const widths = header.map((h, c) =>
    Math.max(h.length, ...rows.map((row) => (row[c] ?? "").length)),
  )
  const align = (text: string, c: number) =>
    c === 0 || c === header.length - 1 ? text.padEnd(widths[c] ?? 0) : text.padStart(widths[c] ?? 0)
  const line = (row: ReadonlyArray<string>) => row.map(align).join("  ").trimEnd()
  console.log(line(header))
  console.log(widths.map((w) => "-".repeat(w)).join("  "))
  for (const row of rows) console.log(line(row))
}
