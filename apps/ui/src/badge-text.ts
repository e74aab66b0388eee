import type { Translate } from "./i18n.tsx"

/**
 * A badge's name and what earns it, by badge id, as the site and the dashboard both show it
 * (issue 22): message ids of the catalog area web-plans-badge.json, which both apps load. The ids
 * are domain/badges/badges.ts's, which apps/ui may not import: each app passes its BadgeId here,
 * so a badge added there without a line here fails the build. The English lives in domain/badges.
 */
const BADGE_TEXT = {
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
} as const

/** A badge id this build has words for. */
export type BadgeTextId = keyof typeof BADGE_TEXT

/** Whether this build has words for the badge `id` (the API may name a newer one). */
export const hasBadgeText = (id: string): id is BadgeTextId => Object.hasOwn(BADGE_TEXT, id)

/** A badge's name and what earns it, in `t`'s language. */
export const badgeText = (
  id: BadgeTextId,
  t: Translate,
): { readonly name: string; readonly description: string } => ({
  name: t(BADGE_TEXT[id].name),
  description: t(BADGE_TEXT[id].description),
})
