import { useEffect, useLayoutEffect } from "react"
import { NavigationType, useLocation, useNavigationType, type Location } from "react-router-dom"

/**
 * Back and forward put a page where it was, even when the page is laid out after the router
 * restored the scroll position. React Router's <ScrollRestoration> scrolls in a layout effect of
 * its own; on React the restored route is in the same commit, but the site's build runs on Preact
 * (issue 17), which renders the outlet's new route in a later batch. The router then scrolls while
 * the previous page is still in the document, the browser clamps the position to that page's
 * height, and the gallery came back at the artist page's last pixel instead of where it was.
 *
 * This keeps the last position of each history entry (under the router's own key, see `getKey`)
 * and, after a back/forward, scrolls there again on each frame until the page is tall enough or
 * a second has passed, stopping as soon as the reader scrolls, presses a key or touches the page.
 * No library does this: it is the repair of one ordering between two of them.
 */
const positions = new Map<string, number>()

/** How long after a back/forward the page may take to grow tall enough. */
const SETTLE_MS = 1000

/** The history entry the reader is scrolling, and whether a restore of it is still settling. */
let current: { key: string; settling: boolean } | undefined

const onScroll = () => {
  if (current && !current.settling) positions.set(current.key, window.scrollY)
}

export const useScrollSettle = (getKey: (location: Location) => string) => {
  const location = useLocation()
  const navigation = useNavigationType()
  const key = getKey(location)

  useEffect(() => {
    window.addEventListener("scroll", onScroll, { passive: true })
    return () => window.removeEventListener("scroll", onScroll)
  }, [])

  useLayoutEffect(() => {
    const target = navigation === NavigationType.Pop ? positions.get(key) : undefined
    const entry = { key, settling: target !== undefined }
    current = entry
    if (target === undefined) return
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
  }, [key, navigation])
}

/** What the reader does that means they have taken over the scroll. */
const STOPPERS = ["wheel", "touchstart", "keydown", "mousedown"] as const
