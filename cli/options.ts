import { readFile } from "node:fs/promises"
import { InvalidArgumentError } from "commander"
import { Effect } from "effect"
import { usage } from "./run.ts"

/**
 * Argument parsers and readers shared by the commands. A parser throws commander's
 * InvalidArgumentError, which commander reports in one line naming the option (exit 2).
 */

export interface JsonOption {
  readonly json?: boolean | undefined
}

/** The runner's output settings from a command's `--json` flag. */
export const outputOf = (options: JsonOption) => ({ json: options.json === true })

const ISO_WITH_ZONE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/i

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/**
 * An ISO 8601 date and time with a zone (`2026-11-23T00:00:00Z`, `2026-11-23T09:00+01:00`), as
 * epoch milliseconds; undefined for anything else, a local time without a zone included.
 */
export const parseInstant = (text: string): number | undefined => {
  const match = ISO_WITH_ZONE.exec(text.trim())
  if (!match) return undefined
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(match[i]))
  const second = Number(match[6] ?? 0)
  const millis = Number((match[7] ?? "0").padEnd(3, "0").slice(0, 3))
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined
  ) {
    return undefined
  }
  const offsetHours = Number(match[10] ?? 0)
  const offsetMinutes = Number(match[11] ?? 0)
  const valid =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59
  if (!valid) return undefined
  const offset = (match[9] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset
}

/** Commander parser for `--start` / `--end`. */
export const instantArgument = (text: string): number => {
  const instant = parseInstant(text)
  if (instant === undefined) {
    throw new InvalidArgumentError(
      "Expected an ISO 8601 date and time with a zone, like 2026-11-23T00:00:00Z or 2026-11-23T09:00:00+01:00.",
    )
  }
  return instant
}

/** Commander parser for `--limit`: a whole number from 1. */
export const limitArgument = (text: string): number => {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1) {
    throw new InvalidArgumentError("Expected a whole number of 1 or more.")
  }
  return Number(text)
}

/** The bytes of a file named on the command line; a file that cannot be read is bad usage. */
export const readFileArgument = (path: string) =>
  Effect.tryPromise({ try: () => readFile(path), catch: (cause) => cause }).pipe(
    Effect.map((buffer): Uint8Array => buffer),
    Effect.catch((cause) => {
      const code = (cause as { code?: unknown } | null)?.code
      if (code === "ENOENT") return usage(`file not found: ${path}`)
      if (code === "EISDIR") return usage(`not a file: ${path}`)
      const reason = cause instanceof Error ? cause.message : String(cause)
      return usage(`cannot read ${path}: ${reason}`)
    }),
  )

/** The viewer's time zone for periods: this machine's zone, else UTC. */
export const localTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"
  } catch {
    return "UTC"
  }
}
