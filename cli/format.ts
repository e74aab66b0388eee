import type { Member } from "../domain/accounts/member.entity.ts"
import type { Instant } from "../domain/shared/ids.ts"

/** How the commands print: aligned columns for lists, `label  value` lines for one thing. */

/** An instant as ISO 8601 in UTC, without milliseconds when they are zero. */
export const isoTime = (instant: Instant | null | undefined): string =>
  instant === null || instant === undefined || !Number.isFinite(instant)
    ? "-"
    : new Date(instant).toISOString().replace(".000Z", "Z")

/** Rows under a header, each column as wide as its widest cell; `empty` when there are none. */
export const table = (
  headers: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
  empty: string,
): string => {
  if (rows.length === 0) return empty
  const cells = rows.map((row) => row.map(String))
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...cells.map((row) => (row[column] ?? "").length)),
  )
  const line = (row: ReadonlyArray<string>) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd()
  return [line(headers), ...cells.map(line)].join("\n")
}

/** `label  value` lines with the values aligned. */
export const fields = (pairs: ReadonlyArray<readonly [string, string | number]>): string => {
  const width = Math.max(...pairs.map(([label]) => label.length))
  return pairs.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join("\n")
}

/** A hint for the next page of a list, when there is one. */
export const nextPageHint = (nextCursor: string | null): string =>
  nextCursor === null ? "" : `\nmore: --cursor ${nextCursor}`

/** A member as the CLI shows it: never the password hash. */
export const memberView = ({ passwordHash: _secret, ...member }: Member) => member

export type MemberView = ReturnType<typeof memberView>
