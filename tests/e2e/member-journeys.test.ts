import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { BrowserContext, Locator, Page, Response as PageResponse } from "playwright-core"
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest"
import {
  clickHeaderButton,
  clickNavLink,
  expectSignedIn,
  inViewport,
  signIn,
  signInThroughDialog,
  STEP_MS,
  toast,
  type ViewportCase,
  VIEWPORTS,
  visible,
} from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import { onEveryScreenOf } from "./support/every-screen.ts"
import { useBrowser } from "./support/session.ts"
import { DEMO_MEMBER_EMAIL, DEMO_PASSWORD, type Site, startSite } from "./support/site.ts"

/**
 * The member journeys of issue 6, in a real Chromium against a real `colorday serve` (demo world,
 * outbox mail, offline checkout), each on a desktop and on a 390x844 phone screen, side by side:
 * every screen size has its own member. The journeys build on each other: the member who signs up
 * in (1) is voted for in (2), runs out of entries in (3), upgrades in (4) and resets their
 * password in (5). Each journey opens a fresh tab; after (1) the member's session comes from the
 * API (the sign-in itself is journey 1's subject).
 */

const PHOTO = fileURLToPath(new URL("../../fixtures/entries/koi-pond-1.jpg", import.meta.url))
const SECOND_PHOTO = fileURLToPath(
  new URL("../../fixtures/entries/night-owl-1.jpg", import.meta.url),
)

/** A POST /api/submissions answer: the new entry's id. */
const enteredId = async (entered: Promise<PageResponse>): Promise<string> => {
  const response = await entered
  const body = (await response.json()) as { submission?: { id?: string } }
  expect(response.status(), JSON.stringify(body)).toBeLessThan(300)
  const id = body.submission?.id
  if (!id) {
    throw new Error(`POST /api/submissions answered without an entry id: ${JSON.stringify(body)}`)
  }
  return id
}

const submissionPosted = (page: Page) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/submissions" &&
      response.request().method() === "POST",
    { timeout: 60_000 },
  )

/** The contest card's photo form, from Submit Your Artwork to the Confirm Submission dialog. */
const choosePhoto = async (page: Page, photo: string): Promise<void> => {
  const form = await visible(page.getByRole("dialog", { name: "Submit Your Colored Artwork" }))
  await form.locator('input[type="file"]').setInputFiles(photo)
  await visible(form.getByRole("img", { name: /preview/i }))
  await form.getByRole("button", { name: "Submit Artwork", exact: true }).click()
}

/** Confirm Submission → the upload runs → the dialogs close. Returns the new entry's id. */
const confirmSubmission = async (page: Page): Promise<string> => {
  const confirm = await visible(page.getByRole("dialog", { name: "Confirm Submission" }))
  const entered = submissionPosted(page)
  await confirm.getByRole("button", { name: "Confirm", exact: true }).click()
  const id = await enteredId(entered)
  await visible(toast(page, "Submission Received"))
  await page.getByRole("dialog").waitFor({ state: "hidden", timeout: STEP_MS })
  return id
}

/** The gallery card of an entry (GalleryCard's id: a shared link's target). */
const card = (page: Page, entryId: string): Locator => page.locator(`[id="entry-${entryId}"]`)

const openGalleryToday = async (page: Page): Promise<void> => {
  await clickNavLink(page, "Gallery")
  await page.waitForURL(/\/gallery/, { timeout: STEP_MS })
  await visible(page.getByRole("heading", { name: "Gallery", level: 1 }))
  await page.getByRole("tab", { name: "Today's Contest" }).click()
}

/** The open contest's id, as the site reads it. */
const currentContestId = async (site: Site): Promise<string> => {
  const response = await fetch(`${site.url}/api/challenges/current-active`)
  const contest = (await response.json()) as { id?: string } | null
  if (!contest?.id) throw new Error("the demo world has no contest open today")
  return contest.id
}

describe.skipIf(!chromiumAvailable)("member journeys", () => {
  const session = useBrowser()
  let site: Site

  beforeAll(async () => {
    site = await startSite()
  })

  afterAll(async () => {
    await site?.stop()
  })

  const newContext = (viewport: ViewportCase) =>
    session.newContext({ ...viewport.options, acceptDownloads: true, locale: "en-US" })

  /** One screen size's member: their browser tab, account and entry. */
  interface Run {
    readonly viewport: ViewportCase
    readonly artist: {
      readonly username: string
      readonly email: string
      readonly password: string
      readonly newPassword: string
    }
    /** This journey's tab (a fresh context each journey). */
    context: BrowserContext
    page: Page
    /** The entry journey (1) makes, once it has. */
    entryId?: string
    /** The member's session once journey 1 has signed in: later journeys start with it. */
    signedIn?: Awaited<ReturnType<BrowserContext["storageState"]>>
  }
  const runs: Array<Run> = []

  const needEntry = (run: Run): string => {
    if (!run.entryId) throw new Error("journey 1 did not enter a photo; this journey builds on it")
    return run.entryId
  }

  /**
   * Runs a journey on every screen size at once (each with its own member and tab), so the
   * desktop and the phone share the server's and the browser's waits; fails with each size's
   * failure, named.
   */
  const onEveryScreen = (journey: (run: Run) => Promise<void>): Promise<void> =>
    onEveryScreenOf(runs, journey)

  beforeEach(async () => {
    const stamp = Date.now().toString(36)
    for (const [index, viewport] of VIEWPORTS.entries()) {
      const run = runs[index]
      const context = await session.newContext({
        ...viewport.options,
        acceptDownloads: true,
        locale: "en-US",
        ...(run?.signedIn ? { storageState: run.signedIn } : {}),
      })
      const page = await context.newPage()
      if (!run) {
        const tag = `${index}${stamp}`
        runs.push({
          viewport,
          artist: {
            username: `e2e_${tag}`,
            email: `e2e-${tag}@example.test`,
            password: "first-password-1",
            newPassword: "second-password-2",
          },
          context,
          page,
        })
        continue
      }
      run.context = context
      run.page = page
    }
  })

  test("1. a visitor signs up, verifies the e-mail, signs in, downloads the line art, enters a photo and finds it in the gallery", () =>
    onEveryScreen(async (run) => {
      const { artist, page } = run
      await page.goto(`${site.url}/`)

      // Sign up (18+), which does not sign in: the mailed link must be opened first.
      await clickHeaderButton(page, "Sign Up")
      const auth = await visible(page.getByRole("dialog"))
      expect(
        await auth.getByRole("tab", { name: "Sign Up", exact: true }).getAttribute("aria-selected"),
      ).toBe("true")
      const form = auth.getByRole("tabpanel")
      await form.getByLabel("First name").fill("Ada")
      await form.getByLabel("Last name").fill("Lovelace")
      await form.getByLabel("Username").fill(artist.username)
      await form.getByLabel("Email").fill(artist.email)
      await form.getByLabel("Password", { exact: true }).fill(artist.password)
      await form.getByLabel("Date of birth").fill("1990-04-12")
      const signedUpAt = Date.now() - 1_000
      await form.getByRole("button", { name: "Create Account" }).click()
      await visible(auth.getByText("Check your email"))

      // The verification link from the outbox.
      const verifyLink = await site.linkFromMail(artist.email, "/verify-email/", signedUpAt)
      await page.goto(verifyLink)
      await visible(page.getByRole("heading", { name: "Email Verified!" }))
      await page.getByRole("link", { name: "Sign In Now" }).click()

      // /?signin=true opens the sign-in dialog on the home page.
      await signInThroughDialog(page, artist.email, artist.password)
      await page.getByRole("dialog").waitFor({ state: "hidden", timeout: STEP_MS })
      await expectSignedIn(page)
      run.signedIn = await run.context.storageState()

      // The contest card's download popup hands over the line art.
      await (await visible(page.getByRole("button", { name: "Download", exact: true }))).click()
      const popup = await visible(page.getByRole("dialog", { name: "Download Line Art" }))
      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: STEP_MS }),
        popup.getByRole("button", { name: "Download", exact: true }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/\.(png|pdf)$/i)
      // The browser runs apart from the tests (a browser server): the file is copied over.
      const saved = join(mkdtempSync(join(tmpdir(), "colorday-e2e-download-")), "line-art")
      await download.saveAs(saved)
      expect(statSync(saved).size).toBeGreaterThan(1_000)
      rmSync(dirname(saved), { recursive: true, force: true })
      await visible(toast(page, "Download Complete"))
      await popup.waitFor({ state: "hidden", timeout: STEP_MS })

      // Enter a photo: Submit Your Artwork → photo → Submit Artwork → Confirm Submission.
      await (await visible(page.getByRole("button", { name: "Submit Your Artwork" }))).click()
      await choosePhoto(page, PHOTO)
      run.entryId = await confirmSubmission(page)

      // The gallery shows it, under the artist's name.
      await openGalleryToday(page)
      const mine = await visible(card(page, run.entryId))
      expect(await mine.textContent()).toContain(artist.username)
      const image = mine.getByRole("img").first()
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)
    }))

  test("2. another member votes for the entry once; a second vote is refused; the share link rings the card", () =>
    onEveryScreen(async (run) => {
      const { viewport, artist } = run
      const id = needEntry(run)
      const voterContext = await newContext(viewport)
      try {
        const voter = await voterContext.newPage()
        await voter.goto(`${site.url}/gallery`)
        await signIn(voter, DEMO_MEMBER_EMAIL, DEMO_PASSWORD)
        await voter.getByRole("tab", { name: "Today's Contest" }).click()

        const entry = await visible(card(voter, id))
        const heart = entry.getByRole("button", { name: `Vote for ${artist.username}'s entry` })
        expect(await heart.getAttribute("aria-pressed")).toBe("false")
        await heart.click()
        await visible(toast(voter, "Vote Recorded"))
        await visible(entry.getByText("Voted", { exact: true }))
        expect(await heart.getAttribute("aria-pressed")).toBe("true")
        // The card's labelled numbers (VotesAndScore): "Votes 1".
        expect(await entry.textContent()).toMatch(/Votes\s*1(?!\d)/)

        // The second press is refused, and the server still counts one vote.
        const isDisabled = await heart.evaluate(
          (button: HTMLButtonElement) =>
            button.disabled || button.getAttribute("aria-disabled") === "true",
        )
        expect(isDisabled).toBe(true)
        await heart.click({ force: true })
        await visible(toast(voter, "Vote Already Counted"))
        const listed = await voter.request.get(`${site.url}/api/gallery?tab=today&sort=newest`)
        const items = ((await listed.json()) as { items: Array<{ id: string; voteCount: number }> })
          .items
        expect(items.find((item) => item.id === id)?.voteCount).toBe(1)

        // After a reload the server says the vote is cast: the heart stays pressed.
        await voter.reload()
        await voter.getByRole("tab", { name: "Today's Contest" }).click()
        const reloaded = await visible(card(voter, id))
        await visible(reloaded.getByText("Voted", { exact: true }))

        // The share link, opened in a new tab as a shared link is: the card is found, scrolled
        // into view and ringed.
        const shared = await voterContext.newPage()
        await shared.goto(`${site.url}/gallery?submission=${id}`)
        // The ring lasts 3 s: its class is read in the same poll that sees it, not a step later
        // (on a busy machine the next round trip can come after the ring is gone).
        const ringed = await shared.waitForFunction(
          (cardId) => {
            const found = document.getElementById(cardId)
            return found?.dataset.highlighted === "true" ? found.className : false
          },
          `entry-${id}`,
          { timeout: STEP_MS, polling: 50 },
        )
        expect(await ringed.jsonValue()).toMatch(/\bring-\d/)
        const linked = card(shared, id)
        await expect.poll(() => inViewport(linked), { timeout: 5_000, interval: 100 }).toBe(true)

        // A link to an entry further down the list, followed in the same tab, scrolls the page to
        // it: the router's saved scroll position of the tab must not win over the linked card.
        const listedAll = await voter.request.get(`${site.url}/api/gallery?tab=all&sort=newest`)
        const older = ((await listedAll.json()) as { items: Array<{ id: string }> }).items[15]?.id
        if (!older) throw new Error("the demo world's gallery has fewer than 16 entries")
        const sharedOlder = shared
        await sharedOlder.goto(`${site.url}/gallery?submission=${older}`)
        await sharedOlder.waitForFunction(
          (cardId) => document.getElementById(cardId)?.dataset.highlighted === "true",
          `entry-${older}`,
          { timeout: STEP_MS, polling: 50 },
        )
        await expect
          .poll(() => inViewport(card(sharedOlder, older)), { timeout: 5_000, interval: 100 })
          .toBe(true)
        expect(await sharedOlder.evaluate(() => window.scrollY)).toBeGreaterThan(0)
      } finally {
        await voterContext.close()
      }
    }))

  test("3. a member out of entries buys one extra entry through the checkout and enters", () =>
    onEveryScreen(async (run) => {
      const { context, page } = run
      needEntry(run)
      // Spend the free plan's second and last entry of the month (the first went in journey 1).
      const contestId = await currentContestId(site)
      const spent = await context.request.post(`${site.url}/api/submissions`, {
        multipart: {
          challenge_id: contestId,
          age_group: "adult",
          image: {
            name: "night-owl-1.jpg",
            mimeType: "image/jpeg",
            buffer: readFileSync(SECOND_PHOTO),
          },
        },
      })
      expect(spent.status(), await spent.text()).toBeLessThan(300)
      const before = (await (await context.request.get(`${site.url}/api/subscription`)).json()) as {
        subscription: { remaining_submissions: number }
      }
      expect(before.subscription.remaining_submissions).toBe(0)

      await page.goto(`${site.url}/`)
      await (await visible(page.getByRole("button", { name: "Submit Your Artwork" }))).click()
      // The dialog reads the quota as it opens: none left, so the ways to get one come first,
      // before any photo is picked.
      const outOf = await visible(page.getByRole("dialog", { name: "Out of Submissions" }))
      await visible(outOf.getByText("You've run out of submissions, upgrade for more"))
      await outOf.getByRole("button", { name: "Buy one extra entry ($2.99)" }).click()

      // The offline checkout (test mode): Pay $2.99.
      await page.waitForURL(/\/checkout\/offline\//, { timeout: STEP_MS })
      await visible(page.getByText("TEST MODE", { exact: false }))
      await page.getByRole("button", { name: "Pay $2.99" }).click()

      // Back on the site: verified, 'Payment Successful', and the entry can go in.
      await page.waitForURL(
        (url) => url.origin === site.url && !url.pathname.startsWith("/checkout"),
        {
          timeout: STEP_MS,
        },
      )
      await visible(toast(page, "Payment Successful"))
      // The submission dialog opens again for the photo, the extra entry's credit in the quota.
      await choosePhoto(page, PHOTO)
      const extraId = await confirmSubmission(page)
      expect(extraId).not.toBe(run.entryId)

      const after = (await (await context.request.get(`${site.url}/api/subscription`)).json()) as {
        subscription: { remaining_submissions: number }
      }
      expect(after.subscription.remaining_submissions).toBe(0)
    }))

  test("4. a member upgrades to Pro from the pricing page and finds the payment in the billing history", () =>
    onEveryScreen(async (run) => {
      const { page } = run
      needEntry(run)
      await page.goto(`${site.url}/`)
      await clickNavLink(page, "Pricing")
      await page.waitForURL(/\/pricing$/, { timeout: STEP_MS })
      await (await visible(page.getByRole("button", { name: "Subscribe to Color Pro" }))).click()

      await page.waitForURL(/\/checkout\/offline\//, { timeout: STEP_MS })
      await page.getByRole("button", { name: "Pay $9.99" }).click()

      await page.waitForURL(/\/payment-success/, { timeout: STEP_MS })
      await visible(page.getByRole("heading", { name: "Payment Successful!" }))
      await visible(page.getByText("Color Pro", { exact: false }))

      await page.goto(`${site.url}/billing-history`)
      await visible(page.getByRole("heading", { name: "Billing History", level: 1 }))
      const proRow = await visible(page.getByRole("row").filter({ hasText: "Pro Plan" }))
      const text = await proRow.textContent()
      expect(text).toContain("$9.99")
      expect(text).toContain("Paid")
      await visible(proRow.getByRole("link", { name: /Invoice/ }))
      // Journey 3's extra entry is on the ledger too.
      await visible(
        page.getByRole("row").filter({ hasText: "Extra entry" }).filter({ hasText: "$2.99" }),
      )
    }))

  test("5. a member who forgot the password resets it from the mailed link and signs in with the new one", () =>
    onEveryScreen(async (run) => {
      const { artist, page } = run
      needEntry(run)
      await page.goto(`${site.url}/`)
      await clickHeaderButton(page, "Sign Out")
      const signedOut = await visible(toast(page, "Signed out"))
      // The toast sits over the footer's corner: dismiss it, as a person would.
      await signedOut.getByRole("button", { name: "Dismiss notification" }).click()

      await page.getByRole("contentinfo").getByRole("link", { name: "Forgot password" }).click()
      await page.waitForURL(/\/forgot-password$/, { timeout: STEP_MS })
      await page.getByLabel("Email Address").fill(artist.email)
      const requestedAt = Date.now() - 1_000
      await page.getByRole("button", { name: "Send Reset Link" }).click()
      await visible(page.getByRole("heading", { name: "Check Your Email" }))

      const resetLink = await site.linkFromMail(artist.email, "/reset-password/", requestedAt)
      await page.goto(resetLink)
      await page.getByLabel("New Password").fill(artist.newPassword)
      await page.getByLabel("Confirm Password").fill(artist.newPassword)
      await page.getByRole("button", { name: "Reset Password" }).click()
      await visible(page.getByRole("heading", { name: "Password Reset" }))
      await page.getByRole("button", { name: "Return to Sign In" }).click()

      // The old password no longer works; the new one does.
      await signInThroughDialog(page, artist.email, artist.password)
      await visible(page.getByRole("dialog").getByRole("alert"))
      await signInThroughDialog(page, artist.email, artist.newPassword)
      await page.getByRole("dialog").waitFor({ state: "hidden", timeout: STEP_MS })
      await expectSignedIn(page)
    }))
})
