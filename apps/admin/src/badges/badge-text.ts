import type { BadgeId } from "../../../../domain/badges/badges.ts"
import type { Translate } from "../../../ui/src/i18n.tsx"

/**
 * A badge's name and what earns it, in the dashboard's language (issue 22), by its id: the
 * catalog area web-plans-badge.json, which the site's pages read too. domain/badges holds the
 * English; a badge id this build does not know (a newer server) shows the name the API sent.
 */
const BADGE_TEXT: Readonly<
  Record<BadgeId, { readonly name: string; readonly description: string }>
> = {
  "first-win": {
    name: "web.plans.badge.firstWin.name",
    description: "web.plans.badge.firstWin.description",
  },
  "hat-trick": {
    name: "web.plans.badge.hatTrick.name",
    description: "web.plans.badge.hatTrick.description",
  },
  "peoples-choice": {
    name: "web.plans.badge.peoplesChoice.name",
    description: "web.plans.badge.peoplesChoice.description",
  },
  "consistency-king": {
    name: "web.plans.badge.consistencyKing.name",
    description: "web.plans.badge.consistencyKing.description",
  },
  "master-artist": {
    name: "web.plans.badge.masterArtist.name",
    description: "web.plans.badge.masterArtist.description",
  },
  "community-favorite": {
    name: "web.plans.badge.communityFavorite.name",
    description: "web.plans.badge.communityFavorite.description",
  },
}

const known = (id: string): id is BadgeId => Object.hasOwn(BADGE_TEXT, id)

/** A badge's name in the dashboard's language; `fallback` (the API's English) for an unknown id. */
export const badgeName = (t: Translate, id: string, fallback: string): string =>
  known(id) ? t(BADGE_TEXT[id].name) : fallback

/** A badge's description in the dashboard's language. */
export const badgeDescription = (t: Translate, id: BadgeId): string => t(BADGE_TEXT[id].description)
