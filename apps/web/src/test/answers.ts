import type { Badge, Contest, Entry, Member } from "../api/types.ts"

/**
 * The spec's alias fields the server sends beside the product's names (presenters.ts: `_id`,
 * `user_id`, `contest_type`...), filled from those names, so the component tests' answers have
 * the full shape the generated API types require without each fixture spelling them out. (Each
 * returns its argument's own type too, so the admin's wider shapes pass through.)
 */

type ContestAlias =
  | "_id"
  | "name"
  | "image_url"
  | "type"
  | "contest_type"
  | "startDate"
  | "startTime"
  | "endDate"
  | "endTime"
  | "start_date"
  | "end_date"
type EntryAlias =
  | "_id"
  | "user_id"
  | "artist_name"
  | "profiles"
  | "contest_id"
  | "public_url"
  | "file_path"
  | "age_group"
  | "contest_type"
  | "vote_count"
  | "created_at"
  | "submissionDate"
type MemberAlias = "_id" | "avatar_url" | "created_at"

/** A type with its aliases made optional: what a fixture writes. */
type Fields<T, Alias extends keyof T> = Omit<T, Alias> & Partial<Pick<T, Alias>>

/**
 * A fixture without a prize gets none (`prize: null`), as a contest the admin set none on; one
 * without subscribersOnly is open to every plan.
 */
export const contestAnswer = <
  C extends Fields<Contest, ContestAlias | "prize" | "subscribersOnly">,
>(
  contest: C,
): C & Contest => ({
  prize: null,
  subscribersOnly: false,
  _id: contest.id,
  name: contest.title,
  image_url: contest.lineArt,
  type: contest.contestType,
  contest_type: contest.contestType,
  startDate: contest.startsAt.slice(0, 10),
  startTime: contest.startsAt.slice(11, 16),
  endDate: contest.endsAt.slice(0, 10),
  endTime: contest.endsAt.slice(11, 16),
  start_date: contest.startsAt,
  end_date: contest.endsAt,
  ...contest,
})

export const entryAnswer = <E extends Fields<Entry, EntryAlias>>(entry: E): E & Entry => ({
  _id: entry.id,
  user_id: entry.userId,
  artist_name: entry.username,
  profiles: { username: entry.username, avatar_url: null },
  contest_id: entry.challenge_id,
  public_url: entry.imageUrl,
  file_path: entry.imageUrl?.replace(/^\/images\//, "") ?? "",
  age_group: entry.ageGroup,
  contest_type: entry.contestType,
  vote_count: entry.voteCount,
  created_at: entry.createdAt,
  submissionDate: entry.createdAt,
  ...entry,
})

export const memberAnswer = <M extends Fields<Member, MemberAlias>>(member: M): M & Member => ({
  _id: member.id,
  avatar_url: member.avatarUrl,
  created_at: member.createdDate,
  ...member,
})

export const badgeAnswer = <B extends Fields<Badge, "_id">>(badge: B): B & Badge => ({
  _id: badge.id,
  ...badge,
})
