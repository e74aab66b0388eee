/** What a shared entry says (§9): the text, the title and the social caption. */

export const SHARE_TEXT = "You can vote for me at"

export const shareTitle = (artist: string): string => `Vote for ${artist}'s artwork!`

export const shareMessage = (link: string): string => `${SHARE_TEXT} ${link}`

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

export const SOCIAL_SITES = {
  instagram: { label: "Instagram", url: "https://www.instagram.com/" },
  tiktok: { label: "TikTok", url: "https://www.tiktok.com/" },
} as const

export type SocialSite = keyof typeof SOCIAL_SITES

/** The copy confirmation's life on the card (§9). */
export const COPIED_MS = 2000
