import { Effect, Layer } from "effect"
import type { BadgeId } from "../../domain/badges/badges.ts"
import {
  type NotificationContent,
  NotificationWording,
} from "../../domain/notifications/notification-wording.port.ts"
import { t } from "./server-i18n.ts"

/** A badge's catalog id part: the same names and descriptions the site shows (web-plans.json). */
const BADGE_KEY: { readonly [B in BadgeId]: string } = {
  "first-win": "firstWin",
  "hat-trick": "hatTrick",
  "peoples-choice": "peoplesChoice",
  "consistency-king": "consistencyKing",
  "master-artist": "masterArtist",
  "community-favorite": "communityFavorite",
}

/** "two hours", "an hour", or the minutes: how the reminder says the time left. */
const spanOf = (minutes: number) =>
  minutes >= 90 ? "twoHours" : minutes >= 60 ? "oneHour" : "minutes"

/** The bell's and the pushes' texts from the catalogs (locales/<language>/notifications.json). */
export const catalogNotificationWording = NotificationWording.of({
  word: (content: NotificationContent, language) =>
    Effect.sync(() => {
      const tr = t(language)
      switch (content.kind) {
        case "contest-reminder":
          return {
            title: tr("notifications.contestReminder.title", {
              title: content.contestTitle,
              span: spanOf(content.minutesLeft),
              minutes: content.minutesLeft,
            }),
            body: tr("notifications.contestReminder.body"),
          }
        case "new-votes":
          return {
            title: tr("notifications.newVotes.title", { votes: content.votes }),
            body: tr("notifications.newVotes.body"),
          }
        case "achievement": {
          const badge = BADGE_KEY[content.badgeId]
          return {
            title: tr("notifications.achievement.title", {
              badge: tr(`web.plans.badge.${badge}.name`),
            }),
            body: tr(`web.plans.badge.${badge}.description`),
          }
        }
      }
    }),
})

export const layerCatalogNotificationWording = Layer.succeed(
  NotificationWording,
  catalogNotificationWording,
)
