import { useSyncExternalStore } from "react"
import { currentTimeZone, shortDate, subscribeDisplayTimeZone } from "./format.ts"
import { useLanguage } from "./i18n.tsx"

/**
 * The zone dates are shown in (the member's setting, else the browser's), re-rendering when it
 * changes: a date drawn before the member's settings arrived is redrawn in their zone.
 */
export const useDisplayTimeZone = (): string =>
  useSyncExternalStore(subscribeDisplayTimeZone, currentTimeZone, currentTimeZone)

/** A <time> with the gallery's short date, "Nov 22, 2026", in the display zone and the page's language. */
export const ShortDate = ({ iso }: { readonly iso: string }) => {
  useLanguage()
  return <time dateTime={iso}>{shortDate(iso, useDisplayTimeZone())}</time>
}
