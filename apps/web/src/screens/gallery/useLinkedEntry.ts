import "./catalog.ts"
import { useCallback, useEffect, useRef, useState } from "react"
import { useLocation, useSearchParams } from "react-router-dom"
import { isLightboxState } from "../../entries/lightbox.ts"
import { translate } from "../../../../ui/src/i18n.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { cardId } from "./GalleryCard.tsx"

/** §9: the linked card is scrolled to 100 ms after it is found, and ringed for 3 s. */
export const SCROLL_DELAY_MS = 100
export const HIGHLIGHT_MS = 3000

/**
 * A shared link, /gallery?submission={id}: which entry to look for (until found or given up),
 * and which card is ringed right now.
 */
export const useLinkedEntry = () => {
  const [params] = useSearchParams()
  const location = useLocation()
  const linked = params.get("submission")
  // Behind a lightbox the address is the entry's; the gallery's own link has not changed.
  const behindLightbox = isLightboxState(location.state)
  const followed = useRef(linked)
  const toast = useToast()
  const [seeking, setSeeking] = useState<string | null>(linked)
  const [found, setFound] = useState<string | null>(null)
  const [highlighted, setHighlighted] = useState<string | null>(null)

  // Another link followed while the gallery is open starts a new search.
  useEffect(() => {
    if (behindLightbox || followed.current === linked) return
    followed.current = linked
    setSeeking(linked)
  }, [linked, behindLightbox])

  const onSought = useCallback(
    (entryId: string | null) => {
      setSeeking(null)
      if (entryId !== null) setFound(entryId)
      else
        toast({
          title: translate("web.gallery.linked.notFound"),
          description: translate("web.gallery.linked.notFoundText"),
        })
    },
    [toast],
  )

  useEffect(() => {
    if (found === null) return
    const scroll = window.setTimeout(() => {
      const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
      document
        .getElementById(cardId(found))
        ?.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "center" })
      setHighlighted(found)
    }, SCROLL_DELAY_MS)
    const fade = window.setTimeout(() => {
      setHighlighted(null)
      setFound(null)
    }, SCROLL_DELAY_MS + HIGHLIGHT_MS)
    return () => {
      window.clearTimeout(scroll)
      window.clearTimeout(fade)
    }
  }, [found])

  return { seeking, highlighted, onSought }
}
