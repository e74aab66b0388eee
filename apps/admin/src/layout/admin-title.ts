import { useEffect } from "react"
import { useMatches } from "react-router-dom"
import { useT, type Translate } from "../../../ui/src/i18n.tsx"

/** What the dashboard is called in the browser's tab ("Colorday admin" in English). */
export const adminName = (t: Translate): string => t("admin.layout.name")

/** A dashboard route's `handle`: the message id of the section's name, which titles the tab. */
export interface AdminRouteHandle {
  readonly title: string
}

/** A section's title: "Contests · Colorday admin". */
export const adminTitle = (section: string, t: Translate): string =>
  t("admin.layout.tabTitle", { section, name: adminName(t) })

const sectionOf = (handle: unknown): string | undefined =>
  typeof handle === "object" &&
  handle !== null &&
  "title" in handle &&
  typeof handle.title === "string"
    ? handle.title
    : undefined

/** Titles the tab from the deepest route that names its section, on every navigation and language. */
export const useAdminTitle = (): void => {
  const t = useT()
  const section = useMatches()
    .map((match) => sectionOf(match.handle))
    .filter((title) => title !== undefined)
    .at(-1)
  const title = section === undefined ? adminName(t) : adminTitle(t(section), t)
  useEffect(() => {
    document.title = title
  }, [title])
}
