import { Schema } from "effect"

/**
 * The bodies of the entry page and the artist page routes (the issue 14 API contract), for the
 * OpenAPI document; tests/http/entry-page.test.ts and artists.test.ts decode real answers with
 * them, so they cannot drift.
 */

const Placement = Schema.NullOr(Schema.Literals([1, 2, 3]))

/** An entry as lists and pages present it (presentEntry): the fields the site reads. */
export const PresentedEntryBody = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  username: Schema.String,
  challenge_id: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  thumbnailUrl: Schema.NullOr(Schema.String),
  ageGroup: Schema.String,
  contestType: Schema.String,
  status: Schema.String,
  voteCount: Schema.Number,
  weightedScore: Schema.Number,
  createdAt: Schema.String,
  /** Its rank in its contest's announced result, when on the podium. */
  placement: Placement,
  peoplesChoice: Schema.Boolean,
  /** The /artists/:username link. */
  artistUsername: Schema.String,
  hasVoted: Schema.optional(Schema.Boolean),
  contestName: Schema.optional(Schema.String),
  /** Only to the entry's owner and admins, for an entry that is not shown. */
  moderationReason: Schema.optional(Schema.NullOr(Schema.String)),
})

const Rendition = Schema.Struct({ url: Schema.String, width: Schema.Number })

export const EntryPageBody = Schema.Struct({
  entry: PresentedEntryBody,
  /** The contest as GET /api/challenges/:id answers it (presentContest). */
  contest: Schema.Record(Schema.String, Schema.Unknown),
  image: Schema.Struct({
    url: Schema.String,
    width: Schema.NullOr(Schema.Number),
    height: Schema.NullOr(Schema.Number),
    /** Small to large. */
    srcset: Schema.Array(Rendition),
  }),
  /** In the contest's gallery order (newest first): the next newer entry. */
  previousEntryId: Schema.NullOr(Schema.String),
  /** The next older entry. */
  nextEntryId: Schema.NullOr(Schema.String),
})

const Badge = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  earnedAt: Schema.NullOr(Schema.String),
  type: Schema.String,
  icon: Schema.String,
  iconColor: Schema.String,
})

/** A private profile, to everyone but its owner: nothing else. */
export const PrivateArtistBody = Schema.Struct({
  username: Schema.String,
  private: Schema.Literal(true),
  isOwner: Schema.Literal(false),
})

export const PublicArtistBody = Schema.Struct({
  username: Schema.String,
  /** To the owner: whether others see a private page. */
  private: Schema.Boolean,
  isOwner: Schema.Boolean,
  avatarUrl: Schema.NullOr(Schema.String),
  bio: Schema.String,
  location: Schema.String,
  website: Schema.String,
  memberSince: Schema.NullOr(Schema.String),
  badges: Schema.NullOr(Schema.Array(Badge)),
  stats: Schema.Struct({
    wins: Schema.Number,
    entries: Schema.Number,
    votesReceived: Schema.Number,
    score: Schema.Number,
  }),
  showsHistory: Schema.Boolean,
})

export const ArtistBody = Schema.Union([PublicArtistBody, PrivateArtistBody])

export const ArtistEntriesBody = Schema.Struct({
  items: Schema.Array(PresentedEntryBody),
  nextCursor: Schema.NullOr(Schema.String),
})
