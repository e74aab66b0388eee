import { Context, type Effect } from "effect"
import type { Language } from "../accounts/member-settings.ts"
import type { BadgeId } from "../badges/badges.ts"

/** What a bell notification and its push say, before it is worded in a language. */
export type NotificationContent =
  | {
      readonly kind: "contest-reminder"
      readonly contestTitle: string
      /** Whole minutes until the contest ends (at least 1). */
      readonly minutesLeft: number
    }
  | { readonly kind: "new-votes"; readonly votes: number }
  | { readonly kind: "achievement"; readonly badgeId: BadgeId }

/**
 * Words a notification in the member's language (issue 22): the bell list and the push show the
 * text it was recorded with, so it is worded when it is recorded, in the language of that moment.
 */
export class NotificationWording extends Context.Service<
  NotificationWording,
  {
    readonly word: (
      content: NotificationContent,
      language: Language,
    ) => Effect.Effect<{ readonly title: string; readonly body: string }>
  }
>()("colorday/NotificationWording") {}
