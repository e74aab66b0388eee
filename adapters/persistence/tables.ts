import { EntitySchema, type EntitySchemaColumnOptions, type ValueTransformer } from "typeorm"

/**
 * The tables, as TypeORM EntitySchemas over plain row types: the domain's entities carry no ORM
 * annotations, and rows are mapped to them in the repositories. Instants are epoch milliseconds
 * in BIGINT columns (portable across SQLite and MySQL, no time zone surprises).
 */

/** mysql2 returns BIGINT as a string; every instant column reads back as a number. */
const epochMillis: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
}
const decimal: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
}

const id = (name = "id"): EntitySchemaColumnOptions => ({
  name,
  type: "varchar",
  length: 36,
  primary: true,
})
const ref = (name: string, nullable = false): EntitySchemaColumnOptions => ({
  name,
  type: "varchar",
  length: 36,
  nullable,
})
const instant = (name: string, nullable = false): EntitySchemaColumnOptions => ({
  name,
  type: "bigint",
  nullable,
  transformer: epochMillis,
})
const text = (name: string, length: number, nullable = false): EntitySchemaColumnOptions => ({
  name,
  type: "varchar",
  length,
  nullable,
})
const longText = (name: string, nullable = false): EntitySchemaColumnOptions => ({
  name,
  type: "text",
  nullable,
})
const int = (name: string, nullable = false): EntitySchemaColumnOptions => ({
  name,
  type: "int",
  nullable,
  default: nullable ? undefined : 0,
})
const double = (name: string): EntitySchemaColumnOptions => ({
  name,
  type: "double",
  default: 0,
  transformer: decimal,
})
const bool = (name: string): EntitySchemaColumnOptions => ({
  name,
  type: "boolean",
  default: false,
})
const autoId = (): EntitySchemaColumnOptions => ({
  name: "id",
  type: "integer",
  primary: true,
  generated: "increment",
})

export interface MemberRow {
  id: string
  email: string
  username: string
  usernameKey: string
  firstName: string
  lastName: string
  dateOfBirth: string
  passwordHash: string
  emailVerifiedAt: number | null
  pendingEmail: string | null
  isAdmin: boolean
  suspendedAt: number | null
  bio: string
  location: string
  website: string
  avatarUrl: string | null
  /** Never used: settings live in member_settings (migration 4), where a profile save cannot reach. */
  settings: string | null
  createdAt: number
}

export const MemberTable = new EntitySchema<MemberRow>({
  name: "Member",
  tableName: "members",
  columns: {
    id: id(),
    email: text("email", 254),
    username: text("username", 30),
    usernameKey: text("username_key", 30),
    firstName: text("first_name", 100),
    lastName: text("last_name", 100),
    dateOfBirth: text("date_of_birth", 10),
    passwordHash: text("password_hash", 255),
    emailVerifiedAt: instant("email_verified_at", true),
    pendingEmail: text("pending_email", 254, true),
    isAdmin: bool("is_admin"),
    suspendedAt: instant("suspended_at", true),
    bio: longText("bio"),
    location: text("location", 120),
    website: text("website", 255),
    avatarUrl: text("avatar_url", 500, true),
    settings: longText("settings", true),
    createdAt: instant("created_at"),
  },
  uniques: [
    { name: "UQ_members_email", columns: ["email"] },
    { name: "UQ_members_username_key", columns: ["usernameKey"] },
  ],
})

export interface MemberSettingsRow {
  memberId: string
  /** The settings object as JSON (read back field by field: see settingsFrom). */
  settings: string
  updatedAt: number
}

/**
 * Each member's saved settings (migration 4), one row per member who saved them: a table of its
 * own, so saving a profile (an upsert of the whole member row) never touches them.
 */
export const MemberSettingsTable = new EntitySchema<MemberSettingsRow>({
  name: "MemberSettings",
  tableName: "member_settings",
  columns: {
    memberId: id("member_id"),
    settings: longText("settings"),
    updatedAt: instant("updated_at"),
  },
  foreignKeys: [
    {
      name: "FK_member_settings_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface SessionRow {
  id: string
  memberId: string
  createdAt: number
  expiresAt: number
  lastSeenAt: number
}

/** Sessions by the hash of their cookie value: a leaked table does not sign anyone in. */
export const SessionTable = new EntitySchema<SessionRow>({
  name: "Session",
  tableName: "sessions",
  columns: {
    id: { ...text("id", 64), primary: true },
    memberId: ref("member_id"),
    createdAt: instant("created_at"),
    expiresAt: instant("expires_at"),
    lastSeenAt: instant("last_seen_at"),
  },
  indices: [{ name: "IDX_sessions_member", columns: ["memberId"] }],
  foreignKeys: [
    {
      name: "FK_sessions_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface MemberTokenRow {
  tokenHash: string
  memberId: string
  purpose: string
  createdAt: number
  expiresAt: number
  usedAt: number | null
}

/** Verification and reset tokens, stored hashed, single-use, expiring. */
export const MemberTokenTable = new EntitySchema<MemberTokenRow>({
  name: "MemberToken",
  tableName: "member_tokens",
  columns: {
    tokenHash: { ...text("token_hash", 64), primary: true },
    memberId: ref("member_id"),
    purpose: text("purpose", 16),
    createdAt: instant("created_at"),
    expiresAt: instant("expires_at"),
    usedAt: instant("used_at", true),
  },
  indices: [{ name: "IDX_member_tokens_member", columns: ["memberId", "purpose"] }],
  foreignKeys: [
    {
      name: "FK_member_tokens_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface ContestRow {
  id: string
  title: string
  description: string
  lineArt: string | null
  contestType: string
  artStyle: string
  startsAt: number
  endsAt: number
  status: string | null
  createdAt: number
  closedAt: number | null
  winnerEntryId: string | null
  winnerMemberId: string | null
  winnerRawVotes: number | null
  winnerWeightedScore: number | null
  peoplesChoiceEntryId: string | null
  peoplesChoiceMemberId: string | null
  totalEntries: number | null
  totalVotes: number | null
  /** The result's top 3 entry ids in rank order, comma-separated (migration 5). */
  podiumEntryIds: string | null
  announcedAt: number | null
}

export const ContestTable = new EntitySchema<ContestRow>({
  name: "Contest",
  tableName: "contests",
  columns: {
    id: id(),
    title: text("title", 120),
    description: longText("description"),
    lineArt: text("line_art", 255, true),
    contestType: text("contest_type", 32),
    artStyle: text("art_style", 64),
    startsAt: instant("starts_at"),
    endsAt: instant("ends_at"),
    status: text("status", 16, true),
    createdAt: instant("created_at"),
    closedAt: instant("closed_at", true),
    winnerEntryId: ref("winner_entry_id", true),
    winnerMemberId: ref("winner_member_id", true),
    winnerRawVotes: int("winner_raw_votes", true),
    winnerWeightedScore: {
      name: "winner_weighted_score",
      type: "double",
      nullable: true,
      transformer: decimal,
    },
    peoplesChoiceEntryId: ref("peoples_choice_entry_id", true),
    peoplesChoiceMemberId: ref("peoples_choice_member_id", true),
    totalEntries: int("total_entries", true),
    totalVotes: int("total_votes", true),
    podiumEntryIds: text("podium_entry_ids", 120, true),
    announcedAt: instant("announced_at", true),
  },
  indices: [
    { name: "IDX_contests_starts_at", columns: ["startsAt"] },
    { name: "IDX_contests_ends_at", columns: ["endsAt"] },
    { name: "IDX_contests_type_window", columns: ["contestType", "startsAt", "endsAt"] },
    { name: "IDX_contests_winner", columns: ["winnerMemberId"] },
  ],
})

export interface DownloadRow {
  id: number
  contestId: string
  memberId: string
  at: number
}

export const DownloadTable = new EntitySchema<DownloadRow>({
  name: "Download",
  tableName: "downloads",
  columns: {
    id: autoId(),
    contestId: ref("contest_id"),
    memberId: ref("member_id"),
    at: instant("at"),
  },
  indices: [
    { name: "IDX_downloads_contest", columns: ["contestId", "at"] },
    { name: "IDX_downloads_member", columns: ["memberId"] },
  ],
  foreignKeys: [
    {
      name: "FK_downloads_contest",
      target: "Contest",
      columnNames: ["contest_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
    {
      name: "FK_downloads_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

/**
 * Indexes matching the gallery's and leaderboard's sort orders exactly (see migrations 2):
 * top = vote_count DESC, created_at, id; ranking = weighted_score DESC, created_at, id;
 * newest = created_at, id (read backwards).
 */
export const ENTRY_ORDER_INDEXES = [
  {
    name: "IDX_entries_contest_top",
    columns: ["contestId", "voteCount", "createdAt", "id"],
    sql: ["contest_id", "vote_count DESC", "created_at", "id"],
  },
  {
    name: "IDX_entries_top",
    columns: ["voteCount", "createdAt", "id"],
    sql: ["vote_count DESC", "created_at", "id"],
  },
  {
    name: "IDX_entries_ranking",
    columns: ["weightedScore", "createdAt", "id"],
    sql: ["weighted_score DESC", "created_at", "id"],
  },
  { name: "IDX_entries_newest", columns: ["createdAt", "id"], sql: ["created_at", "id"] },
] as const

export interface EntryRow {
  id: string
  contestId: string
  memberId: string
  artistName: string
  image: string
  ageGroup: string
  contestType: string
  status: string
  moderation: string
  moderationReason: string | null
  voteCount: number
  weightedScore: number
  createdAt: number
}

export const EntryTable = new EntitySchema<EntryRow>({
  name: "Entry",
  tableName: "entries",
  columns: {
    id: id(),
    contestId: ref("contest_id"),
    memberId: ref("member_id"),
    artistName: text("artist_name", 60),
    image: text("image", 255),
    ageGroup: text("age_group", 16),
    contestType: text("contest_type", 32),
    status: text("status", 16),
    moderation: text("moderation", 16),
    moderationReason: text("moderation_reason", 500, true),
    voteCount: int("vote_count"),
    weightedScore: double("weighted_score"),
    createdAt: instant("created_at"),
  },
  indices: [
    // Gallery pages of a contest by score or by date; leaderboards by period; a member's entries.
    { name: "IDX_entries_contest_date", columns: ["contestId", "createdAt"] },
    { name: "IDX_entries_member", columns: ["memberId", "createdAt"] },
    // The orders the gallery and leaderboards read in, with their DESC columns. TypeORM cannot
    // express a descending index column, so these come from migration 2 and are not diffed.
    ...ENTRY_ORDER_INDEXES.map(({ name, columns }) => ({
      name,
      columns: [...columns],
      synchronize: false,
    })),
  ],
  foreignKeys: [
    {
      name: "FK_entries_contest",
      target: "Contest",
      columnNames: ["contest_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
    {
      name: "FK_entries_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface VoteRow {
  id: string
  entryId: string
  contestId: string
  voterId: string
  weight: number
  castAt: number
}

export const VoteTable = new EntitySchema<VoteRow>({
  name: "Vote",
  tableName: "votes",
  columns: {
    id: id(),
    entryId: ref("entry_id"),
    contestId: ref("contest_id"),
    voterId: ref("voter_id"),
    weight: double("weight"),
    castAt: instant("cast_at"),
  },
  // The guarantee behind "one vote per member per entry", under any concurrency.
  uniques: [{ name: "UQ_votes_entry_voter", columns: ["entryId", "voterId"] }],
  indices: [
    { name: "IDX_votes_voter", columns: ["voterId"] },
    { name: "IDX_votes_contest", columns: ["contestId"] },
  ],
  foreignKeys: [
    {
      name: "FK_votes_entry",
      target: "Entry",
      columnNames: ["entry_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
    {
      name: "FK_votes_voter",
      target: "Member",
      columnNames: ["voter_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface SubscriptionRow {
  memberId: string
  tier: string
  remaining: number
  renewsAt: number
}

export const SubscriptionTable = new EntitySchema<SubscriptionRow>({
  name: "Subscription",
  tableName: "subscriptions",
  columns: {
    memberId: id("member_id"),
    tier: text("tier", 16),
    remaining: int("remaining"),
    renewsAt: instant("renews_at"),
  },
  // The monthly renewal's walk over the subscriptions due (migration 3).
  indices: [{ name: "IDX_subscriptions_renews_at", columns: ["renewsAt"] }],
  foreignKeys: [
    {
      name: "FK_subscriptions_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface PaymentRow {
  id: string
  memberId: string
  checkoutSessionId: string
  purchaseKind: string
  tier: string | null
  amountCents: number
  status: string
  invoiceUrl: string | null
  paymentMethod: string | null
  createdAt: number
  fulfilledAt: number | null
  /** When an unpaid checkout lapses (migration 6); null for renewals and older rows. */
  expiresAt: number | null
  /** The contest an extra entry was bought from (migration 6): reuse is per contest. */
  contestId: string | null
}

export const PaymentTable = new EntitySchema<PaymentRow>({
  name: "Payment",
  tableName: "payments",
  columns: {
    id: id(),
    memberId: ref("member_id"),
    checkoutSessionId: text("checkout_session_id", 255),
    purchaseKind: text("purchase_kind", 16),
    tier: text("tier", 16, true),
    amountCents: int("amount_cents"),
    status: text("status", 16),
    invoiceUrl: text("invoice_url", 500, true),
    paymentMethod: text("payment_method", 64, true),
    createdAt: instant("created_at"),
    fulfilledAt: instant("fulfilled_at", true),
    expiresAt: instant("expires_at", true),
    contestId: ref("contest_id", true),
  },
  uniques: [{ name: "UQ_payments_checkout_session", columns: ["checkoutSessionId"] }],
  indices: [{ name: "IDX_payments_member", columns: ["memberId", "createdAt"] }],
  foreignKeys: [
    {
      name: "FK_payments_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface CheckoutSessionRow {
  id: string
  idempotencyKey: string
  memberId: string
  purchaseKind: string
  tier: string | null
  amountCents: number
  status: string
  returnUrl: string
  cancelUrl: string
  createdAt: number
  completedAt: number | null
}

/**
 * The offline checkout's sessions (migration 3): what a payment provider would keep, for the
 * embedded default's test-mode checkout page. Stripe keeps its own; this table stays empty then.
 */
export const CheckoutSessionTable = new EntitySchema<CheckoutSessionRow>({
  name: "CheckoutSession",
  tableName: "checkout_sessions",
  columns: {
    id: { ...text("id", 100), primary: true },
    idempotencyKey: text("idempotency_key", 100),
    memberId: ref("member_id"),
    purchaseKind: text("purchase_kind", 16),
    tier: text("tier", 16, true),
    amountCents: int("amount_cents"),
    status: text("status", 16),
    returnUrl: text("return_url", 2000),
    cancelUrl: text("cancel_url", 2000),
    createdAt: instant("created_at"),
    completedAt: instant("completed_at", true),
  },
  uniques: [{ name: "UQ_checkout_sessions_idempotency_key", columns: ["idempotencyKey"] }],
  foreignKeys: [
    {
      name: "FK_checkout_sessions_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface BadgeGrantRow {
  memberId: string
  badgeId: string
  earnedAt: number
}

export const BadgeGrantTable = new EntitySchema<BadgeGrantRow>({
  name: "BadgeGrant",
  tableName: "badge_grants",
  columns: {
    memberId: id("member_id"),
    badgeId: { ...text("badge_id", 32), primary: true },
    earnedAt: instant("earned_at"),
  },
  foreignKeys: [
    {
      name: "FK_badge_grants_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface ContactMessageRow {
  id: string
  memberId: string | null
  name: string
  email: string
  subject: string
  message: string
  createdAt: number
  handledAt: number | null
}

export const ContactMessageTable = new EntitySchema<ContactMessageRow>({
  name: "ContactMessage",
  tableName: "contact_messages",
  columns: {
    id: id(),
    memberId: ref("member_id", true),
    name: text("name", 120),
    email: text("email", 254),
    subject: text("subject", 200),
    message: longText("message"),
    createdAt: instant("created_at"),
    handledAt: instant("handled_at", true),
  },
  indices: [{ name: "IDX_contact_messages_created", columns: ["handledAt", "createdAt"] }],
})

export interface ContestEventRow {
  id: number
  contestId: string
  metric: string
  at: number
}

export const ContestEventTable = new EntitySchema<ContestEventRow>({
  name: "ContestEvent",
  tableName: "contest_events",
  columns: {
    id: autoId(),
    contestId: ref("contest_id"),
    metric: text("metric", 16),
    at: instant("at"),
  },
  indices: [{ name: "IDX_contest_events_contest", columns: ["contestId", "metric", "at"] }],
  foreignKeys: [
    {
      name: "FK_contest_events_contest",
      target: "Contest",
      columnNames: ["contest_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface ContestVisitRow {
  contestId: string
  metric: string
  visitor: string
  day: string
}

/**
 * Views and downloads noted per visitor, contest and UTC day (migration 6): the primary key lets
 * each count once a day, however often (or in parallel) the request is repeated.
 */
export const ContestVisitTable = new EntitySchema<ContestVisitRow>({
  name: "ContestVisit",
  tableName: "contest_visits",
  columns: {
    contestId: id("contest_id"),
    metric: { ...text("metric", 16), primary: true },
    visitor: { ...text("visitor", 64), primary: true },
    day: { ...text("day", 10), primary: true },
  },
  indices: [{ name: "IDX_contest_visits_day", columns: ["day"] }],
  foreignKeys: [
    {
      name: "FK_contest_visits_contest",
      target: "Contest",
      columnNames: ["contest_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface OutboxMailRow {
  id: string
  kind: string | null
  recipient: string
  replyTo: string | null
  subject: string
  textBody: string
  htmlBody: string | null
  link: string | null
  createdAt: number
  sentAt: number | null
  nextAttemptAt: number | null
  attempts: number
  lastError: string | null
}

/** Every mail, queued in the transaction of its change (migration 7: kind, reply-to, link, retries). */
export const OutboxMailTable = new EntitySchema<OutboxMailRow>({
  name: "OutboxMail",
  tableName: "mail_outbox",
  columns: {
    id: id(),
    kind: text("kind", 40, true),
    recipient: text("recipient", 254),
    replyTo: text("reply_to", 254, true),
    subject: text("subject", 200),
    textBody: longText("text_body"),
    htmlBody: longText("html_body", true),
    link: text("link", 500, true),
    createdAt: instant("created_at"),
    sentAt: instant("sent_at", true),
    nextAttemptAt: instant("next_attempt_at", true),
    attempts: int("attempts"),
    lastError: text("last_error", 500, true),
  },
  indices: [
    { name: "IDX_mail_outbox_pending", columns: ["sentAt", "createdAt"] },
    { name: "IDX_mail_outbox_due", columns: ["nextAttemptAt"] },
  ],
})

export interface AuditLogRow {
  id: number
  actorId: string | null
  action: string
  targetType: string
  targetId: string
  before: string | null
  after: string | null
  at: number
}

export const AuditLogTable = new EntitySchema<AuditLogRow>({
  name: "AuditLog",
  tableName: "audit_log",
  columns: {
    id: autoId(),
    actorId: ref("actor_id", true),
    action: text("action", 64),
    targetType: text("target_type", 32),
    targetId: text("target_id", 64),
    before: longText("before_state", true),
    after: longText("after_state", true),
    at: instant("at"),
  },
  indices: [
    { name: "IDX_audit_log_at", columns: ["at"] },
    { name: "IDX_audit_log_actor", columns: ["actorId", "at"] },
    { name: "IDX_audit_log_target", columns: ["targetType", "targetId"] },
  ],
})

export interface SchedulerLeaseRow {
  name: string
  holder: string
  expiresAt: number
}

/** One row per scheduled job: whoever holds an unexpired lease runs it. */
export const SchedulerLeaseTable = new EntitySchema<SchedulerLeaseRow>({
  name: "SchedulerLease",
  tableName: "scheduler_leases",
  columns: {
    name: { ...text("name", 64), primary: true },
    holder: text("holder", 64),
    expiresAt: instant("expires_at"),
  },
})

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
  BadgeGrantTable,
  ContactMessageTable,
  ContestEventTable,
  ContestVisitTable,
  OutboxMailTable,
  AuditLogTable,
  SchedulerLeaseTable,
]
