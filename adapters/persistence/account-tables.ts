import { EntitySchema } from "typeorm"
import { bool, id, instant, longText, ref, text } from "./table-columns.ts"

/** Members, their settings, sessions and tokens. */

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
  isJudge: boolean
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
    isJudge: bool("is_judge"),
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
