import { request, upload } from "./http.ts"
import type {
  ArchiveItem,
  Artist,
  ArtistEntries,
  Badge,
  BillingHistory,
  Checkout,
  ContactForm,
  Contest,
  ContestArchive,
  ContestResults,
  Entry,
  EntryPage,
  GalleryPage,
  GallerySort,
  GalleryTab,
  Leaderboard,
  LeaderboardPeriod,
  Member,
  MemberSettings,
  MemberStats,
  ProfileForm,
  SignedIn,
  SignUpForm,
  Subscription,
  Tier,
  VerifiedCheckout,
  VoteResult,
} from "./types.ts"

/** The visitor's IANA time zone: leaderboards and gallery tabs split days where the visitor lives. */
export const visitorTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"

interface Message {
  readonly message: string
}

/**
 * Every call the site makes, one function each, named in the product's words. Identity is the
 * session cookie: no call sends a member id the server would trust.
 */
export const api = {
  // Accounts
  session: () => request<SignedIn>("GET", "/api/session"),
  signIn: (email: string, password: string) =>
    request<SignedIn>("POST", "/api/users/login", { body: { email, password } }),
  signUp: (form: SignUpForm) => request<Member & Message>("POST", "/api/users", { body: form }),
  signOut: () => request<null>("POST", "/api/users/logout"),
  resendVerification: (email: string) =>
    request<Message>("POST", "/api/users/resend-verification", { body: { email } }),
  forgotPassword: (email: string) =>
    request<Message>("POST", "/api/users/forgot-password", {
      body: { email, redirectUrl: `${window.location.origin}/reset-password` },
    }),
  resetPassword: (token: string, password: string) =>
    request<Message>("POST", "/api/users/reset-password", { body: { token, password } }),
  verifyEmail: (token: string) =>
    request<Message>("GET", `/api/users/verify-email/${encodeURIComponent(token)}`),
  profile: (memberId: string) => request<Member>("GET", `/api/users/${memberId}`),
  updateProfile: (memberId: string, form: ProfileForm) =>
    request<Member & Message>("PUT", `/api/users/${memberId}`, { body: form }),
  changePassword: (memberId: string, currentPassword: string, newPassword: string) =>
    request<Message>("PUT", `/api/users/${memberId}/password`, {
      body: { currentPassword, newPassword },
    }),
  settings: (memberId: string) => request<MemberSettings>("GET", `/api/users/${memberId}/settings`),
  saveSettings: (memberId: string, settings: MemberSettings) =>
    request<MemberSettings>("PUT", `/api/users/${memberId}/settings`, { body: settings }),
  /** Everything we hold on the member, as one JSON document (the browser saves it as a file). */
  exportUrl: (memberId: string) => `/api/users/${memberId}/export`,
  deleteAccount: (memberId: string, password: string) =>
    request<null>("DELETE", `/api/users/${memberId}`, { body: { password } }),
  stats: () => request<MemberStats>("GET", "/api/users/user-stats/user"),
  badges: (memberId: string) =>
    request<ReadonlyArray<Badge>>("GET", `/api/badges/user/${memberId}`),

  // Plans and payments
  subscription: () => request<{ subscription: Subscription }>("GET", "/api/subscription"),
  cancelPlan: () => request<{ subscription: Subscription }>("POST", "/api/subscription/cancel"),
  buyExtraEntry: (contestId: string, returnUrl: string) =>
    request<Checkout>("POST", "/api/stripe/checkout-session", { body: { contestId, returnUrl } }),
  subscribe: (planTier: Exclude<Tier, "free">, returnUrl: string) =>
    request<Checkout>("POST", "/api/stripe/subscription-session", {
      body: { planTier, returnUrl },
    }),
  verifyCheckout: (sessionId: string) =>
    request<VerifiedCheckout>("GET", "/api/stripe/verify-session", { query: { sessionId } }),
  /** The member gave up a checkout (/payment-cancel?payment=…): billing history shows it cancelled. */
  cancelCheckout: (paymentId: string) =>
    request<{ status: string }>(
      "POST",
      `/api/billing/checkouts/${encodeURIComponent(paymentId)}/cancel`,
    ),
  billingHistory: (cursor?: string) =>
    request<BillingHistory>("GET", "/api/billing/history", { query: { cursor, limit: 50 } }),

  // Contests, entries, votes
  currentContest: () => request<Contest | null>("GET", "/api/challenges/current-active"),
  contest: (contestId: string) => request<Contest>("GET", `/api/challenges/${contestId}`),
  countView: (contestId: string) =>
    request<unknown>("POST", `/api/challenges/${contestId}/analytics/views`),
  lineArtPngUrl: (contestId: string) => `/api/challenges/${contestId}/line-art.png`,
  lineArtPdfUrl: (contestId: string, paper: "letter" | "a4" = "letter") =>
    `/api/challenges/${contestId}/line-art.pdf?paper=${paper}`,
  /** Enters a photo into a contest: multipart, with the upload's real progress (0–100). */
  submitEntry: (contestId: string, photo: File, onProgress: (percent: number) => void) => {
    const form = new FormData()
    // Fields before the photo: the server checks the contest and the credit before reading it.
    form.set("challenge_id", contestId)
    form.set("age_group", "adult")
    form.set("image", photo)
    return upload<{ submission: Entry; subscription: Subscription }>(
      "/api/submissions",
      form,
      onProgress,
    )
  },
  gallery: (options: {
    tab: GalleryTab
    sort: GallerySort
    seed?: string
    cursor?: string
    limit?: number
  }) =>
    request<GalleryPage>("GET", "/api/gallery", {
      query: { ...options, tz: visitorTimeZone() },
    }),
  memberEntries: (memberId: string) =>
    request<ReadonlyArray<Entry>>("GET", `/api/submissions/user/${memberId}`, {
      query: { limit: 100 },
    }),
  vote: (entryId: string) => request<VoteResult>("POST", `/api/submissions/${entryId}/vote`),
  leaderboard: (period: LeaderboardPeriod) =>
    request<Leaderboard>("GET", "/api/leaderboard", {
      query: { period, tz: visitorTimeZone(), limit: 50 },
    }),

  // Results (issue 14)
  /** A contest's result: provisional once ended, final once announced; the ranking one page at a time. */
  results: (contestId: string, cursor?: string) =>
    request<ContestResults>("GET", `/api/challenges/${encodeURIComponent(contestId)}/results`, {
      query: { cursor, limit: 50 },
    }),
  /** Past contests, newest first. */
  archive: (cursor?: string) =>
    request<ContestArchive>("GET", "/api/challenges/archive", { query: { cursor, limit: 12 } }),
  /** The last announced contest; null (204) while none is. */
  latestWinner: () => request<ArchiveItem | null>("GET", "/api/challenges/latest-winner"),

  // The art itself and artists' pages (issue 14)
  /** An entry's page: 404 for an unknown entry, or a hidden one to all but its owner. */
  entry: (entryId: string) =>
    request<EntryPage>("GET", `/api/entries/${encodeURIComponent(entryId)}`),
  /** An artist's page; `view: "public"` shows the owner what others see. */
  artist: (username: string, view?: "public") =>
    request<Artist>("GET", `/api/artists/${encodeURIComponent(username)}`, { query: { view } }),
  artistEntries: (username: string, cursor?: string) =>
    request<ArtistEntries>("GET", `/api/artists/${encodeURIComponent(username)}/entries`, {
      query: { cursor, limit: 24 },
    }),
  /** Sets the member's avatar (the server crops it square, 256 px): the member with avatarUrl. */
  uploadAvatar: (memberId: string, image: File) => {
    const form = new FormData()
    form.set("image", image)
    return upload<Member>(`/api/users/${memberId}/avatar`, form, () => {})
  },
  removeAvatar: (memberId: string) => request<Member>("DELETE", `/api/users/${memberId}/avatar`),

  // Contact
  config: () => request<{ supportEmail: string }>("GET", "/api/config"),
  contact: (form: ContactForm) => request<Message>("POST", "/api/email/contact", { body: form }),
}
