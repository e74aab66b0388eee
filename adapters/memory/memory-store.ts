import type { Member } from "../../domain/accounts/member.entity.ts"
import type { AuditRecord } from "../../domain/admin/audit-log.port.ts"
import type { MemberSettings } from "../../domain/accounts/member-settings.ts"
import type { MemberToken } from "../../domain/accounts/member-token.port.ts"
import type { Session } from "../../domain/accounts/session.entity.ts"
import type { TwoFactor, TwoFactorChallenge } from "../../domain/accounts/two-factor.entity.ts"
import type { BadgeGrant } from "../../domain/badges/badges.ts"
import type { Payment } from "../../domain/billing/payment.entity.ts"
import type { ContestMetric } from "../../domain/contests/contest-analytics.port.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import type { ContestPrize } from "../../domain/contests/contest-prize.ts"
import type { Drawing, FreeEntry } from "../../domain/drawings/drawing.entity.ts"
import type { Feedback } from "../../domain/feedback/feedback.entity.ts"
import type { Spotlight } from "../../domain/spotlight/spotlight.entity.ts"
import type { ContactMessage } from "../../domain/contact/contact-message.entity.ts"
import type { LineArtRequest } from "../../domain/perks/line-art-request.entity.ts"
import type { PremiumPage } from "../../domain/perks/premium-page.port.ts"
import type { PlanPeriod } from "../../domain/plans/plan-period.ts"
import type { Subscription } from "../../domain/plans/subscription.entity.ts"
import type { Instant } from "../../domain/shared/ids.ts"
import type { Mail } from "../../domain/shared/mailer.port.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import type { Vote } from "../../domain/voting/vote.entity.ts"
import type { Notification } from "../../domain/notifications/notification.entity.ts"
import type { PushRetry } from "../../domain/notifications/push-retry.port.ts"
import type { PushSubscription } from "../../domain/notifications/push-subscription.port.ts"
import type { OutboxMail } from "../mail/outbox.ts"
import type { OfflineSession } from "../payments/offline-sessions.ts"

interface Tables {
  members: Map<string, Member>
  /** Keyed by member id. */
  memberSettings: Map<string, { settings: MemberSettings; updatedAt: Instant }>
  contests: Map<string, Contest>
  entries: Map<string, Entry>
  /** Keyed by `${entryId}|${voterId}`: the unique key a database enforces. */
  votes: Map<string, Vote>
  /** Keyed by `${memberId}|${badgeId}`. */
  badges: Map<string, BadgeGrant>
  subscriptions: Map<string, Subscription>
  /** The paid-tier periods subscription saves record, oldest first (plan-period.ts). */
  planPeriods: Array<PlanPeriod>
  /** Keyed by checkout session id. */
  payments: Map<string, Payment>
  /** The offline checkout's sessions, keyed by session id. */
  checkoutSessions: Map<string, OfflineSession>
  downloads: Array<{ contestId: string; memberId: string; at: Instant }>
  events: Array<{ contestId: string; metric: ContestMetric; at: Instant }>
  /** Visits noted, keyed by `${contestId}|${metric}|${visitor}|${day}` (the database's unique key). */
  visits: Set<string>
  /** Keyed by session id (the digest of the cookie token). */
  sessions: Map<string, Session>
  /** Keyed by token hash. */
  memberTokens: Map<string, MemberToken>
  contactMessages: Map<string, ContactMessage>
  /** Every mail the memory Mailer was asked to send, in order: what tests read. */
  mails: Array<Mail>
  outbox: Map<string, OutboxMail>
  /** The audit log, oldest first. */
  audit: Array<AuditRecord>
  drawings: Map<string, Drawing>
  /** Keyed by `${memberId}|${month}`: one free entry a member a month. */
  freeEntries: Map<string, FreeEntry>
  /** Professional feedback, keyed by `${entryId}|${judgeId}` (the database's unique key). */
  feedback: Map<string, Feedback>
  spotlights: Map<string, Spotlight>
  /** Keyed by ISO week ("2026-W48"): one premium page a week. */
  premiumPages: Map<string, PremiumPage>
  lineArtRequests: Map<string, LineArtRequest>
  /** Two-factor sign-in (issue 24): by member id; recovery codes by `${memberId}|${hash}`. */
  twoFactor: Map<string, TwoFactor>
  recoveryCodes: Map<
    string,
    { memberId: string; hash: string; createdAt: Instant; usedAt: Instant | null }
  >
  twoFactorChallenges: Map<string, TwoFactorChallenge>
  /** Login notifications (issue 24): `${memberId}|${deviceHash}` of each browser signed in from. */
  knownDevices: Set<string>
  /** The bell list (issue 24), by id; and push subscriptions, by endpoint. */
  notifications: Map<string, Notification>
  pushSubscriptions: Map<string, PushSubscription>
  /** Pushes to try again (issue 24), by `${notificationId}|${endpoint}`. */
  pushRetries: Map<string, PushRetry>
  /** Scheduled mails sent (issue 24): `${memberId}|${kind}|${period}`, the ledger's key. */
  sentNotifications: Set<string>
  /** The site's settings (one record, replaced on write). */
  siteSettings: { readonly defaultPrize: ContestPrize | null; readonly updatedAt: Instant | null }
}

const emptyTables = (): Tables => ({
  members: new Map(),
  memberSettings: new Map(),
  contests: new Map(),
  entries: new Map(),
  votes: new Map(),
  badges: new Map(),
  subscriptions: new Map(),
  planPeriods: [],
  payments: new Map(),
  checkoutSessions: new Map(),
  downloads: [],
  events: [],
  visits: new Set(),
  sessions: new Map(),
  memberTokens: new Map(),
  contactMessages: new Map(),
  mails: [],
  outbox: new Map(),
  audit: [],
  drawings: new Map(),
  freeEntries: new Map(),
  feedback: new Map(),
  spotlights: new Map(),
  premiumPages: new Map(),
  lineArtRequests: new Map(),
  twoFactor: new Map(),
  recoveryCodes: new Map(),
  twoFactorChallenges: new Map(),
  knownDevices: new Set(),
  notifications: new Map(),
  pushSubscriptions: new Map(),
  pushRetries: new Map(),
  sentNotifications: new Set(),
  siteSettings: { defaultPrize: null, updatedAt: null },
})

/**
 * Every row of the in-memory adapters. Rows are immutable objects replaced on write, so a
 * snapshot copies the containers only; the unit of work restores one when a transaction fails.
 */
export class MemoryStore {
  tables: Tables = emptyTables()
  /** The memory image store's files, by key: like files on disk, outside transactions. */
  readonly images = new Map<string, { readonly bytes: Uint8Array; readonly contentType: string }>()

  snapshot(): Tables {
    const t = this.tables
    return {
      members: new Map(t.members),
      memberSettings: new Map(t.memberSettings),
      contests: new Map(t.contests),
      entries: new Map(t.entries),
      votes: new Map(t.votes),
      badges: new Map(t.badges),
      subscriptions: new Map(t.subscriptions),
      planPeriods: [...t.planPeriods],
      payments: new Map(t.payments),
      checkoutSessions: new Map(t.checkoutSessions),
      downloads: [...t.downloads],
      events: [...t.events],
      visits: new Set(t.visits),
      sessions: new Map(t.sessions),
      memberTokens: new Map(t.memberTokens),
      contactMessages: new Map(t.contactMessages),
      mails: [...t.mails],
      outbox: new Map(t.outbox),
      audit: [...t.audit],
      drawings: new Map(t.drawings),
      freeEntries: new Map(t.freeEntries),
      feedback: new Map(t.feedback),
      spotlights: new Map(t.spotlights),
      premiumPages: new Map(t.premiumPages),
      lineArtRequests: new Map(t.lineArtRequests),
      twoFactor: new Map(t.twoFactor),
      recoveryCodes: new Map(t.recoveryCodes),
      twoFactorChallenges: new Map(t.twoFactorChallenges),
      knownDevices: new Set(t.knownDevices),
      notifications: new Map(t.notifications),
      pushSubscriptions: new Map(t.pushSubscriptions),
      pushRetries: new Map(t.pushRetries),
      sentNotifications: new Set(t.sentNotifications),
      siteSettings: t.siteSettings,
    }
  }

  restore(snapshot: Tables): void {
    this.tables = snapshot
  }
}
