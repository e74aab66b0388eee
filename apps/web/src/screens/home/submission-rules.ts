import { ApiError } from "../../api/http.ts"
import type { Subscription } from "../../api/types.ts"

/** The submission dialogs' rules and words (§4 Submission flow, §5, §8). */

/** The server's limit too (DESIGN.md, "Uploads"). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024

export const PHOTO_TIPS = [
  "Shoot in daylight or bright, even light, without the flash.",
  "Lay the page flat on a table so the lines stay straight.",
  "Fit the whole page in the frame, all four edges included.",
  "Tilt the page or move the lamp until there is no glare or shadow.",
  "Tap your screen to focus and hold still until the photo is sharp.",
  "Crop away the table and background before you upload.",
  "Upload a JPEG, PNG, WebP or AVIF file of 10 MB or less.",
] as const

export const PREVIEW_FAILED = "Failed to load image preview. Please try again."
export const SUBMIT_FAILED = "Failed to submit artwork"
export const OUT_OF_SUBMISSIONS = "You've run out of submissions, upgrade for more"

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
    return "HEIC photos can't be entered. Please save the photo as a JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible) and upload it again."
  }
  const accepted = type === "" ? ACCEPTED_NAME.test(file.name) : ACCEPTED_TYPES.includes(type)
  if (!accepted) {
    return `"${file.name}" is not a photo we accept. Please upload a JPEG, PNG, WebP or AVIF image.`
  }
  if (file.size === 0) return `"${file.name}" is empty. Please choose another photo.`
  if (file.size > MAX_PHOTO_BYTES) {
    return `This photo is ${megabytes(file.size)} MB; the limit is 10 MB. Please upload a smaller photo.`
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
  if (subscription.unlimited) return "Your plan has unlimited entries."
  const left = Math.max(0, subscription.remaining_submissions)
  return `You have ${left} ${left === 1 ? "entry" : "entries"} left this month.`
}

/** A subscribers-only contest refused a member on the free plan (403 SUBSCRIBERS_ONLY). */
export const isSubscribersOnlyError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === "SUBSCRIBERS_ONLY"

export const SUBSCRIBERS_ONLY =
  "This contest is for subscribers only: members on Color Lite, Pro or Champ may enter it."
