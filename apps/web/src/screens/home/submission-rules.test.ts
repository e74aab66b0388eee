import { describe, expect, it } from "vitest"
import { ApiError } from "../../api/http.ts"
import { aSubscription } from "../../test/render.tsx"
import {
  entriesLeft,
  isOutOfCredits,
  isOutOfSubmissionsError,
  MAX_PHOTO_BYTES,
  PHOTO_TIPS,
  photoProblem,
} from "./submission-rules.ts"

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe("photoProblem", () => {
  it("accepts JPEG, PNG, WebP and AVIF photos up to 10 MB", () => {
    expect(photoProblem(file("page.jpg", "image/jpeg"))).toBeNull()
    expect(photoProblem(file("page.png", "image/png", MAX_PHOTO_BYTES))).toBeNull()
    expect(photoProblem(file("page.webp", "image/webp"))).toBeNull()
    expect(photoProblem(file("page.avif", "image/avif"))).toBeNull()
    // Some systems give no type: the name decides here, the server's look at the bytes later.
    expect(photoProblem(file("page.JPEG", ""))).toBeNull()
  })

  it("asks for a JPEG instead of a HEIC photo, by type or by name", () => {
    expect(photoProblem(file("IMG_1.heic", "image/heic"))).toMatch(/HEIC.*JPEG/)
    expect(photoProblem(file("IMG_1.HEIC", ""))).toMatch(/HEIC.*JPEG/)
    expect(photoProblem(file("IMG_1.heif", "image/heif"))).toMatch(/HEIC.*JPEG/)
  })

  it("refuses other files, naming them", () => {
    expect(photoProblem(file("anim.gif", "image/gif"))).toBe(
      '"anim.gif" is not a photo we accept. Please upload a JPEG, PNG, WebP or AVIF image.',
    )
    expect(photoProblem(file("notes.pdf", "application/pdf"))).toMatch(/not a photo we accept/)
  })

  it("refuses a photo over 10 MB, saying how big it is", () => {
    expect(photoProblem(file("big.jpg", "image/jpeg", MAX_PHOTO_BYTES + 1))).toBe(
      "This photo is 10.0 MB; the limit is 10 MB. Please upload a smaller photo.",
    )
    expect(photoProblem(file("huge.jpg", "image/jpeg", 12.5 * 1024 * 1024))).toMatch(/12\.5 MB/)
  })

  it("refuses an empty file", () => {
    expect(photoProblem(file("empty.png", "image/png", 0))).toMatch(/empty/)
  })

  it("has seven photo tips", () => {
    expect(PHOTO_TIPS).toHaveLength(7)
  })
})

describe("credits", () => {
  it("is out of credits at zero or less, never on an unlimited plan", () => {
    expect(isOutOfCredits(aSubscription({ remaining_submissions: 0 }))).toBe(true)
    expect(isOutOfCredits(aSubscription({ remaining_submissions: -1 }))).toBe(true)
    expect(isOutOfCredits(aSubscription({ remaining_submissions: 1 }))).toBe(false)
    expect(isOutOfCredits(aSubscription({ remaining_submissions: 0, unlimited: true }))).toBe(false)
  })

  it("says how many entries are left", () => {
    expect(entriesLeft(aSubscription({ remaining_submissions: 1 }))).toBe(
      "You have 1 entry left this month.",
    )
    expect(entriesLeft(aSubscription({ remaining_submissions: 3 }))).toBe(
      "You have 3 entries left this month.",
    )
    expect(entriesLeft(aSubscription({ unlimited: true }))).toBe("Your plan has unlimited entries.")
  })
})

describe("isOutOfSubmissionsError", () => {
  const refused = (status: number, code: string, message: string) =>
    new ApiError(status, code, message, { code, message })

  it("reads 402 and OUT_OF_SUBMISSIONS as out of credits", () => {
    expect(isOutOfSubmissionsError(refused(402, "HTTP_402", "Request failed"))).toBe(true)
    expect(isOutOfSubmissionsError(refused(403, "OUT_OF_SUBMISSIONS", "x"))).toBe(true)
  })

  it("reads a message about credits or submissions as out of credits", () => {
    expect(isOutOfSubmissionsError(new Error("No credits left"))).toBe(true)
    expect(isOutOfSubmissionsError(refused(500, "HTTP_500", "0 submissions remaining"))).toBe(true)
  })

  it("does not mistake other refusals for it", () => {
    expect(
      isOutOfSubmissionsError(
        refused(403, "CONTEST_CLOSED", "This contest is no longer accepting entries."),
      ),
    ).toBe(false)
    expect(isOutOfSubmissionsError(refused(400, "BAD_REQUEST", "submission photo missing"))).toBe(
      false,
    )
    expect(isOutOfSubmissionsError(new Error("Failed to upload image. Please try again."))).toBe(
      false,
    )
  })
})
