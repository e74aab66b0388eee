import { useSyncExternalStore } from "react"
import {
  currentTimeZone,
  displayTimeZoneSetting,
  shortDate,
  subscribeDisplayTimeZone,
} from "./format.ts"
import { useLanguage } from "./i18n.tsx"

/**
 * The zone dates are shown in (the member's setting, else the browser's), re-rendering when it
 * changes: a date drawn before the member's settings arrived is redrawn in their zone.
 */
export const useDisplayTimeZone = (): string =>
  useSyncExternalStore(subscribeDisplayTimeZone, currentTimeZone, currentTimeZone)

/**
 * The member's zone setting, undefined while it is the browser's own (displayTimeZoneSetting),
 * re-rendering when it changes.
 */
export const useDisplayTimeZoneSetting = (): string | undefined =>
  useSyncExternalStore(subscribeDisplayTimeZone, displayTimeZoneSetting, displayTimeZoneSetting)

/** A <time> with the gallery's short date, "Nov 22, 2026", in the display zone and the page's language. */
export const ShortDate = ({ iso }: { readonly iso: string }) => {
  useLanguage()
  // The member's setting, else the browser's own zone (undefined), which shortDate writes without
  // building an Intl formatter in English.
  return <time dateTime={iso}>{shortDate(iso, useDisplayTimeZoneSetting())}</time>
}
