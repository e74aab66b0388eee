import { useEffect, useLayoutEffect, useRef } from "react"
import { NavigationType, useLocation, useNavigationType, type Location } from "react-router-dom"
import { isLightboxState } from "../entries/lightbox.ts"

/**
 * The site's scroll restoration (issue 20). The site's router is the declarative `<BrowserRouter>`,
 * which scrolls nothing itself (React Router's `<ScrollRestoration>` needs its data router, 91 KB
 * of the app chunk). So this does, for every navigation:
 *
 * - Going to another page (a link, a redirect, or back to a page with no kept position) starts it
 *   at the top. Staying on the page (a gallery tab or order, a flag in the address, which replace
 *   the address) keeps the scroll, and so does opening a lightbox over the page or walking it
 *   (location state from openEntry).
 * - Back and forward (and a reload) put a page where it was, even when the page is laid out later:
 *   a screen's code and data arrive after the address changed, and the site's build runs on
 *   Preact (issue 17), which renders the new route in a later batch. So after a back/forward this
 *   scrolls to the kept position on each frame until the page is tall enough or `SETTLE_MS` has
 *   passed, stopping as soon as the reader scrolls, presses a key or touches the page.
 *
 * The last position of each history entry is kept under `getKey` (the history entry's key, or the
 * layout's own for a shared link), in memory and, when the page is left, in the tab's session
 * storage, so a reload or a return through the history from another document finds it. The
 * browser's own restoration is off: it would scroll before the page exists.
 */
const positions = new Map<string, number>()

/** How long after a back/forward or a reload the page may take to grow tall enough. */
const SETTLE_MS = 2500

/** Where the positions wait for a reload of the tab, and how many of the latest it keeps. */
const STORAGE_KEY = "colorday.scroll-positions"
const STORED_AT_MOST = 200

const readStored = (): ReadonlyArray<[string, number]> => {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]")
    return Array.isArray(stored)
      ? stored.filter(
          (pair): pair is [string, number] =>
            Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "number",
        )
      : []
  } catch {
    // No session storage (a locked-down browser) or a value this did not write: nothing kept.
    return []
  }
}

/**
 * The positions an earlier document of the tab kept, read at the first restore, and only when
 * this document is a reload or a return through the history: a page opened anew has nothing to
 * restore (and the first entry of every document has the same key, "default"), and reading the
 * session storage cost 14–20 ms of a phone's first render at 4× CPU (measured).
 */
let storedRead = false
const keptPosition = (key: string): number | undefined => {
  if (!storedRead) {
    storedRead = true
    // The document's navigation entry (a PerformanceNavigationTiming); jsdom has no timeline.
    const [navigation] =
      typeof performance.getEntriesByType === "function"
        ? performance.getEntriesByType("navigation")
        : []
    const type = navigation && "type" in navigation ? navigation.type : undefined
    const returning = type === "reload" || type === "back_forward"
    if (returning)
      for (const [stored, y] of readStored()) if (!positions.has(stored)) positions.set(stored, y)
  }
  return positions.get(key)
}

/** On leaving the document: this document's positions over the ones kept before, the latest kept. */
const store = () => {
  try {
    const merged = new Map(readStored())
    for (const [key, y] of positions) {
      // Deleted first, so the latest positions are the last in the map, the ones kept.
      merged.delete(key)
      merged.set(key, y)
    }
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...merged].slice(-STORED_AT_MOST)))
  } catch {
    // Full or refused: a reload starts at the top, as it would without this.
  }
}

/** The history entry the reader is scrolling, and whether a restore of it is still settling. */
let current: { key: string; settling: boolean } | undefined

const onScroll = () => {
  if (current && !current.settling) positions.set(current.key, window.scrollY)
}

export const useScrollSettle = (getKey: (location: Location) => string) => {
  const location = useLocation()
  const navigation = useNavigationType()
  const key = getKey(location)
  const shownPath = useRef<string | undefined>(undefined)

  useEffect(() => {
    window.history.scrollRestoration = "manual"
    window.addEventListener("scroll", onScroll, { passive: true })
    window.addEventListener("pagehide", store)
    return () => {
      window.removeEventListener("scroll", onScroll)
      window.removeEventListener("pagehide", store)
    }
  }, [])

  useLayoutEffect(() => {
    const samePage = shownPath.current === location.pathname || isLightboxState(location.state)
    shownPath.current = location.pathname
    const target = navigation === NavigationType.Pop ? keptPosition(key) : undefined
    const entry = { key, settling: target !== undefined }
    current = entry
    if (target === undefined) {
      if (!samePage) window.scrollTo(0, 0)
      return
    }
    const started = performance.now()
    let frame = 0
    const stop = () => {
      entry.settling = false
      cancelAnimationFrame(frame)
      for (const event of STOPPERS) window.removeEventListener(event, stop)
    }
    const settle = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= target
      if (reachable && Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target)
      const settled = reachable && Math.abs(window.scrollY - target) <= 1
      if (settled || performance.now() - started > SETTLE_MS) stop()
      else frame = requestAnimationFrame(settle)
    }
    for (const event of STOPPERS) window.addEventListener(event, stop, { passive: true })
    frame = requestAnimationFrame(settle)
    return stop
    // The path and state read above are those of the navigation `key` names.
  }, [key, navigation])
}

/** What the reader does that means they have taken over the scroll. */
const STOPPERS = ["wheel", "touchstart", "keydown", "mousedown"] as const
