import type { RequestBody } from "../../../api-client/request-body.ts"
import type { components, paths } from "../../../api-client/schema.ts"

/**
 * What the API answers, by the names the site's screens use: each is the type generated from the
 * server's OpenAPI document (apps/api-client/schema.ts, `npm run api-types`), which is generated
 * from the response Schemas the server's presenters build (adapters/http/*.schema.ts). Nothing
 * here is written by hand, so a field renamed on the server fails this app's typecheck.
 */
type Schemas = components["schemas"]

export type Tier = Schemas["Tier"]
export type MemberSettings = Schemas["MemberSettings"]
export type Countdown = Schemas["Countdown"]
export type ContestStatus = Schemas["ContestStatus"]
export type Contest = Schemas["Contest"]
export type Entry = Schemas["Entry"]
export type Member = Schemas["Member"]
export type Subscription = Schemas["Subscription"]
export type SignedIn = Schemas["SignedIn"]
export type MemberStats = Schemas["MemberStats"]
export type Badge = Schemas["Badge"]
export type Drawing = Schemas["Drawing"]
export type FreeEntry = Schemas["FreeEntry"]
export type LeaderboardRow = Schemas["LeaderboardRow"]
export type LeaderboardPeriod = Schemas["LeaderboardPeriod"]
export type Leaderboard = Schemas["Leaderboard"]
export type GalleryPage = Schemas["GalleryPage"]
export type Payment = Schemas["Payment"]
export type BillingHistory = Schemas["BillingHistory"]
export type Checkout = Schemas["Checkout"]
export type VerifiedCheckout = Schemas["VerifiedCheckout"]
export type VoteResult = Schemas["VoteResult"]
export type SubmissionCreated = Schemas["SubmissionCreated"]
export type Message = Schemas["Message"]
export type MemberWithMessage = Schemas["MemberWithMessage"]
export type SiteConfig = Schemas["SiteConfig"]
export type CheckoutCancelled = Schemas["CheckoutCancelled"]

// Results (issue 14): a contest's published ranking, the archive of past contests, the last winner.
export type ResultRow = Schemas["ResultRow"]
export type ResultStatus = Schemas["ResultStatus"]
export type ResultCounts = Schemas["ResultCounts"]
export type ContestResults = Schemas["ContestResults"]
export type ArchiveItem = Schemas["ArchiveItem"]
export type ContestArchive = Schemas["ContestArchive"]

// The art itself and artists' pages (issue 14).
export type Rendition = Schemas["Rendition"]
export type EntryPage = Schemas["EntryPage"]
export type ArtistStats = Schemas["ArtistStats"]
export type PublicArtist = Schemas["PublicArtist"]
export type PrivateArtist = Schemas["PrivateArtist"]
export type Artist = Schemas["Artist"]
export type ArtistEntries = Schemas["ArtistEntries"]

/** The gallery's query, as the route declares it. */
type GalleryQuery = NonNullable<paths["/api/gallery"]["get"]["parameters"]["query"]>
export type GalleryTab = NonNullable<GalleryQuery["tab"]>
export type GallerySort = NonNullable<GalleryQuery["sort"]>

// What the site sends (forms): the site's own shapes, checked by the server's request Schemas.

export interface ProfileForm {
  readonly username: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly bio: string
  readonly location: string
  readonly website: string
}

/** The sign-up form, as POST /api/users declares its body. */
export type SignUpForm = RequestBody<"/api/users", "post">

export interface ContactForm {
  readonly name: string
  readonly email: string
  readonly subject: string
  readonly message: string
}
