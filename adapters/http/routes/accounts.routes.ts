import { Effect, Schema } from "effect"
import { subscriptionAsOfNow } from "../../../domain/plans/current-subscription.use-case.ts"
import { NotFound, ValidationFailed } from "../../../domain/shared/errors.ts"
import { BadgeRepository } from "../../../domain/badges/badge.port.ts"
import {
  resendVerification,
  verifyEmail,
} from "../../../domain/accounts/email-verification.use-case.ts"
import { deleteAccount } from "../../../domain/accounts/delete-account.use-case.ts"
import { MemberRepository } from "../../../domain/accounts/member.port.ts"
import { memberDataExport } from "../../../domain/accounts/member-data-export.use-case.ts"
import { MemberSettingsSchema } from "../../../domain/accounts/member-settings.schema.ts"
import {
  memberSettings,
  profileVisibility,
  saveMemberSettings,
} from "../../../domain/accounts/member-settings.use-case.ts"
import { memberStats } from "../../../domain/accounts/member-stats.use-case.ts"
import {
  requestPasswordReset,
  resetPassword,
} from "../../../domain/accounts/password-reset.use-case.ts"
import { changePassword, updateProfile } from "../../../domain/accounts/profile.use-case.ts"
import { SESSION_TTL_MS } from "../../../domain/accounts/session.entity.ts"
import { signIn, signOut } from "../../../domain/accounts/sessions.use-case.ts"
import { signUp } from "../../../domain/accounts/sign-up.use-case.ts"
import { noteSignInDevice } from "../../../domain/accounts/sign-in-alert.use-case.ts"
import { IdSource } from "../../../domain/shared/id-source.port.ts"
import { warnOfFailedSignIns } from "../../../domain/accounts/failed-sign-ins.use-case.ts"
import type { InvalidCredentials } from "../../../domain/accounts/accounts.errors.ts"
import { forbidden } from "../http-errors.ts"
import {
  presentBadge,
  presentMember,
  presentMemberDataExport,
  presentPublicMember,
  presentSubscription,
} from "../presenters.ts"
import { type Caller, created, ok, type RawRequest, type Reply, route } from "../route.ts"
import { IdParams } from "../schemas.ts"
import {
  actingAsClaimed,
  EmailText,
  Line,
  MemberIdFields,
  Paragraphs,
  PasswordText,
  signedIn,
  Text,
} from "./shared.ts"
import {
  BadgeListBody,
  MemberOrPublicMemberBody,
  MemberSettingsBody,
  MemberStatsBody,
  MemberWithMessageBody,
  MessageBody,
  SignedInBody,
} from "../account.schema.ts"
import { TwoFactorChallengeBody } from "../two-factor.schema.ts"

/**
 * Accounts and sessions (§7 "Accounts", plus who-am-I, sign-out and the password change the
 * profile needs). The session cookie is the only identity: sign-in sets a new one, sign-out and a
 * reset end it, and every member id a request names must be the caller's own.
 */

export const SIGNED_UP_MESSAGE =
  "Account created. Please check your email and click the verification link before signing in."
export const RESEND_MESSAGE =
  "If that email belongs to an account awaiting verification, a new verification link has been sent."
export const FORGOT_MESSAGE = "If that email exists, a reset link has been sent."
export const RESET_MESSAGE = "Password updated. Please sign in with your new password."
export const VERIFIED_MESSAGE = "Email verified! You can now sign in."
export const PROFILE_UPDATED_MESSAGE = "Profile updated!"
/** The profile answer when the e-mail change waits for its link (the address is in pendingEmail). */
export const EMAIL_CHANGE_PENDING_MESSAGE =
  "Profile updated! We sent a link to your new e-mail address: your e-mail changes when you open it."
export const PASSWORD_CHANGED_MESSAGE = "Password updated"

/** An optional profile field, which a form may also send as null (see the PUT handler). */
const Optional = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) =>
  Schema.optional(Schema.NullOr(schema))

const ProfileBody = Schema.Struct({
  username: Optional(Line(200)),
  email: Optional(EmailText),
  firstName: Optional(Line(200)),
  lastName: Optional(Line(200)),
  bio: Optional(Paragraphs(2000)),
  location: Optional(Line(500)),
  website: Optional(Line(1000)),
})

/** The signed-in member, when `id` is theirs; another member's id is 403 (admins included). */
const ownAccount = (caller: Caller, id: string, refusal: string) =>
  Effect.flatMap(signedIn(caller), (member) =>
    id === member.id ? Effect.succeed(member) : Effect.die(forbidden(refusal)),
  )

/** A form error on `field` for a wrong password (401 would read as "signed out"). */
const wrongPassword = (field: "currentPassword" | "password") => (wrong: InvalidCredentials) =>
  Effect.fail(
    new ValidationFailed({
      issues: [{ field, title: "Incorrect password", message: wrong.message }],
    }),
  )

/** A member's profile part that their privacy settings hide from this viewer: as if absent. */
const absent = (memberId: string) => new NotFound({ entity: "member", id: memberId })

/** The name a download is saved under: letters, digits, `.`, `_` and `-` only. */
const safeFileName = (name: string) =>
  name.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 60) || "member"

/** The member and their subscription: what sign-in and who-am-I answer with. */
export const signedInBody = (member: Parameters<typeof presentMember>[0]) =>
  Effect.map(subscriptionAsOfNow(member.id), (subscription) => ({
    user: presentMember(member),
    subscription: presentSubscription(subscription),
  }))

/**
 * A sign-in that opened a session (by password, or by password and code): the browser's earlier
 * session, if its cookie held one, ends; the answer is the member and the new session's cookie.
 */
export const sessionOpened = (
  caller: Caller,
  opened: { readonly token: string; readonly member: Parameters<typeof presentMember>[0] },
  raw: RawRequest,
) =>
  Effect.gen(function* () {
    if (caller.sessionToken) yield* signOut(caller.sessionToken)
    // The browser's device cookie (one is made for a browser without a well-formed one): a
    // browser new to the account is mailed about (login notifications).
    const sent = raw.deviceToken ?? ""
    const deviceToken = DEVICE_TOKEN.test(sent) ? sent : yield* (yield* IdSource).newToken
    yield* noteSignInDevice({
      memberId: opened.member.id,
      deviceToken,
      userAgent: raw.header("User-Agent"),
      address: caller.ip,
    })
    const reply: Reply = {
      ...ok(yield* signedInBody(opened.member)),
      session: { token: opened.token, maxAgeMs: SESSION_TTL_MS },
      device: deviceToken,
    }
    return reply
  })

/** What IdSource.newToken makes: URL-safe base64, at least 256 bits. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43,128}$/

export const accountRoutes = [
  route({
    method: "POST",
    path: "/api/users",
    tag: "accounts",
    summary:
      "Sign-up (18+). The member is created unverified with the free plan and a verification e-mail is sent; sign-up does not sign in — sign-in waits for the link",
    access: "public",
    okBody: MemberWithMessageBody,
    okStatus: 201,
    rateLimit: "sign-up",
    body: Schema.Struct({
      email: EmailText,
      password: PasswordText,
      firstName: Line(200),
      lastName: Line(200),
      username: Line(200),
      dateOfBirth: Line(32),
    }),
    responses: {
      201: "The member, with a message saying the e-mail must be verified before signing in. An e-mail that has an account gets the same answer (nothing is saved; its owner is mailed), so this reveals no account",
      409: "The username is taken (USERNAME_TAKEN; usernames are public)",
    },
    handler: ({ body, raw }) =>
      // The page's language becomes the new member's setting (issue 22).
      Effect.map(signUp({ ...body, language: raw.language }), (member) =>
        created({ ...presentMember(member), message: SIGNED_UP_MESSAGE }),
      ),
  }),
  route({
    method: "POST",
    path: "/api/users/login",
    tag: "accounts",
    summary:
      "Sign-in: {user, subscription} and a new session cookie; the session of the cookie sent, if any, ends (sessions rotate at sign-in). For an account with two-factor sign-in on, no session yet: {twoFactorRequired: true, challenge, expiresAt}, and the code goes to POST /api/users/login/two-factor within 5 minutes",
    access: "public",
    okBody: Schema.Union([SignedInBody, TwoFactorChallengeBody]),
    rateLimit: "sign-in",
    body: Schema.Struct({ email: EmailText, password: PasswordText }),
    responses: {
      401: "Wrong e-mail or password (INVALID_CREDENTIALS)",
      403: "E-mail not verified yet (EMAIL_NOT_VERIFIED, with emailNotVerified: true) or account suspended",
    },
    handler: ({ body, caller, raw }) =>
      Effect.gen(function* () {
        const signedInOrChallenged = yield* signIn(body).pipe(
          Effect.tapError((error) =>
            // A burst of wrong passwords: the owner hears of it, apart from this answer (which
            // must not wait on mail work, or its timing would tell that the account exists).
            error._tag === "InvalidCredentials" && (raw.rateLimitBurst ?? 0) > 0
              ? Effect.forkDetach(warnOfFailedSignIns(body.email, raw.rateLimitBurst ?? 0))
              : Effect.void,
          ),
          // The password was right; the code comes next (the cookie's session stays until then).
          Effect.catchTag("TwoFactorRequired", (required) => Effect.succeed(required)),
        )
        if ("challenge" in signedInOrChallenged) {
          return ok({
            twoFactorRequired: true,
            challenge: signedInOrChallenged.challenge,
            expiresAt: new Date(signedInOrChallenged.expiresAt).toISOString(),
          })
        }
        return yield* sessionOpened(caller, signedInOrChallenged, raw)
      }),
  }),
  route({
    method: "POST",
    path: "/api/users/logout",
    tag: "accounts",
    summary: "Sign-out: ends the cookie's session and clears the cookie (204 even without one)",
    access: "public",
    responses: { 204: "Signed out" },
    handler: ({ caller }) =>
      Effect.gen(function* () {
        if (caller.sessionToken) yield* signOut(caller.sessionToken)
        const reply: Reply = { status: 204, session: null }
        return reply
      }),
  }),
  route({
    method: "GET",
    path: "/api/session",
    tag: "accounts",
    summary: "Who am I: the signed-in member and their subscription, or 401",
    access: "member",
    okBody: SignedInBody,
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        return ok(yield* signedInBody(member))
      }),
  }),
  route({
    method: "POST",
    path: "/api/users/resend-verification",
    tag: "accounts",
    summary:
      "Mails a new verification link to an unverified account. Answers the same whether or not such an account exists",
    access: "public",
    okBody: MessageBody,
    rateLimit: "resend",
    body: Schema.Struct({ email: EmailText }),
    handler: ({ body }) =>
      Effect.map(resendVerification(body.email), () => ok({ message: RESEND_MESSAGE })),
  }),
  route({
    method: "POST",
    path: "/api/users/forgot-password",
    tag: "accounts",
    summary:
      "Mails a 1-hour reset link. Answers the same whether or not the account exists. redirectUrl is accepted for the spec's client and ignored: links are built from the server's own address, never from one a request names",
    access: "public",
    okBody: MessageBody,
    rateLimit: "forgot",
    body: Schema.Struct({
      email: EmailText,
      redirectUrl: Schema.optional(Schema.NullOr(Text(2048))),
    }),
    handler: ({ body }) =>
      Effect.map(requestPasswordReset(body.email), () => ok({ message: FORGOT_MESSAGE })),
  }),
  route({
    method: "POST",
    path: "/api/users/reset-password",
    tag: "accounts",
    summary:
      "Sets a new password from a reset link; the link is used up and every session of the member ends",
    access: "public",
    okBody: MessageBody,
    rateLimit: "forgot",
    body: Schema.Struct({
      token: Text(512),
      password: PasswordText,
      confirmPassword: Schema.optional(PasswordText),
    }),
    responses: { 400: "A bad password, or INVALID_TOKEN: the link is unknown, used or expired" },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        const member = yield* resetPassword(body)
        const reply: Reply = {
          ...ok({ message: RESET_MESSAGE }),
          // The member's sessions are gone; a browser signed in as them drops its cookie too.
          ...(caller.member?.id === member.id ? { session: null } : {}),
        }
        return reply
      }),
  }),
  route({
    method: "GET",
    path: "/api/users/verify-email/:token",
    tag: "accounts",
    summary:
      "Opens a link mailed to prove an address: a verification link (the e-mail counts as verified) or an e-mail change link (the account moves to its pending address, verified); the link is used up",
    access: "public",
    okBody: MessageBody,
    params: Schema.Struct({ token: Text(512) }),
    responses: {
      400: "INVALID_TOKEN: the link is unknown, used, expired or replaced by a newer one",
      409: "EMAIL_TAKEN: the new address got an account of its own since the change was asked for",
    },
    handler: ({ params }) =>
      Effect.map(verifyEmail(params.token), () => ok({ message: VERIFIED_MESSAGE })),
  }),
  route({
    method: "GET",
    path: "/api/users/user-stats/user",
    tag: "accounts",
    summary:
      "The signed-in member's counters: totalSubmissions, totalVotes (received), winCount, contestsParticipated. user_id, if sent, must be the member's own",
    access: "member",
    okBody: MemberStatsBody,
    query: Schema.Struct(MemberIdFields),
    responses: { 403: "A user_id (or userId) that is not the signed-in member's" },
    handler: ({ query, caller }) =>
      Effect.gen(function* () {
        const member = yield* actingAsClaimed(caller, query)
        return ok(yield* memberStats(member.id))
      }),
  }),
  route({
    method: "GET",
    path: "/api/badges/user/:id",
    tag: "accounts",
    summary:
      "The badges a member has earned, oldest first (public, as on their profile). To others: [] when the member hides their badges (showAchievementBadges), 404 when their profile is private (publicProfile)",
    access: "public",
    okBody: BadgeListBody,
    params: IdParams,
    responses: { 404: "No such member, or their profile is private" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const member = yield* (yield* MemberRepository).get(params.id)
        const visible = yield* profileVisibility(member.id, caller.member?.id ?? null)
        if (!visible.profile) return yield* absent(member.id)
        if (!visible.badges) return ok([])
        const grants = yield* (yield* BadgeRepository).of(member.id)
        return ok(
          [...grants]
            .sort((a, b) => a.earnedAt - b.earnedAt || a.badgeId.localeCompare(b.badgeId))
            .map(presentBadge),
        )
      }),
  }),
  route({
    method: "GET",
    path: "/api/users/:id",
    tag: "accounts",
    summary:
      "A profile: the member's own record when it is theirs, else the public profile (no e-mail, names or role; createdDate null unless the member shows their join date). A private profile (publicProfile false) is 404 to others",
    access: "public",
    okBody: MemberOrPublicMemberBody,
    params: IdParams,
    responses: { 404: "No such member, or their profile is private" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        if (caller.member?.id === params.id) return ok(presentMember(caller.member))
        const member = yield* (yield* MemberRepository).get(params.id)
        const visible = yield* profileVisibility(member.id, caller.member?.id ?? null)
        if (!visible.profile) return yield* absent(member.id)
        return ok(presentPublicMember(member, { joinDate: visible.joinDate }))
      }),
  }),
  route({
    method: "PUT",
    path: "/api/users/:id",
    tag: "accounts",
    summary:
      "Saves the profile form (username, email, firstName, lastName, bio, location, website); only your own. A new e-mail is kept as pendingEmail and a link is mailed to it (the current address is told); the account's e-mail changes when the link is opened. Sending the current e-mail again cancels a pending change",
    access: "member",
    okBody: MemberWithMessageBody,
    params: IdParams,
    body: ProfileBody,
    responses: {
      403: "Another member's profile",
      409: "The username is taken (an e-mail that has an account is not revealed here either)",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        if (params.id !== member.id) {
          return yield* Effect.die(forbidden("You may only update your own profile"))
        }
        const orUndefined = (value: string | null | undefined) => value ?? undefined
        // A cleared optional field (null) empties it; a required one (null) keeps its value.
        const orEmpty = (value: string | null | undefined) => (value === null ? "" : value)
        const updated = yield* updateProfile(member.id, {
          username: orUndefined(body.username),
          email: orUndefined(body.email),
          firstName: orUndefined(body.firstName),
          lastName: orUndefined(body.lastName),
          bio: orEmpty(body.bio),
          location: orEmpty(body.location),
          website: orEmpty(body.website),
        })
        const asked = updated.pendingEmail !== null && updated.pendingEmail !== member.pendingEmail
        return ok({
          ...presentMember(updated),
          message: asked ? EMAIL_CHANGE_PENDING_MESSAGE : PROFILE_UPDATED_MESSAGE,
        })
      }),
  }),
  route({
    method: "PUT",
    path: "/api/users/:id/password",
    tag: "accounts",
    summary:
      "Changes your own password given the current one; your other sessions end, this one stays",
    access: "member",
    okBody: MessageBody,
    // A wrong current password is a guess: limited like sign-in, per member.
    rateLimit: "sign-in",
    params: IdParams,
    body: Schema.Struct({ currentPassword: PasswordText, newPassword: PasswordText }),
    responses: {
      400: "The new password is too short, or the current one is wrong (field currentPassword)",
      403: "Another member's password",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        if (params.id !== member.id) {
          return yield* Effect.die(forbidden("You may only change your own password"))
        }
        yield* changePassword(member.id, body, caller.sessionId ?? undefined).pipe(
          // A wrong current password is a form error here, not "signed out" (which 401 means).
          Effect.catchTag("InvalidCredentials", wrongPassword("currentPassword")),
        )
        return ok({ message: PASSWORD_CHANGED_MESSAGE })
      }),
  }),
  route({
    method: "GET",
    path: "/api/users/:id/settings",
    tag: "accounts",
    summary:
      "Your settings (the profile's Settings tab): {language, timeZone, loginNotifications, email: {contestAnnouncements, votingResults, commentsAndFeedback, weeklySummary}, push: {contestReminders, newVotes, achievementUnlocked}, privacy: {publicProfile, showSubmissionHistory, showAchievementBadges, showJoinDate, analyticsTracking, personalizedRecommendations}}; the defaults until you save. Only your own",
    access: "member",
    okBody: MemberSettingsBody,
    params: IdParams,
    responses: { 403: "Another member's settings" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const member = yield* ownAccount(caller, params.id, "You may only read your own settings")
        return ok(yield* memberSettings(member.id))
      }),
  }),
  route({
    method: "PUT",
    path: "/api/users/:id/settings",
    tag: "accounts",
    summary:
      "Saves your whole settings object (the shape GET answers; every field required; language en|es|fr|de, timeZone any IANA zone such as America/New_York; an unknown one is a 400 naming timeZone) and answers it. The privacy switches take effect at once on what others see of you. Only your own",
    access: "member",
    okBody: MemberSettingsBody,
    params: IdParams,
    body: MemberSettingsSchema,
    responses: { 403: "Another member's settings" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* ownAccount(caller, params.id, "You may only change your own settings")
        return ok(yield* saveMemberSettings(member.id, body))
      }),
  }),
  route({
    method: "GET",
    path: "/api/users/:id/export",
    tag: "accounts",
    summary:
      "Download my data: everything we hold on you as a JSON attachment (colorday-data-<username>.json): profile, settings, subscription, entries (with image URLs), votes you cast, badges, downloads, payments, contact messages sent from your e-mail address, free entries into the monthly drawing, sessions (dates only). Never a password hash or a token. Only your own",
    access: "member",
    params: IdParams,
    responses: { 403: "Another member's data" },
    handler: ({ params, caller, raw }) =>
      Effect.gen(function* () {
        const member = yield* ownAccount(caller, params.id, "You may only download your own data")
        const exported = presentMemberDataExport(yield* memberDataExport(member.id), raw.origin)
        const reply: Reply = {
          status: 200,
          body: `${JSON.stringify(exported, null, 2)}\n`,
          headers: {
            "Content-Type": "application/json; charset=utf-8",
            "Content-Disposition": `attachment; filename="colorday-data-${safeFileName(member.username)}.json"`,
            "Cache-Control": "no-store",
          },
        }
        return reply
      }),
  }),
  route({
    method: "DELETE",
    path: "/api/users/:id",
    tag: "accounts",
    summary:
      "Deletes your account, given your password: your sessions and links end, your profile is erased (e-mail and username freed), your entries leave the gallery and leaderboards and their images are deleted, a paid plan stops; the votes you cast stay counted and your payments stay in the ledger. 204, and the session cookie is cleared. Only your own",
    access: "member",
    // A wrong password is a guess: limited like sign-in, per member.
    rateLimit: "sign-in",
    params: IdParams,
    body: Schema.Struct({ password: PasswordText }),
    responses: {
      204: "Deleted; the session cookie is cleared",
      400: "The password is wrong (field password)",
      403: "Another member's account",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* ownAccount(caller, params.id, "You may only delete your own account")
        yield* deleteAccount(member.id, body.password).pipe(
          Effect.catchTag("InvalidCredentials", wrongPassword("password")),
        )
        const reply: Reply = { status: 204, session: null }
        return reply
      }),
  }),
]
