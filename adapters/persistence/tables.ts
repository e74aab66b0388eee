import {
  MemberSettingsTable,
  MemberTable,
  MemberTokenTable,
  SessionTable,
} from "./account-tables.ts"
import { AuditLogTable, SchedulerLeaseTable } from "./audit-and-job-tables.ts"
import {
  CheckoutSessionTable,
  PaymentTable,
  PlanPeriodTable,
  SubscriptionTable,
} from "./billing-tables.ts"
import {
  BadgeGrantTable,
  ContestEventTable,
  ContestTable,
  ContestVisitTable,
  DownloadTable,
  EntryTable,
  VoteTable,
} from "./contest-tables.ts"
import { DrawingEntryTable, DrawingTable } from "./drawing-tables.ts"
import { ContactMessageTable, OutboxMailTable } from "./mail-tables.ts"
import { EntryFeedbackTable, SpotlightTable } from "./feedback-tables.ts"
import { LineArtRequestTable, PremiumPageTable } from "./perk-tables.ts"
import { SiteSettingTable } from "./site-tables.ts"
import { KnownDeviceTable } from "./device-tables.ts"
import { NotificationTable, PushRetryTable, PushSubscriptionTable } from "./notification-tables.ts"
import { SentNotificationTable } from "./sent-notification-repository.ts"
import {
  MemberTwoFactorTable,
  RecoveryCodeTable,
  TwoFactorChallengeTable,
} from "./two-factor-tables.ts"

/**
 * The tables, as TypeORM EntitySchemas over plain row types: the domain's entities carry no ORM
 * annotations, and rows are mapped to them in the repositories. Instants are epoch milliseconds
 * in BIGINT columns (portable across SQLite and MySQL, no time zone surprises). Each area's
 * tables live in their own file; this module lists them all for the data source and re-exports them.
 */

export * from "./account-tables.ts"
export * from "./audit-and-job-tables.ts"
export * from "./billing-tables.ts"
export * from "./contest-tables.ts"
export * from "./drawing-tables.ts"
export * from "./feedback-tables.ts"
export * from "./mail-tables.ts"
export * from "./perk-tables.ts"
export * from "./site-tables.ts"
export * from "./two-factor-tables.ts"
export * from "./device-tables.ts"

export const ALL_TABLES = [
  MemberTable,
  MemberSettingsTable,
  SessionTable,
  MemberTokenTable,
  ContestTable,
  DownloadTable,
  EntryTable,
  VoteTable,
  SubscriptionTable,
  PaymentTable,
  CheckoutSessionTable,
  PlanPeriodTable,
  BadgeGrantTable,
  ContactMessageTable,
  ContestEventTable,
  ContestVisitTable,
  OutboxMailTable,
  AuditLogTable,
  SchedulerLeaseTable,
  DrawingTable,
  DrawingEntryTable,
  PremiumPageTable,
  LineArtRequestTable,
  SiteSettingTable,
  EntryFeedbackTable,
  SpotlightTable,
  MemberTwoFactorTable,
  RecoveryCodeTable,
  TwoFactorChallengeTable,
  KnownDeviceTable,
  NotificationTable,
  PushSubscriptionTable,
  SentNotificationTable,
  PushRetryTable,
]
