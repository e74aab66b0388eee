import { Schema } from "effect"
import { MemberSettingsSchema } from "../../domain/accounts/member-settings.schema.ts"
import { TIERS } from "../../domain/plans/plans.ts"
import { PAYMENT_STATUSES } from "../../domain/billing/payment.entity.ts"

/**
 * The bodies of the account, plan and payment answers (the issue 17 API contract): presenters.ts
 * builds them as these types; the apps' client types are generated from them (see contest.schema.ts).
 */

export const TierBody = Schema.Literals(TIERS).annotate({ identifier: "Tier" })

/** A member as the member themself (or an admin) sees them (presentMember). */
export const MemberFields = {
  _id: Schema.String,
  id: Schema.String,
  username: Schema.String,
  email: Schema.String,
  /** The address the member asked to move to, until they open the link mailed there. */
  pendingEmail: Schema.NullOr(Schema.String),
  firstName: Schema.String,
  lastName: Schema.String,
  isAdmin: Schema.Boolean,
  /** Writes professional feedback (issue 19): the site shows them the Judging page. */
  isJudge: Schema.Boolean,
  emailVerified: Schema.Boolean,
  bio: Schema.String,
  location: Schema.String,
  website: Schema.String,
  avatarUrl: Schema.NullOr(Schema.String),
  avatar_url: Schema.NullOr(Schema.String),
  createdDate: Schema.String,
  created_at: Schema.String,
}
export const MemberBody = Schema.Struct(MemberFields).annotate({ identifier: "Member" })
export type MemberBody = typeof MemberBody.Type

/** A member as anyone else sees them: the join date only when the member shows it. */
export const PublicMemberBody = Schema.Struct({
  _id: Schema.String,
  id: Schema.String,
  username: Schema.String,
  bio: Schema.String,
  location: Schema.String,
  website: Schema.String,
  avatarUrl: Schema.NullOr(Schema.String),
  avatar_url: Schema.NullOr(Schema.String),
  createdDate: Schema.NullOr(Schema.String),
  created_at: Schema.NullOr(Schema.String),
}).annotate({ identifier: "PublicMember" })
export type PublicMemberBody = typeof PublicMemberBody.Type

/** A confirmation the site shows as it is. */
export const MessageBody = Schema.Struct({ message: Schema.String }).annotate({
  identifier: "Message",
})

/** Sign-up and a profile change: the member, and what to tell them. */
export const MemberWithMessageBody = Schema.Struct({
  ...MemberFields,
  message: Schema.String,
}).annotate({ identifier: "MemberWithMessage" })

export const SubscriptionBody = Schema.Struct({
  tier: TierBody,
  /** 999 when unlimited: a client testing `remaining <= 0` never sees null. */
  remaining_submissions: Schema.Finite,
  unlimited: Schema.Boolean,
  renews_at: Schema.NullOr(Schema.String),
}).annotate({ identifier: "Subscription" })
export type SubscriptionBody = typeof SubscriptionBody.Type

/** GET/POST /api/subscription*. */
export const SubscriptionAnswerBody = Schema.Struct({ subscription: SubscriptionBody }).annotate({
  identifier: "SubscriptionAnswer",
})

/** Sign-in and who-am-I. */
export const SignedInBody = Schema.Struct({
  user: MemberBody,
  subscription: SubscriptionBody,
}).annotate({ identifier: "SignedIn" })

export const MemberStatsBody = Schema.Struct({
  totalSubmissions: Schema.Finite,
  totalVotes: Schema.Finite,
  winCount: Schema.Finite,
  contestsParticipated: Schema.Finite,
}).annotate({ identifier: "MemberStats" })

export const BadgeBody = Schema.Struct({
  _id: Schema.String,
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  earnedAt: Schema.String,
  type: Schema.Literals(["win", "milestone", "participation"]),
  icon: Schema.Literals(["Medal", "Trophy", "Star", "Award", "Crown", "Sparkles"]),
  iconColor: Schema.String,
}).annotate({ identifier: "Badge" })
export type BadgeBody = typeof BadgeBody.Type

export const BadgeListBody = Schema.Array(BadgeBody)

/** The settings object: the same Schema that decodes a PUT of it (domain/accounts). */
export const MemberSettingsBody = MemberSettingsSchema.annotate({ identifier: "MemberSettings" })

export const PaymentBody = Schema.Struct({
  id: Schema.String,
  date: Schema.String,
  /** Dollars. */
  amount: Schema.Finite,
  currency: Schema.String,
  status: Schema.Literals(PAYMENT_STATUSES),
  description: Schema.String,
  invoice_url: Schema.NullOr(Schema.String),
  payment_method: Schema.NullOr(Schema.String),
  subscription_tier: Schema.NullOr(TierBody),
  /**
   * Billing history only: true on an extra entry bought for a contest that was cancelled, whose
   * credit is unused, so POST /api/billing/payments/:id/refund gives the money back instead.
   */
  refundable: Schema.optional(Schema.Boolean),
}).annotate({ identifier: "Payment" })
export type PaymentBody = typeof PaymentBody.Type

export const BillingHistoryBody = Schema.Struct({
  records: Schema.Array(PaymentBody),
  nextCursor: Schema.NullOr(Schema.String),
}).annotate({ identifier: "BillingHistory" })

/** A checkout to send the member to. */
export const CheckoutBody = Schema.Struct({
  sessionId: Schema.String,
  url: Schema.String,
  sessionUrl: Schema.String,
}).annotate({ identifier: "Checkout" })

export const VerifiedCheckoutBody = Schema.Struct({
  session: Schema.Struct({
    id: Schema.String,
    payment_status: Schema.String,
    metadata: Schema.Struct({
      planTier: Schema.NullOr(TierBody),
      purchase: Schema.Literals(["plan", "extra-entry"]),
    }),
  }),
  subscription: SubscriptionBody,
  payment: PaymentBody,
}).annotate({ identifier: "VerifiedCheckout" })

export const CheckoutCancelledBody = Schema.Struct({
  status: Schema.Literals(PAYMENT_STATUSES),
}).annotate({ identifier: "CheckoutCancelled" })

/** GET /api/config: what the site needs to know of its server. */
export const SiteConfigBody = Schema.Struct({ supportEmail: Schema.String }).annotate({
  identifier: "SiteConfig",
})

/** POST /api/email/contact. */
export const ContactSentBody = Schema.Struct({
  message: Schema.String,
  detail: Schema.String,
}).annotate({ identifier: "ContactSent" })

/** GET /api/users/:id: the member themself sees their own account, anyone else the public profile. */
export const MemberOrPublicMemberBody = Schema.Union([MemberBody, PublicMemberBody]).annotate({
  identifier: "MemberOrPublicMember",
})
