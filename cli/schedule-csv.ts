import { dirname, resolve } from "node:path"
import { parse } from "csv-parse/sync"
import { Effect } from "effect"
import { scheduleContestAs } from "../domain/contests/manage-contest.use-case.ts"
import { ValidationFailed } from "../domain/shared/errors.ts"
import { transactionally } from "../domain/shared/unit-of-work.port.ts"
import { ImageStore } from "../domain/submissions/image-store.port.ts"
import { readFileArgument } from "./options.ts"
import { usage } from "./run.ts"

/** The columns `contest schedule-csv` reads; the first three are required. */
const COLUMNS = ["date", "title", "line_art", "description", "art_style"] as const

interface Row {
  readonly line: number
  readonly date: string
  readonly title: string
  readonly lineArt: string
  readonly description: string
  readonly artStyle: string
}

const rowsOf = (text: string) => {
  let records: Array<Record<string, string>>
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true })
  } catch (error) {
    return usage(`the CSV cannot be read: ${(error as Error).message}`)
  }
  const header = Object.keys(records[0] ?? {})
  const missing = COLUMNS.slice(0, 3).filter((column) => !header.includes(column))
  if (records.length === 0) return usage("the CSV has no rows under its header")
  if (missing.length > 0) return usage(`the CSV lacks the column(s) ${missing.join(", ")}`)
  const unknown = header.filter((column) => !(COLUMNS as ReadonlyArray<string>).includes(column))
  if (unknown.length > 0) return usage(`the CSV has unknown column(s) ${unknown.join(", ")}`)
  return Effect.succeed(
    records.map((record, index): Row => ({
      line: index + 2,
      date: record.date ?? "",
      title: record.title ?? "",
      lineArt: record.line_art ?? "",
      description: record.description ?? "",
      artStyle: record.art_style ?? "",
    })),
  )
}

/**
 * Schedules one daily contest per CSV row, with its line art. Every file is read first; then the
 * pages are stored and the contests created in one transaction, so a bad row (a clash, a bad
 * date) leaves nothing behind: no contest, and the pages stored for it are removed.
 */
export const scheduleFromCsv = (file: string, timeZone: string) =>
  Effect.gen(function* () {
    const text = new TextDecoder().decode(yield* readFileArgument(file))
    const rows = yield* rowsOf(text)
    const folder = dirname(resolve(file))
    const pages = yield* Effect.forEach(rows, (row) =>
      row.lineArt === ""
        ? usage(`line ${row.line}: line_art is empty`)
        : readFileArgument(resolve(folder, row.lineArt)),
    )
    const images = yield* ImageStore
    const stored: Array<string> = []
    return yield* transactionally(
      Effect.forEach(rows, (row, index) =>
        Effect.gen(function* () {
          const page = yield* images.store(pages[index] as Uint8Array, "line-art")
          stored.push(page.key)
          return yield* scheduleContestAs(null, {
            day: row.date,
            timeZone,
            title: row.title,
            description: row.description,
            artStyle: row.artStyle,
            contestType: "daily",
            lineArt: page.key,
          }).pipe(
            Effect.mapError(
              (error) =>
                new ValidationFailed({
                  issues: [
                    { field: `line ${row.line}`, title: "Row refused", message: error.message },
                  ],
                }),
            ),
          )
        }),
      ),
    ).pipe(
      Effect.onError(() => Effect.forEach(stored, (key) => images.remove(key), { discard: true })),
    )
  })
