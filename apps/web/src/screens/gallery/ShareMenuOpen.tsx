import "./catalog.ts"
import { Camera, Copy, Music2, Share2 } from "lucide-react"
import type { ReactNode } from "react"
import { useT } from "../../../../ui/src/i18n.tsx"
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../../../ui/src/menu.tsx"
import { SOCIAL_SITES, type SocialSite } from "./share.ts"

export interface ShareMenuOpenProps {
  readonly label: string
  readonly triggerClass: string
  /** The button's face (the share icon, or a check mark once copied). */
  readonly face: ReactNode
  /** The live region that says "Copied". */
  readonly status: ReactNode
  readonly canShareNatively: boolean
  /** True once, if the first opening was by a key (useFirstOpen). */
  readonly takeKeyOpening: () => boolean
  readonly onShareNatively: () => void
  readonly onCopyLink: () => void
  readonly onShareTo: (site: SocialSite) => void
}

/** An entry's share menu once first pressed (ShareMenu): Radix's menu, mounted open. */
export const ShareMenuOpen = ({
  label,
  triggerClass,
  face,
  status,
  canShareNatively,
  takeKeyOpening,
  onShareNatively,
  onCopyLink,
  onShareTo,
}: ShareMenuOpenProps) => {
  const t = useT()
  return (
    // Not modal: the page stays readable (no aria-hidden over it) and scrollable while it is open.
    <Menu modal={false} defaultOpen>
      <MenuTrigger aria-label={label} className={triggerClass}>
        {face}
      </MenuTrigger>
      {status}
      <MenuContent
        onFocus={(event) => {
          // Opened by a key, the first item takes the focus, as Radix does for a key; this first
          // opening's key was pressed before the menu was there to see it.
          if (event.target !== event.currentTarget || !takeKeyOpening()) return
          event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
        }}
      >
        {canShareNatively && (
          <MenuItem onSelect={onShareNatively}>
            <Share2 aria-hidden className="size-4" />
            {t("web.gallery.share.share")}
          </MenuItem>
        )}
        <MenuItem onSelect={onCopyLink}>
          <Copy aria-hidden className="size-4" />
          {t("web.gallery.share.copyLink")}
        </MenuItem>
        <MenuItem onSelect={() => onShareTo("instagram")}>
          <Camera aria-hidden className="size-4" />
          {SOCIAL_SITES.instagram.label}
        </MenuItem>
        <MenuItem onSelect={() => onShareTo("tiktok")}>
          <Music2 aria-hidden className="size-4" />
          {SOCIAL_SITES.tiktok.label}
        </MenuItem>
      </MenuContent>
    </Menu>
  )
}
