/** The site's settings, in memory. */
import { Effect, Option } from "effect"
import { SiteSettings } from "../../domain/site/site-settings.port.ts"
import type { MemoryStore } from "./memory-store.ts"

export const siteSettings = (store: MemoryStore) =>
  SiteSettings.of({
    defaultPrize: Effect.sync(() => Option.fromNullishOr(store.tables.siteSettings.defaultPrize)),
    setDefaultPrize: (prize, at) =>
      Effect.sync(() => {
        store.tables.siteSettings = { defaultPrize: prize, updatedAt: at }
      }),
  })
