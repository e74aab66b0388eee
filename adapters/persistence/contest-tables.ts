import { EntitySchema } from "typeorm"
import {
  autoId,
  bool,
  decimal,
  double,
  id,
  instant,
  int,
  longText,
  ref,
  text,
} from "./table-columns.ts"

/** Contests and what hangs off them: downloads, entries, votes, badge grants, events and visits. */

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
  /** The prize (migration ContestPrizes): cash, credits or other; null when none is set. */
  prizeKind: string | null
  prizeText: string | null
  /** Cents for cash, credits for credits, null otherwise. */
  prizeAmount: number | null
  /** Only paid plans may enter (migration 11). */
  subscribersOnly: boolean
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
    prizeKind: text("prize_kind", 16, true),
    prizeText: text("prize_text", 200, true),
    prizeAmount: int("prize_amount", true),
    subscribersOnly: bool("subscribers_only"),
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

/** The gallery's "random" walks (see shuffleWalk): the whole gallery's, and one contest's. */
export const ENTRY_SHUFFLE_INDEXES = [
  { name: "IDX_entries_shuffle", columns: ["shuffleKey", "id"], sql: ["shuffle_key", "id"] },
  {
    name: "IDX_entries_contest_shuffle",
    columns: ["contestId", "shuffleKey", "id"],
    sql: ["contest_id", "shuffle_key", "id"],
  },
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
  /** The entry's place on the ring the "random" order walks: shuffleKey(id), 0 to 2^32 - 1. */
  shuffleKey: number
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
    shuffleKey: { name: "shuffle_key", type: "bigint", default: 0, transformer: decimal },
  },
  indices: [
    ...ENTRY_SHUFFLE_INDEXES.map(({ name, columns }) => ({ name, columns: [...columns] })),
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
    // The new-votes batch reads the votes of the last hours (migration PushRetriesAndVoteTimes).
    { name: "IDX_votes_cast_at", columns: ["castAt"] },
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
