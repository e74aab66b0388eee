import { call, uploadTo } from "./http.ts"
import { systemTimeZone } from "../../../ui/src/format.ts"
import type {
  ArchiveItem,
  ContactForm,
  Contest,
  GallerySort,
  GalleryTab,
  LeaderboardPeriod,
  MemberSettings,
  ProfileForm,
  SignUpForm,
  Tier,
} from "./types.ts"

/**
 * The visitor's IANA time zone: leaderboards and gallery tabs split days where the visitor lives.
 * For a signed-in member the server uses the time zone of their settings instead. Read without
 * Intl where the browser can (systemTimeZone): the leaderboard asks for it on its first screen.
 */
export const visitorTimeZone = (): string => systemTimeZone()

/**
 * Every call the site makes, one function each, named in the product's words. Identity is the
 * session cookie: no call sends a member id the server would trust. Each names the server's
 * documented path (`call`), so its answer is typed by the route's response Schema.
 */
export const api = {
  // Accounts
  session: () => call("GET", "/api/session"),
  signIn: (email: string, password: string) =>
    call("POST", "/api/users/login", { body: { email, password } }),
  signUp: (form: SignUpForm) => call("POST", "/api/users", { body: form }),
  signOut: () => call("POST", "/api/users/logout"),
  resendVerification: (email: string) =>
    call("POST", "/api/users/resend-verification", { body: { email } }),
  forgotPassword: (email: string) =>
    call("POST", "/api/users/forgot-password", {
      body: { email, redirectUrl: `${window.location.origin}/reset-password` },
    }),
  resetPassword: (token: string, password: string) =>
    call("POST", "/api/users/reset-password", { body: { token, password } }),
  verifyEmail: (token: string) =>
    call("GET", "/api/users/verify-email/{token}", { params: { token } }),
  /** The member's own account, or another member's public profile. */
  profile: (memberId: string) => call("GET", "/api/users/{id}", { params: { id: memberId } }),
  updateProfile: (memberId: string, form: ProfileForm) =>
    call("PUT", "/api/users/{id}", { params: { id: memberId }, body: form }),
  changePassword: (memberId: string, currentPassword: string, newPassword: string) =>
    call("PUT", "/api/users/{id}/password", {
      params: { id: memberId },
      body: { currentPassword, newPassword },
    }),
  settings: (memberId: string) =>
    call("GET", "/api/users/{id}/settings", { params: { id: memberId } }),
  saveSettings: (memberId: string, settings: MemberSettings) =>
    call("PUT", "/api/users/{id}/settings", { params: { id: memberId }, body: settings }),
  /** Everything we hold on the member, as one JSON document (the browser saves it as a file). */
  exportUrl: (memberId: string) => `/api/users/${memberId}/export`,
  deleteAccount: (memberId: string, password: string) =>
    call("DELETE", "/api/users/{id}", { params: { id: memberId }, body: { password } }),
  stats: () => call("GET", "/api/users/user-stats/user"),
  badges: (memberId: string) => call("GET", "/api/badges/user/{id}", { params: { id: memberId } }),

  // Plans and payments
  subscription: () => call("GET", "/api/subscription"),
  cancelPlan: () => call("POST", "/api/subscription/cancel"),
  buyExtraEntry: (contestId: string, returnUrl: string) =>
    call("POST", "/api/stripe/checkout-session", { body: { contestId, returnUrl } }),
  subscribe: (planTier: Exclude<Tier, "free">, returnUrl: string) =>
    call("POST", "/api/stripe/subscription-session", {
      body: { planTier, returnUrl },
    }),
  verifyCheckout: (sessionId: string) =>
    call("GET", "/api/stripe/verify-session", { query: { sessionId } }),
  /** The member gave up a checkout (/payment-cancel?payment=…): billing history shows it cancelled. */
  cancelCheckout: (paymentId: string) =>
    call("POST", "/api/billing/checkouts/{paymentId}/cancel", { params: { paymentId } }),
  /** An extra entry of a cancelled contest refunded instead of its credit (billing history). */
  refundExtraEntry: (paymentId: string) =>
    call("POST", "/api/billing/payments/{paymentId}/refund", { params: { paymentId } }),
  billingHistory: (cursor?: string) =>
    call("GET", "/api/billing/history", { query: { cursor, limit: 50 } }),

  // Contests, entries, votes
  /** null (204) while no contest runs. */
  currentContest: (): Promise<Contest | null> => call("GET", "/api/challenges/current-active"),
  contest: (contestId: string) =>
    call("GET", "/api/challenges/{id}", { params: { id: contestId } }),
  countView: (contestId: string) =>
    call("POST", "/api/challenges/{id}/analytics/{metric}", {
      params: { id: contestId, metric: "views" },
    }),
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
    return uploadTo("/api/submissions", {}, form, onProgress)
  },
  gallery: (options: {
    tab: GalleryTab
    sort: GallerySort
    seed?: string
    cursor?: string
    limit?: number
  }) =>
    call("GET", "/api/gallery", {
      // Only Today and Past split at the visitor's midnight: All is the same everywhere, so its
      // pages are one cache entry and the server can write the first one into the page.
      query: { ...options, tz: options.tab === "all" ? undefined : visitorTimeZone() },
    }),
  memberEntries: (memberId: string) =>
    call("GET", "/api/submissions/user/{userId}", {
      params: { userId: memberId },
      query: { limit: 100 },
    }),
  vote: (entryId: string) =>
    call("POST", "/api/submissions/{id}/vote", { params: { id: entryId } }),
  leaderboard: (period: LeaderboardPeriod) =>
    call("GET", "/api/leaderboard", {
      query: { period, tz: visitorTimeZone(), limit: 50 },
    }),

  // Results (issue 14)
  /** A contest's result: provisional once ended, final once announced; the ranking one page at a time. */
  results: (contestId: string, cursor?: string) =>
    call("GET", "/api/challenges/{id}/results", {
      params: { id: contestId },
      query: { cursor, limit: 50 },
    }),
  /** Past contests, newest first. */
  archive: (cursor?: string) =>
    call("GET", "/api/challenges/archive", { query: { cursor, limit: 12 } }),
  /** The last announced contest; null (204) while none is. */
  latestWinner: (): Promise<ArchiveItem | null> => call("GET", "/api/challenges/latest-winner"),

  // The art itself and artists' pages (issue 14)
  /** An entry's page: 404 for an unknown entry, or a hidden one to all but its owner. */
  entry: (entryId: string) => call("GET", "/api/entries/{id}", { params: { id: entryId } }),
  /** An artist's page; `view: "public"` shows the owner what others see. */
  artist: (username: string, view?: "public") =>
    call("GET", "/api/artists/{username}", { params: { username }, query: { view } }),
  artistEntries: (username: string, cursor?: string) =>
    call("GET", "/api/artists/{username}/entries", {
      params: { username },
      query: { cursor, limit: 24 },
    }),
  /** Sets the member's avatar (the server crops it square, 256 px): the member with avatarUrl. */
  uploadAvatar: (memberId: string, image: File) => {
    const form = new FormData()
    form.set("image", image)
    return uploadTo("/api/users/{id}/avatar", { id: memberId }, form, () => {})
  },
  removeAvatar: (memberId: string) =>
    call("DELETE", "/api/users/{id}/avatar", { params: { id: memberId } }),

  // Drawings
  drawings: () => call("GET", "/api/drawings"),
  requestFreeEntry: () => call("POST", "/api/drawings/free-entry"),

  // Tier perks (issue 19): the answers say what the member's plan unlocks.
  premiumPage: () => call("GET", "/api/premium-page"),
  earlyAccess: () => call("GET", "/api/early-access"),
  lineArtRequests: () => call("GET", "/api/line-art-requests"),
  /** Files a custom line art request (Color Champ), with an optional reference picture. */
  fileLineArtRequest: (brief: string, reference: File | null) => {
    const form = new FormData()
    form.set("brief", brief)
    if (reference) form.set("reference", reference)
    return uploadTo("/api/line-art-requests", {}, form, () => {})
  },

  // Professional feedback and the Spotlight (issue 19)
  /** An entry's feedback: for its artist, the judges and admins (403 to anyone else). */
  entryFeedback: (entryId: string) =>
    call("GET", "/api/entries/{id}/feedback", { params: { id: entryId } }),
  /** A judge writes (or rewrites their own) feedback on a Color Champ member's entry. */
  giveFeedback: (entryId: string, text: string) =>
    call("PUT", "/api/entries/{id}/feedback", { params: { id: entryId }, body: { text } }),
  /** The judges' queue: Color Champ entries nobody has written feedback on yet. */
  judgingQueue: () => call("GET", "/api/judging/entries"),
  /** The entries featured on the home page now. */
  spotlight: () => call("GET", "/api/spotlight"),

  // Contact
  config: () => call("GET", "/api/config"),
  contact: (form: ContactForm) => call("POST", "/api/email/contact", { body: form }),
}
