import { Effect, Option } from "effect"
import { type ContestPrize, PRIZE_KINDS } from "../../domain/contests/contest-prize.ts"
import { SiteSettings } from "../../domain/site/site-settings.port.ts"
import { Database } from "./database.ts"
import { type SiteSettingRow, SiteSettingTable } from "./site-tables.ts"

/** The row name of each setting in `site_settings`. */
export const DEFAULT_PRIZE_SETTING = "default-prize"

/** A stored prize read back, or none when the row is missing or not a prize this code knows. */
export const parseStoredPrize = (value: string | undefined): Option.Option<ContestPrize> => {
  if (value === undefined) return Option.none()
  try {
    const parsed = JSON.parse(value) as Partial<ContestPrize>
    return typeof parsed.kind === "string" &&
      (PRIZE_KINDS as ReadonlyArray<string>).includes(parsed.kind) &&
      typeof parsed.text === "string" &&
      (parsed.amount === null || typeof parsed.amount === "number")
      ? Option.some({ kind: parsed.kind, text: parsed.text, amount: parsed.amount })
      : Option.none()
  } catch {
    return Option.none()
  }
}

/** The site's settings in `site_settings`, one row per setting, its value as JSON. */
export const makeSiteSettingsRepository = Effect.gen(function* () {
  const db = yield* Database
  return SiteSettings.of({
    defaultPrize: db
      .run((m) =>
        m
          .getRepository<SiteSettingRow>(SiteSettingTable)
          .findOneBy({ name: DEFAULT_PRIZE_SETTING }),
      )
      .pipe(Effect.map((row) => parseStoredPrize(row?.value))),
    setDefaultPrize: (prize, at) =>
      db
        .run(async (m): Promise<unknown> => {
          const settings = m.getRepository<SiteSettingRow>(SiteSettingTable)
          return prize === null
            ? settings.delete({ name: DEFAULT_PRIZE_SETTING })
            : settings.upsert(
                { name: DEFAULT_PRIZE_SETTING, value: JSON.stringify(prize), updatedAt: at },
                ["name"],
              )
        })
        .pipe(Effect.asVoid),
  })
})
