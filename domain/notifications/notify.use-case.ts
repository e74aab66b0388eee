import { Clock, Effect, Option } from "effect"
import { DEFAULT_SETTINGS } from "../accounts/member-settings.ts"
import { MemberSettingsRepository } from "../accounts/member-settings.port.ts"
import type { BadgeGrant } from "../badges/badges.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { type NotificationKind, SWITCH_OF } from "./notification.entity.ts"
import { type NotificationContent, NotificationWording } from "./notification-wording.port.ts"
import { NotificationRepository } from "./notification.port.ts"

/** Whether the member's Settings switch for `kind` is on (the spec's default when never saved). */
export const switchIsOn = Effect.fn("switchIsOn")(function* (
  memberId: MemberId,
  kind: NotificationKind,
) {
  const stored = yield* (yield* MemberSettingsRepository).find(memberId)
  return Option.getOrElse(stored, () => DEFAULT_SETTINGS).push[SWITCH_OF[kind]]
})

/**
 * Records a notification for the member's bell list and queues its push, if the member's switch
 * for `kind` is on, worded in the member's language (their Settings). Once per (member, kind,
 * period): true only for the call that added it. Nothing is sent here: the push goes out with the
 * scheduler's next delivery pass, after the transaction this runs in has committed (a rolled-back
 * badge sends nothing).
 */
export const notify = Effect.fn("notify")(function* (
  memberId: MemberId,
  period: string,
  content: NotificationContent,
  /** The site's page it opens. */
  url: string,
) {
  const stored = yield* (yield* MemberSettingsRepository).find(memberId)
  const settings = Option.getOrElse(stored, () => DEFAULT_SETTINGS)
  if (!settings.push[SWITCH_OF[content.kind]]) return false
  const { title, body } = yield* (yield* NotificationWording).word(content, settings.language)
  return yield* (yield* NotificationRepository).add({
    id: yield* (yield* IdSource).newId,
    memberId,
    kind: content.kind,
    period,
    title,
    body,
    url,
    createdAt: yield* Clock.currentTimeMillis,
    readAt: null,
    push: "pending",
  })
})

/** The member's achievement notification for a badge just granted (once per badge). */
export const notifyBadgeGranted = (grant: BadgeGrant) =>
  notify(grant.memberId, grant.badgeId, { kind: "achievement", badgeId: grant.badgeId }, "/profile")
