import { JobLease } from "../../domain/jobs/job-lease.port.ts"
import { Clock, Context, Effect, Layer } from "effect"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { AdminInsights } from "../../domain/admin/admin-insights.port.ts"
import { AuditLog } from "../../domain/admin/audit-log.port.ts"
import { MemberRecords } from "../../domain/accounts/member-records.port.ts"
import { MemberSettingsRepository } from "../../domain/accounts/member-settings.port.ts"
import { MemberTokenRepository } from "../../domain/accounts/member-token.port.ts"
import { SessionRepository } from "../../domain/accounts/session.port.ts"
import { BadgeRepository } from "../../domain/badges/badge.port.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { ContestAnalytics } from "../../domain/contests/contest-analytics.port.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { DrawingRepository } from "../../domain/drawings/drawing.port.ts"
import { ContactMessageRepository, SupportAddress } from "../../domain/contact/contact.port.ts"
import { SiteSettings } from "../../domain/site/site-settings.port.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { IdSource } from "../../domain/shared/id-source.port.ts"
import { Mailer } from "../../domain/shared/mailer.port.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { OutboxRepository } from "../mail/outbox.ts"
import { OfflineSessions } from "../payments/offline-sessions.ts"
import { MemoryStore } from "./memory-store.ts"
import { unitOfWork, idSource, jobLeases } from "./memory-infrastructure.ts"
import {
  members,
  memberSettings,
  memberRecords,
  sessions,
  memberTokens,
} from "./memory-accounts.ts"
import { contests, analytics, entries, votes, badges } from "./memory-contests.ts"
import { subscriptions, payments, checkoutSessions } from "./memory-billing.ts"
import { mailer, outbox } from "./memory-mail.ts"
import { contactMessages, auditLog, adminInsights } from "./memory-admin.ts"
import { drawings } from "./memory-drawings.ts"
import { feedback, spotlights } from "./memory-feedback.ts"
import { FeedbackRepository } from "../../domain/feedback/feedback.port.ts"
import { SpotlightRepository } from "../../domain/spotlight/spotlight.port.ts"
import { lineArtRequests, premiumPages } from "./memory-perks.ts"
import { LineArtRequestRepository } from "../../domain/perks/line-art-request.port.ts"
import { PremiumPageRepository } from "../../domain/perks/premium-page.port.ts"
import { siteSettings } from "./memory-site.ts"
import { knownDevices, twoFactor } from "./memory-two-factor.ts"
import { Authenticator, TwoFactorRepository } from "../../domain/accounts/two-factor.port.ts"
import { KnownDeviceRepository } from "../../domain/accounts/known-device.port.ts"
import { IpLocator } from "../../domain/accounts/ip-location.port.ts"
import { ipCountryLocator } from "../geo/ip-country-locator.ts"
import { SentNotificationRepository } from "../../domain/notifications/mails/sent-notification.port.ts"
import { sentNotifications } from "./memory-sent-notifications.ts"
import { totpAuthenticator } from "../crypto/totp-authenticator.ts"
import {
  MemoryPushService,
  memoryPushSender,
  pushRetries,
  notificationAudience,
  notifications,
  pushSubscriptions,
} from "./memory-notifications.ts"
import { NotificationRepository } from "../../domain/notifications/notification.port.ts"
import { PushSubscriptionRepository } from "../../domain/notifications/push-subscription.port.ts"
import { NotificationAudience } from "../../domain/notifications/notification-audience.port.ts"
import { PushRetryRepository } from "../../domain/notifications/push-retry.port.ts"
import { NotificationWording } from "../../domain/notifications/notification-wording.port.ts"
import { catalogNotificationWording } from "../i18n/notification-wording.ts"
import { PushSender } from "../../domain/notifications/push-sender.port.ts"

/** The store behind the in-memory layers, so tests can look at rows directly. */
export class Memory extends Context.Service<Memory, MemoryStore>()("colorday/memory/Store") {}

/** The support address the memory world mails contact messages to. */
export const MEMORY_SUPPORT_ADDRESS = "support@colorday.test"

/** Every port of the domain, in memory: for unit tests and as a reference for the SQL adapters. */
export const layerMemory = Layer.effectContext(
  Effect.sync(() => {
    const store = new MemoryStore()
    return (
      Context.make(Memory, store)
        .pipe(
          Context.add(UnitOfWork, unitOfWork(store)),
          Context.add(IdSource, idSource()),
          Context.add(MemberRepository, members(store)),
          Context.add(MemberSettingsRepository, memberSettings(store)),
          Context.add(MemberRecords, memberRecords(store)),
          Context.add(ContestRepository, contests(store)),
          Context.add(ContestAnalytics, analytics(store)),
          Context.add(EntryRepository, entries(store)),
          Context.add(VoteRepository, votes(store)),
          Context.add(BadgeRepository, badges(store)),
          Context.add(SubscriptionRepository, subscriptions(store)),
          Context.add(PaymentLedger, payments(store)),
          Context.add(SessionRepository, sessions(store)),
          Context.add(MemberTokenRepository, memberTokens(store)),
          Context.add(ContactMessageRepository, contactMessages(store)),
          Context.add(OutboxRepository, outbox(store)),
          Context.add(OfflineSessions, checkoutSessions(store)),
          Context.add(Mailer, mailer(store)),
          Context.add(JobLease, jobLeases()),
          Context.add(SupportAddress, { email: MEMORY_SUPPORT_ADDRESS }),
        )
        .pipe(
          Context.add(AuditLog, auditLog(store)),
          Context.add(AdminInsights, adminInsights(store)),
          Context.add(DrawingRepository, drawings(store)),
          Context.add(SiteSettings, siteSettings(store)),
        )
        // Tier perks (issue 19): premium pages and custom line art requests.
        .pipe(
          Context.add(PremiumPageRepository, premiumPages(store)),
          Context.add(LineArtRequestRepository, lineArtRequests(store)),
        )
        // Professional feedback and the Spotlight (issue 19).
        .pipe(
          Context.add(FeedbackRepository, feedback(store)),
          Context.add(SpotlightRepository, spotlights(store)),
        )
        // Two-factor sign-in (issue 24); TOTP is computed as in production.
        .pipe(
          Context.add(TwoFactorRepository, twoFactor(store)),
          Context.add(Authenticator, totpAuthenticator),
          Context.add(KnownDeviceRepository, knownDevices(store)),
          // The new-sign-in mail's country: the real offline data, as in production.
          Context.add(IpLocator, ipCountryLocator),
        )
        // Web Push and the bell list (issue 24); pushes are recorded, not sent.
        .pipe((context) => {
          const service = { sent: [], answers: new Map() }
          return context.pipe(
            Context.add(NotificationRepository, notifications(store)),
            Context.add(PushSubscriptionRepository, pushSubscriptions(store)),
            Context.add(PushRetryRepository, pushRetries(store)),
            // Worded from the catalogs, as in production.
            Context.add(NotificationWording, catalogNotificationWording),
            Context.add(NotificationAudience, notificationAudience(store)),
            Context.add(MemoryPushService, service),
            Context.add(PushSender, memoryPushSender(service)),
          )
        })
        // The scheduled mails' ledger (issue 24).
        .pipe(Context.add(SentNotificationRepository, sentNotifications(store)))
    )
  }),
)

/** The current time as the domain sees it (the TestClock in tests). */
export const now = Clock.currentTimeMillis
