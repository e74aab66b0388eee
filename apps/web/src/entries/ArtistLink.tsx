import { Link } from "react-router-dom"
import type { Entry } from "../api/types.ts"
import { artistOf, artistPath, artistUsernameOf } from "./entry-view.ts"

/** An artist's name, linked to their page (/artists/:username); plain text when there is none. */
export const ArtistLink = ({
  entry,
  className = "",
}: {
  readonly entry: Pick<Entry, "username"> & Partial<Pick<Entry, "artistUsername">>
  readonly className?: string
}) => {
  const username = artistUsernameOf(entry)
  if (username === "") return <span className={className}>{artistOf(entry)}</span>
  return (
    <Link to={artistPath(username)} className={`hover:underline ${className}`}>
      {artistOf(entry)}
    </Link>
  )
}
