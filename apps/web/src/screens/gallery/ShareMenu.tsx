import "./catalog.ts"
import { Check, Share2 } from "lucide-react"
import { MENU_OPENING, useFirstOpen } from "../../../../ui/src/first-open.ts"
import { deferred, useIdlePreload } from "../../../../ui/src/idle-preload.ts"
import { Suspense, useEffect, useState } from "react"
import type { Entry } from "../../api/types.ts"
import { copyText } from "../../entries/clipboard.ts"
import { artistOf, entryLink } from "../../entries/entry-view.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import {
  COPIED_MS,
  shareMessage,
  shareTitle,
  shareText,
  socialCaption,
  SOCIAL_SITES,
  type SocialSite,
} from "./share.ts"

/**
 * The open menu in a chunk of its own (ShareMenuOpen.tsx): the gallery's first screen loads none
 * of Radix's menu and popper code. Fetched when the page is idle, or at the first press; until it
 * is there the plain button stays.
 */
const openMenu = deferred(() =>
  import("./ShareMenuOpen.tsx").then((module) => module.ShareMenuOpen),
)

const canShareNatively = () => typeof navigator.share === "function"

const TRIGGER_CLASS = "rounded-full p-2 text-slate-700 hover:bg-slate-100"

/**
 * An entry's share menu (§9): the device's share sheet when there is one, a copied link (the card
 * shows a check mark for 2 s), or a caption for Instagram or TikTok copied before the site opens.
 * The menu itself is mounted when its button is first pressed.
 */
export const ShareMenu = ({ entry }: { readonly entry: Entry }) => {
  const t = useT()
  const toast = useToast()
  const [copied, setCopied] = useState(false)
  const menu = useFirstOpen(MENU_OPENING)
  useIdlePreload(openMenu.preload)
  const artist = artistOf(entry)
  const link = entryLink(window.location.origin, entry.id)

  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS)
    return () => window.clearTimeout(timer)
  }, [copied])

  /** The link alone (Copy link), or the whole invitation when the share sheet failed. */
  const copyLink = async (text = link) => {
    if (await copyText(text)) setCopied(true)
    else {
      toast({
        title: t("web.gallery.share.copyFailed"),
        description: t("web.gallery.share.copyInstead", { link }),
      })
    }
  }

  const shareNatively = async () => {
    try {
      await navigator.share({ title: shareTitle(artist), text: shareText(), url: link })
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to a copy.
      if (error instanceof DOMException && error.name === "AbortError") return
      await copyLink(shareMessage(link))
    }
  }

  const shareTo = async (site: SocialSite) => {
    // The copy starts inside the click, before the new tab takes the focus.
    const copying = copyText(socialCaption(artist, link))
    window.open(SOCIAL_SITES[site].url, "_blank", "noopener,noreferrer")
    if (await copying) {
      setCopied(true)
      toast({
        title: t("web.gallery.share.captionCopied"),
        description: t("web.gallery.share.paste", { site: SOCIAL_SITES[site].label }),
      })
    } else {
      toast({
        title: t("web.gallery.share.copyFailed"),
        description: t("web.gallery.share.shareInstead", { link }),
      })
    }
  }

  const label = t("web.gallery.share.menu", { artist })
  const face = copied ? (
    <Check aria-hidden className="size-5 text-green-700" data-testid="copied" />
  ) : (
    <Share2 aria-hidden className="size-5" />
  )
  const status = (
    <span role="status" className="sr-only">
      {copied ? t("web.gallery.share.copied") : ""}
    </span>
  )

  // A plain button until the first press, then the menu, mounted open (issue 20): a gallery
  // draws 24 of these, and 24 Radix menus (a popper each, whose anchor sets its state again
  // after mounting) were about a third of a phone's work on the gallery's first screen.
  const plain = (
    <>
      <button
        type="button"
        aria-haspopup="menu"
        aria-label={label}
        className={TRIGGER_CLASS}
        {...menu.trigger}
      >
        {face}
      </button>
      {status}
    </>
  )
  if (!menu.opened) return plain
  return (
    <Suspense fallback={plain}>
      <openMenu.Component
        label={label}
        triggerClass={TRIGGER_CLASS}
        face={face}
        status={status}
        canShareNatively={canShareNatively()}
        takeKeyOpening={menu.takeKeyOpening}
        onShareNatively={() => void shareNatively()}
        onCopyLink={() => void copyLink()}
        onShareTo={(site) => void shareTo(site)}
      />
    </Suspense>
  )
}
