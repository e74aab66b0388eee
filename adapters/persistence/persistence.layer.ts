import { Context, Effect, Layer } from "effect"
import { JobLease } from "../../domain/jobs/job-lease.port.ts"
import { makeJobLease } from "./job-lease-repository.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { MemberRecords } from "../../domain/accounts/member-records.port.ts"
import { MemberSettingsRepository } from "../../domain/accounts/member-settings.port.ts"
import { MemberTokenRepository } from "../../domain/accounts/member-token.port.ts"
import { SessionRepository } from "../../domain/accounts/session.port.ts"
import { BadgeRepository } from "../../domain/badges/badge.port.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { ContestAnalytics } from "../../domain/contests/contest-analytics.port.ts"
import { ContactMessageRepository } from "../../domain/contact/contact.port.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { DrawingRepository } from "../../domain/drawings/drawing.port.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { OutboxRepository } from "../mail/outbox.ts"
import { OfflineSessions } from "../payments/offline-sessions.ts"
import { makeAccountRepositories } from "./account-repositories.ts"
import { makeAdminRepositories } from "./admin-repositories.ts"
import { AdminInsights } from "../../domain/admin/admin-insights.port.ts"
import { AuditLog } from "../../domain/admin/audit-log.port.ts"
import { makeCheckoutSessionRepository } from "./checkout-session-repository.ts"
import type { DatabaseConfig } from "./data-source.ts"
import { Database, layerDatabase } from "./database.ts"
import { makeDrawingRepository } from "./drawing-repository.ts"
import { layerPerkRepositories } from "./perk-repositories.ts"
import { layerFeedbackRepositories } from "./feedback-repository.ts"
import { layerTwoFactorRepository } from "./two-factor-repository.ts"
import { layerKnownDeviceRepository } from "./known-device-repository.ts"
import { layerNotificationRepositories } from "./notification-repositories.ts"
import { layerSentNotificationRepository } from "./sent-notification-repository.ts"
import { makeRepositories } from "./repositories.ts"
import { makeSiteSettingsRepository } from "./site-settings-repository.ts"
import { SiteSettings } from "../../domain/site/site-settings.port.ts"

export interface PersistenceConfig extends DatabaseConfig {
  /** Apply pending migrations when the layer is built (the embedded default does). */
  readonly migrate?: boolean | undefined
}

const layerRepositories = Layer.effectContext(
  Effect.map(
    Effect.all([
      makeRepositories,
      makeAccountRepositories,
      makeCheckoutSessionRepository,
      makeJobLease,
      makeAdminRepositories,
      makeDrawingRepository,
      makeSiteSettingsRepository,
    ]),
    ([repositories, accounts, checkoutSessions, jobLease, admin, drawings, site]) =>
      Context.make(MemberRepository, repositories.members)
        .pipe(
          Context.add(ContestRepository, repositories.contests),
          Context.add(ContestAnalytics, repositories.analytics),
          Context.add(EntryRepository, repositories.entries),
          Context.add(VoteRepository, repositories.votes),
          Context.add(BadgeRepository, repositories.badges),
          Context.add(SubscriptionRepository, repositories.subscriptions),
          Context.add(PaymentLedger, repositories.payments),
          Context.add(SessionRepository, accounts.sessions),
          Context.add(MemberTokenRepository, accounts.memberTokens),
          Context.add(MemberSettingsRepository, accounts.memberSettings),
          Context.add(MemberRecords, accounts.memberRecords),
          Context.add(ContactMessageRepository, accounts.contactMessages),
          Context.add(OutboxRepository, accounts.outbox),
          Context.add(OfflineSessions, checkoutSessions),
          Context.add(JobLease, jobLease),
        )
        .pipe(
          Context.add(AuditLog, admin.auditLog),
          Context.add(AdminInsights, admin.insights),
          Context.add(DrawingRepository, drawings),
          Context.add(SiteSettings, site),
        ),
  ),
)

/**
 * Every domain port on a real database (SQLite by default, MySQL with DATABASE_URL), plus the
 * Database service itself for migrations. The connection closes when the layer's scope ends.
 */
export const layerPersistence = (config: PersistenceConfig) => {
  const database = layerDatabase(config)
  const migrated = config.migrate
    ? Layer.tap(database, (context) => Context.get(context, Database).migrate)
    : database
  return Layer.provideMerge(
    Layer.mergeAll(
      layerRepositories,
      layerPerkRepositories,
      layerFeedbackRepositories,
      layerTwoFactorRepository,
      layerKnownDeviceRepository,
      layerNotificationRepositories,
      layerSentNotificationRepository,
    ),
    migrated,
  )
}
