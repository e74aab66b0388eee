import type { Member } from "../../domain/accounts/member.entity.ts"
import type { MemberDataExport } from "../../domain/accounts/member-data-export.use-case.ts"
import { BADGES, type BadgeGrant } from "../../domain/badges/badges.ts"
import { type Payment, statusAt } from "../../domain/billing/payment.entity.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { prizeLine } from "../../domain/contests/contest-prize.ts"
import { contestStatus } from "../../domain/contests/contest-status.ts"
import type { ContestResults, PastContest } from "../../domain/contests/contest-results.use-case.ts"
import { countdownBadge } from "../../domain/contests/countdown.ts"
import { NO_PLACEMENT, type Placement } from "../../domain/contests/placement.ts"
import type { Instant } from "../../domain/shared/ids.ts"
import type { Subscription } from "../../domain/plans/subscription.entity.ts"
import { creditsLeft } from "../../domain/plans/quota.ts"
import { PLANS } from "../../domain/plans/plans.ts"
import type { RankedEntry } from "../../domain/ranking/contest-ranking.ts"
import type { LeaderboardRow } from "../../domain/ranking/leaderboard.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { thumbnailKeyOf } from "../images/image-keys.ts"
import type {
  BadgeBody,
  MemberBody,
  PaymentBody,
  PublicMemberBody,
  SubscriptionBody,
} from "./account.schema.ts"
import type {
  ContestResultsBody,
  PastContestBody,
  ResultRowBody,
} from "./contest-results.schema.ts"
import type { ContestBody, EntryBody, LeaderboardRowBody } from "./contest.schema.ts"

/**
 * Domain entities as the spec's client reads them (§3): its field names and aliases, so a client
 * written from the spec works. Instants become ISO strings; images become URLs under /images.
 * Each presenter returns its body Schema's type (contest.schema.ts, account.schema.ts,
 * contest-results.schema.ts), so a field the Schema lacks or misses fails the typecheck.
 */

export const imageUrl = (key: string | null): string | null => (key ? `/images/${key}` : null)

/** The URL of an image's thumbnail (480 px at most), for grids and lists. */
export const thumbnailUrl = (key: string | null): string | null =>
  key ? imageUrl(thumbnailKeyOf(key)) : null

const iso = (instant: Instant | null) => (instant === null ? null : new Date(instant).toISOString())
/** An instant that is always there (a creation date), as an ISO string. */
const isoAt = (instant: Instant) => new Date(instant).toISOString()
const datePart = (instant: Instant) => new Date(instant).toISOString().slice(0, 10)
const timePart = (instant: Instant) => new Date(instant).toISOString().slice(11, 16)

export const presentContest = (contest: Contest, now: Instant): ContestBody => ({
  _id: contest.id,
  id: contest.id,
  title: contest.title,
  name: contest.title,
  description: contest.description,
  lineArt: imageUrl(contest.lineArt),
  image_url: imageUrl(contest.lineArt),
  contestType: contest.contestType,
  type: contest.contestType,
  contest_type: contest.contestType,
  artStyle: contest.artStyle,
  startsAt: isoAt(contest.startsAt),
  endsAt: isoAt(contest.endsAt),
  startDate: datePart(contest.startsAt),
  startTime: timePart(contest.startsAt),
  endDate: datePart(contest.endsAt),
  endTime: timePart(contest.endsAt),
  start_date: isoAt(contest.startsAt),
  end_date: isoAt(contest.endsAt),
  status: contestStatus(contest, now),
  countdown: countdownBadge(contest, now),
  createdAt: isoAt(contest.createdAt),
  result: contest.result && {
    closedAt: iso(contest.result.closedAt),
    winnerEntryId: contest.result.winnerEntryId,
    winnerMemberId: contest.result.winnerMemberId,
    winnerRawVotes: contest.result.winnerRawVotes,
    winnerWeightedScore: contest.result.winnerWeightedScore,
    peoplesChoiceEntryId: contest.result.peoplesChoiceEntryId,
    totalEntries: contest.result.totalEntries,
    totalVotes: contest.result.totalVotes,
  },
  prize: contest.prize && { ...contest.prize, line: prizeLine(contest.prize) },
  subscribersOnly: contest.subscribersOnly,
})

/**
 * An entry as the site shows it. `placement` is its place in its contest's announced result
 * (entry-placements.ts reads the contests of a page of entries at once); without it, none.
 */
export const presentEntry = (
  entry: Entry,
  hasVoted?: boolean,
  placement: Placement = NO_PLACEMENT,
): EntryBody => ({
  _id: entry.id,
  id: entry.id,
  user_id: entry.memberId,
  userId: entry.memberId,
  artist_name: entry.artistName,
  username: entry.artistName,
  profiles: { username: entry.artistName, avatar_url: null },
  challenge_id: entry.contestId,
  contest_id: entry.contestId,
  imageUrl: imageUrl(entry.image),
  thumbnailUrl: thumbnailUrl(entry.image),
  public_url: imageUrl(entry.image),
  file_path: entry.image,
  age_group: entry.ageGroup,
  ageGroup: entry.ageGroup,
  contest_type: entry.contestType,
  contestType: entry.contestType,
  status: entry.moderation === "visible" ? "submitted" : entry.moderation,
  voteCount: entry.voteCount,
  vote_count: entry.voteCount,
  weightedScore: entry.weightedScore,
  created_at: isoAt(entry.createdAt),
  createdAt: isoAt(entry.createdAt),
  submissionDate: isoAt(entry.createdAt),
  placement: placement.placement,
  peoplesChoice: placement.peoplesChoice,
  // The artist page's address: artistName is the current username (a rename follows entries).
  artistUsername: entry.artistName,
  ...(hasVoted === undefined ? {} : { hasVoted }),
})

/** A member as the member themself (or an admin) sees them: never the password hash. */
export const presentMember = (member: Member): MemberBody => ({
  _id: member.id,
  id: member.id,
  username: member.username,
  email: member.email,
  /** The address the member asked to move to, until they open the link mailed there. */
  pendingEmail: member.pendingEmail,
  firstName: member.firstName,
  lastName: member.lastName,
  isAdmin: member.isAdmin,
  isJudge: member.isJudge,
  emailVerified: member.emailVerifiedAt !== null,
  bio: member.profile.bio,
  location: member.profile.location,
  website: member.profile.website,
  avatarUrl: member.profile.avatarUrl,
  avatar_url: member.profile.avatarUrl,
  createdDate: isoAt(member.createdAt),
  created_at: isoAt(member.createdAt),
})

/**
 * A member as anyone else sees them: the public profile only, and the join date only when the
 * member shows it (privacy setting showJoinDate).
 */
export const presentPublicMember = (
  member: Member,
  shown: { readonly joinDate: boolean },
): PublicMemberBody => ({
  _id: member.id,
  id: member.id,
  username: member.username,
  bio: member.profile.bio,
  location: member.profile.location,
  website: member.profile.website,
  avatarUrl: member.profile.avatarUrl,
  avatar_url: member.profile.avatarUrl,
  createdDate: shown.joinDate ? iso(member.createdAt) : null,
  created_at: shown.joinDate ? iso(member.createdAt) : null,
})

export const presentSubscription = (subscription: Subscription): SubscriptionBody => {
  const left = creditsLeft(subscription)
  return {
    tier: subscription.tier,
    // The spec shows unlimited as 999; a client testing `remaining <= 0` must never see null.
    remaining_submissions: left === "unlimited" ? 999 : left,
    unlimited: left === "unlimited",
    renews_at: iso(subscription.renewsAt),
  }
}

/** A badge a member holds, in the spec's Badge shape (the catalogue gives name, icon, colour). */
export const presentBadge = (grant: BadgeGrant): BadgeBody => {
  const badge = BADGES[grant.badgeId]
  return {
    _id: badge.id,
    id: badge.id,
    name: badge.name,
    description: badge.description,
    earnedAt: isoAt(grant.earnedAt),
    type: badge.type,
    icon: badge.icon,
    iconColor: badge.iconColor,
  }
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * A payments ledger row as the billing history reads it: dollars, an ISO date, a label. Given
 * `now`, a pending checkout past its lifetime reads "expired" before the provider says so.
 */
export const presentPayment = (payment: Payment, now?: Instant): PaymentBody => ({
  id: payment.id,
  date: isoAt(payment.createdAt),
  amount: payment.amountCents / 100,
  currency: "usd",
  status: now === undefined ? payment.status : statusAt(payment, now),
  description:
    payment.purchase.kind === "plan" ? `${capitalised(payment.purchase.tier)} Plan` : "Extra entry",
  invoice_url: payment.invoiceUrl,
  payment_method: payment.paymentMethod,
  subscription_tier: payment.purchase.kind === "plan" ? payment.purchase.tier : null,
})

/** A leaderboard row in the spec's field names; the avatar comes from the member's profile. */
export const presentLeaderboardRow = (
  row: LeaderboardRow,
  avatarUrl: string | null,
): LeaderboardRowBody => ({
  rank: row.rank,
  userId: row.memberId,
  username: row.artistName,
  avatarUrl,
  score: row.score,
  rawVotes: row.rawVotes,
  submissionId: row.entryId,
  submissionUrl: imageUrl(row.image),
  thumbnailUrl: thumbnailUrl(row.image),
  contestType: row.contestType,
  ageGroup: row.ageGroup,
  date: isoAt(row.date),
})

/**
 * "Download my data" as the file the member keeps: ISO dates, absolute image URLs on `origin`,
 * the API's words. Never a secret: the export has none to give.
 */
export const presentMemberDataExport = (data: MemberDataExport, origin: string) => {
  const absolute = (url: string | null) => (url === null ? null : `${origin}${url}`)
  const { member } = data
  return {
    exportedAt: iso(data.exportedAt),
    profile: {
      id: member.id,
      email: member.email,
      username: member.username,
      firstName: member.firstName,
      lastName: member.lastName,
      dateOfBirth: member.dateOfBirth,
      emailVerified: member.emailVerifiedAt !== null,
      emailVerifiedAt: iso(member.emailVerifiedAt),
      isAdmin: member.isAdmin,
      isJudge: member.isJudge,
      suspendedAt: iso(member.suspendedAt),
      bio: member.profile.bio,
      location: member.profile.location,
      website: member.profile.website,
      avatarUrl: member.profile.avatarUrl,
      createdAt: iso(member.createdAt),
    },
    settings: data.settings,
    subscription: presentSubscription(data.subscription),
    planPeriods: data.planPeriods.map((period) => ({
      tier: period.tier,
      plan: PLANS[period.tier].name,
      from: iso(period.from),
      until: iso(period.until),
    })),
    entries: data.entries.map(({ entry, contestTitle }) => ({
      id: entry.id,
      contestId: entry.contestId,
      contestName: contestTitle,
      imageUrl: absolute(imageUrl(entry.image)),
      thumbnailUrl: absolute(thumbnailUrl(entry.image)),
      ageGroup: entry.ageGroup,
      contestType: entry.contestType,
      status: entry.moderation === "visible" ? "submitted" : entry.moderation,
      moderationReason: entry.moderationReason,
      voteCount: entry.voteCount,
      weightedScore: entry.weightedScore,
      createdAt: iso(entry.createdAt),
    })),
    votes: data.votesCast.map((vote) => ({
      entryId: vote.entryId,
      contestId: vote.contestId,
      weight: vote.weight,
      date: iso(vote.castAt),
    })),
    badges: data.badges.map((grant) => ({
      id: grant.badgeId,
      name: BADGES[grant.badgeId].name,
      earnedAt: iso(grant.earnedAt),
    })),
    downloads: data.downloads.map((download) => ({
      contestId: download.contestId,
      date: iso(download.at),
    })),
    payments: data.payments.map((payment) => ({
      ...presentPayment(payment),
      fulfilledAt: iso(payment.fulfilledAt),
    })),
    contactMessages: data.contactMessages.map((message) => ({
      id: message.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      date: iso(message.createdAt),
    })),
    freeDrawingEntries: data.freeDrawingEntries.map((entry) => ({
      month: entry.month,
      requestedAt: iso(entry.requestedAt),
    })),
    lineArtRequests: data.lineArtRequests.map((request) => ({
      id: request.id,
      brief: request.brief,
      referenceUrl: absolute(imageUrl(request.reference)),
      status: request.status,
      declineReason: request.declineReason,
      contestId: request.contestId,
      createdAt: iso(request.createdAt),
      updatedAt: iso(request.updatedAt),
    })),
    feedbackReceived: data.feedbackReceived.map((feedback) => ({
      entryId: feedback.entryId,
      text: feedback.text,
      createdAt: iso(feedback.createdAt),
      updatedAt: iso(feedback.updatedAt),
    })),
    sessions: data.sessions.map((session) => ({
      createdAt: iso(session.createdAt),
      lastSeenAt: iso(session.lastSeenAt),
      expiresAt: iso(session.expiresAt),
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// Published results (issue 14): the contract's ResultRow, a contest's result, the archive.

/** One ranked entry of a contest's result: raw votes and weighted score as two numbers. */
export const presentResultRow = (row: RankedEntry): ResultRowBody => ({
  rank: row.rank,
  entryId: row.entry.id,
  artistName: row.entry.artistName,
  username: row.entry.artistName,
  thumbnailUrl: thumbnailUrl(row.entry.image),
  imageUrl: imageUrl(row.entry.image),
  rawVotes: row.entry.voteCount,
  score: row.entry.weightedScore,
  createdAt: isoAt(row.entry.createdAt),
})

const presentRowOrNull = (row: RankedEntry | null) => (row ? presentResultRow(row) : null)

export const presentContestResults = (
  results: ContestResults,
  now: Instant,
): ContestResultsBody => ({
  contest: presentContest(results.contest, now),
  status: results.status,
  announcedAt: iso(results.announcedAt),
  winner: presentRowOrNull(results.winner),
  peoplesChoice: presentRowOrNull(results.peoplesChoice),
  podium: results.podium.map(presentResultRow),
  ranking: results.ranking.map(presentResultRow),
  nextCursor: results.nextCursor,
  counts: results.counts,
})

/** A past contest in the archive (and "Yesterday's winner"). */
export const presentPastContest = (past: PastContest, now: Instant): PastContestBody => ({
  contest: presentContest(past.contest, now),
  status: past.status,
  announcedAt: iso(past.announcedAt),
  winner: presentRowOrNull(past.winner),
  counts: past.counts,
})
