import { useState, type ReactElement } from "react"
import { useLocation, useOutlet } from "react-router-dom"
import { isLightboxState } from "./lightbox.ts"

/** What the entry route learns from the layout: whether it is shown as a lightbox over a page. */
export interface PageOutletContext {
  readonly lightbox: boolean
}

/**
 * The layout's outlet, with the lightbox: when a grid opens /entries/:id (location state from
 * openEntry), the page it came from stays rendered — the same element, so it stays mounted with
 * its scroll, tabs and loaded pages — and the entry route renders over it as a dialog. Without a
 * page to keep (a reload, a shared link), the entry route renders as its full page.
 */
export const PageOutlet = () => {
  const location = useLocation()
  const [background, setBackground] = useState<{
    readonly key: string
    readonly element: ReactElement | null
  } | null>(null)
  const overPage = isLightboxState(location.state) && background !== null
  const live = useOutlet({ lightbox: overPage } satisfies PageOutletContext)
  // The last page shown without a lightbox is the one a lightbox opens over.
  if (!isLightboxState(location.state) && background?.key !== location.key) {
    setBackground({ key: location.key, element: live })
  }
  return (
    <>
      {overPage ? background.element : live}
      {overPage && live}
    </>
  )
}
