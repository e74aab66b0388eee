import "./catalog.ts"
import { translate } from "../../../../ui/src/i18n.tsx"

/** What a shared entry says (§9): the text, the title and the social caption, in the sharer's language. */

export const shareText = (): string => translate("web.gallery.share.text")

export const shareTitle = (artist: string): string =>
  translate("web.gallery.share.title", { artist })

export const shareMessage = (link: string): string => `${shareText()} ${link}`

export const HASHTAGS = [
  "#Colorday",
  "#ColoringContest",
  "#AdultColoring",
  "#ColoringForAdults",
  "#VoteForMe",
] as const

/** Instagram and TikTok take no link from a web page: the caption is copied for the member to paste. */
export const socialCaption = (artist: string, link: string): string =>
  `${shareTitle(artist)}\n${shareMessage(link)}\n\n${HASHTAGS.join(" ")}`

// The sites' own names, never translated.
/* eslint-disable lingui/no-unlocalized-strings */
export const SOCIAL_SITES = {
  instagram: { label: "Instagram", url: "https://www.instagram.com/" },
  tiktok: { label: "TikTok", url: "https://www.tiktok.com/" },
} as const
/* eslint-enable lingui/no-unlocalized-strings */

export type SocialSite = keyof typeof SOCIAL_SITES

/** The copy confirmation's life on the card (§9). */
export const COPIED_MS = 2000
