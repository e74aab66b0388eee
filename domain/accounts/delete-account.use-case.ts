import { Clock, Effect } from "effect"
import { stopRecurringPlans } from "../billing/cancel-plan.use-case.ts"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import { endPlan } from "../plans/quota.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { ImageStore } from "../submissions/image-store.port.ts"
import { InvalidCredentials } from "./accounts.errors.ts"
import { avatarKeyOf } from "./avatar.use-case.ts"
import { EMPTY_PROFILE, type Member } from "./member.entity.ts"
import { MemberRepository } from "./member.port.ts"
import { DEFAULT_SETTINGS, type MemberSettings } from "./member-settings.ts"
import { MemberSettingsRepository } from "./member-settings.port.ts"
import { MemberTokenRepository } from "./member-token.port.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import { SessionRepository } from "./session.port.ts"
import { TwoFactorRepository } from "./two-factor.port.ts"

/** The moderation reason of the entries of a deleted account. */
export const DELETED_ACCOUNT_REASON = "The member deleted their account"

/** A stored password hash no password verifies against (no hasher's format looks like it). */
export const UNUSABLE_PASSWORD_HASH = "!account-deleted"

/** The domain of deleted accounts' e-mail addresses: `.invalid` can never receive mail (RFC 2606). */
export const DELETED_EMAIL_DOMAIN = "deleted.invalid"

/** A deleted account's settings: nothing of it is shown to anyone. */
export const DELETED_ACCOUNT_SETTINGS: MemberSettings = {
  ...DEFAULT_SETTINGS,
  email: {
    contestAnnouncements: false,
    votingResults: false,
    commentsAndFeedback: false,
    weeklySummary: false,
  },
  push: { contestReminders: false, newVotes: false, achievementUnlocked: false },
  loginNotifications: false,
  privacy: {
    publicProfile: false,
    showSubmissionHistory: false,
    showAchievementBadges: false,
    showJoinDate: false,
    analyticsTracking: false,
    personalizedRecommendations: false,
  },
}

/**
 * The member row of a deleted account: nothing personal is left and nobody can sign in as it.
 * Its e-mail and username are freed for a new sign-up (the replacements are derived from the id,
 * so they stay unique); the row itself stays, so the votes the member cast, their payments and
 * the contests they won keep pointing at something.
 */
export const anonymisedMember = (member: Member): Member => ({
  ...member,
  email: `deleted-${member.id}@${DELETED_EMAIL_DOMAIN}`,
  username: `deleted-${member.id.replace(/[^A-Za-z0-9]/g, "").slice(0, 22)}`,
  firstName: "",
  lastName: "",
  dateOfBirth: "",
  passwordHash: UNUSABLE_PASSWORD_HASH,
  emailVerifiedAt: null,
  isAdmin: false,
  isJudge: false,
  profile: EMPTY_PROFILE,
})

/**
 * A member deletes their own account, given their password. First the provider stops charging
 * any plan (a network call, so outside the transaction); then, in one transaction, every session
 * and link of theirs ends, the member row is anonymised, their settings hide everything, the plan
 * ends (free), and their entries leave the gallery and the leaderboards (hidden, with a reason).
 * The votes they cast stay counted, and their payments stay in the ledger (accounting). After the
 * commit, their entries' image files and their avatar's are deleted.
 */
export const deleteAccount = Effect.fn("deleteAccount")(function* (
  memberId: MemberId,
  password: string,
) {
  const members = yield* MemberRepository
  const member = yield* members.get(memberId)
  if (!(yield* (yield* PasswordHasher).verify(password, member.passwordHash))) {
    return yield* new InvalidCredentials({ field: "password" })
  }
  yield* stopRecurringPlans(memberId)
  const entries = yield* EntryRepository
  const images = yield* (yield* UnitOfWork).transaction(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      // Read again inside the transaction: a profile change made meanwhile is erased too.
      const current = yield* members.get(memberId)
      yield* (yield* SessionRepository).deleteAllOf(memberId)
      // The two-factor secret and recovery codes are the member's: they go with the account.
      yield* (yield* TwoFactorRepository).remove(memberId)
      const tokens = yield* MemberTokenRepository
      yield* tokens.invalidateAll(memberId, "verify", now)
      yield* tokens.invalidateAll(memberId, "reset", now)
      yield* members.save(anonymisedMember(current))
      yield* (yield* MemberSettingsRepository).save(memberId, DELETED_ACCOUNT_SETTINGS, now)
      const subscription = yield* currentSubscription(memberId)
      if (subscription.tier !== "free") {
        yield* (yield* SubscriptionRepository).save(endPlan(subscription))
      }
      const own = yield* entries.ofMember(memberId)
      yield* entries.hideAllOf(memberId, DELETED_ACCOUNT_REASON)
      const avatar = avatarKeyOf(current.profile.avatarUrl)
      return [...own.map((entry) => entry.image), ...(avatar === undefined ? [] : [avatar])]
    }),
  )
  const store = yield* ImageStore
  yield* Effect.forEach(images, (image) => store.remove(image), { discard: true })
  return { imagesRemoved: images.length }
})
