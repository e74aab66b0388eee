import type { PrivacySettings } from "../accounts/member-settings.ts"
import type { Entry } from "../submissions/entry.entity.ts"
import { isVisible } from "../submissions/entry.entity.ts"

/**
 * What an artist's page (/artists/:username) shows, given the artist's privacy switches and who
 * is looking. The owner sees all of it, unless they preview what others see (Settings'
 * "view as public", `?view=public`), which is then exactly what a visitor gets.
 */

export interface ArtistViewer {
  /** The signed-in member is the artist. */
  readonly isOwner: boolean
  /** The owner asks for the page as others see it. */
  readonly previewPublic: boolean
}

export interface ArtistPageParts {
  /** Only the plain "this artist keeps their profile private" page (nothing else is sent). */
  readonly privatePage: boolean
  /** The owner's own view (not a preview): everything, with a note when the profile is private. */
  readonly ownerView: boolean
  readonly joinDate: boolean
  readonly badges: boolean
  /** The submission history grid (GET /api/artists/:username/entries). */
  readonly history: boolean
}

export const artistPageParts = (
  privacy: Pick<
    PrivacySettings,
    "publicProfile" | "showSubmissionHistory" | "showAchievementBadges" | "showJoinDate"
  >,
  viewer: ArtistViewer,
): ArtistPageParts => {
  if (viewer.isOwner && !viewer.previewPublic) {
    return { privatePage: false, ownerView: true, joinDate: true, badges: true, history: true }
  }
  const shown = privacy.publicProfile
  return {
    privatePage: !shown,
    ownerView: false,
    joinDate: shown && privacy.showJoinDate,
    badges: shown && privacy.showAchievementBadges,
    history: shown && privacy.showSubmissionHistory,
  }
}

export interface ArtistStats {
  readonly wins: number
  /** Entries in the gallery (hidden or disqualified ones are not counted in public). */
  readonly entries: number
  /** Raw votes those entries received. */
  readonly votesReceived: number
  /** Their weighted score: votes weighted by each voter's plan. */
  readonly score: number
}

/** The page's counters from the artist's entries and their wins. */
export const artistStats = (entries: ReadonlyArray<Entry>, wins: number): ArtistStats => {
  const shown = entries.filter(isVisible)
  return {
    wins,
    entries: shown.length,
    votesReceived: shown.reduce((sum, entry) => sum + entry.voteCount, 0),
    // Weights are 1, 1.5, 2, 3: sums of halves, exact in binary floating point.
    score: shown.reduce((sum, entry) => sum + entry.weightedScore, 0),
  }
}
