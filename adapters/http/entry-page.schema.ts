import { Schema } from "effect"
import { BadgeBody } from "./account.schema.ts"
import { ContestBody, EntryBody } from "./contest.schema.ts"

/**
 * The bodies of the entry page and the artist page routes (the issue 14 API contract), for the
 * OpenAPI document; tests/http/entry-page.test.ts and artists.test.ts decode real answers with
 * them, so they cannot drift.
 */

/** An entry as lists and pages present it (presentEntry). */
export const PresentedEntryBody = EntryBody

const Rendition = Schema.Struct({ url: Schema.String, width: Schema.Finite }).annotate({
  identifier: "Rendition",
})

export const EntryPageBody = Schema.Struct({
  entry: PresentedEntryBody,
  contest: ContestBody,
  image: Schema.Struct({
    url: Schema.String,
    width: Schema.NullOr(Schema.Finite),
    height: Schema.NullOr(Schema.Finite),
    /** Small to large. */
    srcset: Schema.Array(Rendition),
  }),
  /** In the contest's gallery order (newest first): the next newer entry. */
  previousEntryId: Schema.NullOr(Schema.String),
  /** The next older entry. */
  nextEntryId: Schema.NullOr(Schema.String),
}).annotate({ identifier: "EntryPage" })

/** A private profile, to everyone but its owner: nothing else. */
export const PrivateArtistBody = Schema.Struct({
  username: Schema.String,
  private: Schema.Literal(true),
  isOwner: Schema.Literal(false),
}).annotate({ identifier: "PrivateArtist" })

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
  /** null when the artist hides their badges. */
  badges: Schema.NullOr(Schema.Array(BadgeBody)),
  stats: Schema.Struct({
    wins: Schema.Finite,
    entries: Schema.Finite,
    votesReceived: Schema.Finite,
    score: Schema.Finite,
  }).annotate({ identifier: "ArtistStats" }),
  showsHistory: Schema.Boolean,
}).annotate({ identifier: "PublicArtist" })

export const ArtistBody = Schema.Union([PublicArtistBody, PrivateArtistBody]).annotate({
  identifier: "Artist",
})

export const ArtistEntriesBody = Schema.Struct({
  items: Schema.Array(PresentedEntryBody),
  nextCursor: Schema.NullOr(Schema.String),
}).annotate({ identifier: "ArtistEntries" })
