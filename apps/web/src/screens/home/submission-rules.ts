import "./submit-catalog.ts"
import { ApiError } from "../../api/http.ts"
import type { Subscription } from "../../api/types.ts"
import { translate } from "../../../../ui/src/i18n.tsx"

/**
 * The submission dialogs' rules and words (§4 Submission flow, §5, §8). The words are message
 * ids (locales/<language>/web-submit.json); the functions return them translated.
 */

/** The server's limit too (DESIGN.md, "Uploads"). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024

export const PHOTO_TIPS = [
  "web.submit.tip1",
  "web.submit.tip2",
  "web.submit.tip3",
  "web.submit.tip4",
  "web.submit.tip5",
  "web.submit.tip6",
  "web.submit.tip7",
] as const

export const PREVIEW_FAILED = "web.submit.previewFailed"
export const SUBMIT_FAILED = "web.submit.submitFailed"
export const OUT_OF_SUBMISSIONS = "web.submit.outOfSubmissions"

const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"]
const ACCEPTED_NAME = /\.(jpe?g|png|webp|avif)$/i
const HEIC = /\.(heic|heif)$/i

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1)

/**
 * What is wrong with a chosen file, in words the member can act on, or null when it may be sent.
 * The server judges the bytes again; this spares a 10 MB upload that would be refused.
 */
export const photoProblem = (file: Pick<File, "name" | "type" | "size">): string | null => {
  const type = file.type.toLowerCase()
  if (type === "image/heic" || type === "image/heif" || HEIC.test(file.name)) {
    return translate("web.submit.heic")
  }
  const accepted = type === "" ? ACCEPTED_NAME.test(file.name) : ACCEPTED_TYPES.includes(type)
  if (!accepted) {
    return translate("web.submit.notAccepted", { name: file.name })
  }
  if (file.size === 0) return translate("web.submit.empty", { name: file.name })
  if (file.size > MAX_PHOTO_BYTES) {
    return translate("web.submit.tooLarge", { size: megabytes(file.size) })
  }
  return null
}

/** No credit left: the upgrade prompt instead of the confirmation. */
export const isOutOfCredits = (subscription: Subscription): boolean =>
  !subscription.unlimited && subscription.remaining_submissions <= 0

/** Refusals that are about something else than credits, whatever their message says. */
const OTHER_REFUSALS = new Set([
  "CONTEST_CLOSED",
  "SUBSCRIBERS_ONLY",
  "BAD_REQUEST",
  "UNSUPPORTED_IMAGE",
  "PAYLOAD_TOO_LARGE",
  "NOT_FOUND",
  "AUTHENTICATION_REQUIRED",
  "NETWORK",
])

/** §8: HTTP 402, or a message about remaining credits or submissions, means out of credits. */
export const isOutOfSubmissionsError = (error: unknown): boolean => {
  if (error instanceof ApiError) {
    if (error.status === 402 || error.code === "OUT_OF_SUBMISSIONS") return true
    if (OTHER_REFUSALS.has(error.code)) return false
  }
  return error instanceof Error && /remaining|credit|submission/i.test(error.message)
}

/** "2 entries left this month", or the unlimited plan's line. */
export const entriesLeft = (subscription: Subscription): string => {
  if (subscription.unlimited) return translate("web.submit.unlimited")
  return translate("web.submit.entriesLeft", {
    left: Math.max(0, subscription.remaining_submissions),
  })
}

/** A subscribers-only contest refused a member on the free plan (403 SUBSCRIBERS_ONLY). */
export const isSubscribersOnlyError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === "SUBSCRIBERS_ONLY"

export const SUBSCRIBERS_ONLY = "web.submit.subscribersOnly"
