import { useEffect } from "react"
import { useMatches } from "react-router-dom"

/** What the dashboard is called in the browser's tab. */
export const ADMIN_NAME = "Colorday admin"

/** A dashboard route's `handle`: the section's name, which titles the tab. */
export interface AdminRouteHandle {
  readonly title: string
}

/** A section's title: "Contests · Colorday admin". */
export const adminTitle = (section: string): string => `${section} · ${ADMIN_NAME}`

const sectionOf = (handle: unknown): string | undefined =>
  typeof handle === "object" &&
  handle !== null &&
  "title" in handle &&
  typeof handle.title === "string"
    ? handle.title
    : undefined

/** Titles the tab from the deepest route that names its section, on every navigation. */
export const useAdminTitle = (): void => {
  const section = useMatches()
    .map((match) => sectionOf(match.handle))
    .filter((title) => title !== undefined)
    .at(-1)
  useEffect(() => {
    document.title = section === undefined ? ADMIN_NAME : adminTitle(section)
  }, [section])
}
