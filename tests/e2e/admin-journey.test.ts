import { fileURLToPath } from "node:url"
import type { BrowserContextOptions, Page } from "playwright-core"
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest"
import { type AdminWorld, WORLD_PASSWORD, writeAdminWorld } from "./support/admin-world.ts"
import { clickNavLink, onScreen, signIn, STEP_MS, toast, visible } from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import { signedInState, useBrowser } from "./support/session.ts"
import { type Site, startSite } from "./support/site.ts"

/**
 * The admin journey of issue 7, in a real Chromium against a real `colorday serve` on a world of
 * its own (support/admin-world.ts: an admin, artists, voters, and yesterday's contest ended but
 * not closed). One tab goes through it all: the admin signs in on the site and opens the
 * dashboard, schedules tomorrow's contest on the calendar and gives it line art, hides an entry
 * with a reason, closes and announces yesterday's contest (the winner's mail lands in the outbox),
 * and finds those actions in the audit log; then the member whose entry was hidden signs in,
 * reads the reason on their profile, and finds nothing of the dashboard at /admin, whose API
 * refuses them. Each step has a fresh tab; after the first (the sign-in through the site) the
 * tab carries the admin's session, signed in once through the API, and opens its page by address.
 */

const LINE_ART = fileURLToPath(
  new URL("../../fixtures/line-art/autumn-leaves.png", import.meta.url),
)
const SCHEDULED_TITLE = "Autumn Leaves"
const HIDE_REASON = "The photo shows a different page"

/** The browser's days are UTC days, as the world's contests are. */
const DAY = 24 * 3_600_000
const tomorrowUtc = () => new Date(Date.now() + DAY).toISOString().slice(0, 10)

interface PublicContest {
  readonly id: string
  readonly title: string
  readonly status: string
  readonly startsAt: string
  readonly endsAt: string
  readonly lineArt: string | null
}

describe.skipIf(!chromiumAvailable)("the admin journey", () => {
  const session = useBrowser()
  let site: Site
  let page: Page
  /** The admin's session cookie (signed in once through the API), for steps 2 to 6. */
  let adminState: BrowserContextOptions["storageState"]
  let world: AdminWorld
  /** The contest the admin schedules (step 2). */
  let scheduledId: string | undefined

  const contestOf = async (id: string): Promise<PublicContest> => {
    const response = await fetch(`${site.url}/api/challenges/${id}`)
    expect(response.status).toBe(200)
    return (await response.json()) as PublicContest
  }

  /** The dashboard's sidebar link of a section. */
  const openSection = async (name: string): Promise<void> => {
    const nav = page.getByRole("navigation", { name: "Dashboard" })
    await (await visible(nav.getByRole("link", { name, exact: true }))).click()
    await visible(page.getByRole("heading", { name, level: 1 }))
  }

  const openContestTab = async (name: string): Promise<void> => {
    const tab = await visible(page.getByRole("tab", { name, exact: true }))
    await tab.click()
    await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true")
  }

  beforeAll(async () => {
    site = await startSite({
      demo: false,
      prepare: async (dataDir) => {
        world = await writeAdminWorld(dataDir)
      },
    })
    adminState = await signedInState(site.url, world.admin.email, WORLD_PASSWORD)
  })

  afterAll(async () => {
    await site?.stop()
  })

  /** A fresh tab for every step; with the admin's session but for the first. */
  let step = 0
  beforeEach(async () => {
    step += 1
    const context = await session.newContext({
      ...onScreen(1280, 720),
      ...(step > 1 ? { storageState: adminState } : {}),
    })
    page = await context.newPage()
  })

  /** The dashboard (or one of its pages), opened by address; waits for its heading. */
  const openDashboard = async (path = "", heading = "Overview"): Promise<void> => {
    await page.goto(`${site.url}/admin${path}`)
    await visible(page.getByRole("heading", { name: heading, level: 1 }))
  }

  test("1. the admin signs in on the site and opens the dashboard from the header", async () => {
    await page.goto(`${site.url}/`)
    await signIn(page, world.admin.email, WORLD_PASSWORD)
    await clickNavLink(page, "Dashboard")
    await page.waitForURL(`${site.url}/admin`, { timeout: STEP_MS })
    await visible(page.getByRole("heading", { name: "Overview", level: 1 }))
    // The overview reads the world: the members who signed up.
    await visible(page.getByRole("link", { name: world.artist.username, exact: true }))
  })

  test("2. schedules tomorrow's contest on the calendar and gives it line art", async () => {
    await openDashboard()
    await openSection("Calendar")
    // Today, then tomorrow: both free.
    const tomorrow = page.locator("main ol > li").nth(1)
    const schedule = await visible(
      tomorrow.getByRole("button", { name: /^Schedule a contest on / }),
    )
    await schedule.click()
    const form = await visible(page.getByRole("dialog", { name: "Schedule a contest" }))
    expect(await form.getByLabel("Day").inputValue()).toBe(tomorrowUtc())
    await form.getByLabel("Title").fill(SCHEDULED_TITLE)
    await form.getByLabel("Description").fill("Maple and oak leaves drifting down.")
    await form.getByRole("button", { name: "Schedule contest" }).click()
    await visible(toast(page, "Contest scheduled"))
    await form.waitFor({ state: "hidden", timeout: STEP_MS })

    // Tomorrow now has it: open it from the calendar.
    await (await visible(tomorrow.getByRole("link", { name: SCHEDULED_TITLE }))).click()
    await page.waitForURL(/\/admin\/contests\/[^/?]+/, { timeout: STEP_MS })
    scheduledId = new URL(page.url()).pathname.split("/").pop()
    await visible(page.getByRole("heading", { name: SCHEDULED_TITLE, level: 1 }))

    await openContestTab("Line art")
    await visible(page.getByText("This contest has no line art yet"))
    await page.getByLabel("Page (PNG, JPEG, WebP or AVIF)").setInputFiles(LINE_ART)
    await visible(page.getByRole("img", { name: "Preview of the chosen page" }))
    await page.getByRole("button", { name: "Upload line art" }).click()
    await visible(toast(page, "Line art saved"))
    const current = await visible(page.getByRole("img", { name: `Line art of ${SCHEDULED_TITLE}` }))
    await expect
      .poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)

    // The site sees it: scheduled for tomorrow (UTC midnight to midnight). Its page stays out of
    // the public answer until it starts (Color Champ's early access opens at 18:00 the day before);
    // the dashboard showed it loaded above.
    const contest = await contestOf(scheduledId ?? "")
    expect(contest).toMatchObject({
      title: SCHEDULED_TITLE,
      status: "scheduled",
      startsAt: `${tomorrowUtc()}T00:00:00.000Z`,
    })
    expect(contest.lineArt).toBeNull()
    const png = await fetch(new URL(`/api/challenges/${scheduledId ?? ""}/line-art.png`, site.url))
    expect([403, 404]).toContain(png.status)
  })

  test("3. hides an entry of yesterday's contest with a reason", async () => {
    await openDashboard()
    await openSection("Contests")
    await (
      await visible(page.getByRole("link", { name: world.endedContest.title, exact: true }))
    ).click()
    await visible(page.getByRole("heading", { name: world.endedContest.title, level: 1 }))
    await openContestTab("Entries")

    const name = world.artist.username
    await (await visible(page.getByRole("button", { name: `Hide ${name}'s entry` }))).click()
    const confirm = await visible(page.getByRole("alertdialog", { name: `Hide ${name}'s entry?` }))
    await confirm.getByLabel("Reason").fill(HIDE_REASON)
    await confirm.getByRole("button", { name: "Hide entry" }).click()
    await visible(toast(page, "Entry hidden"))
    await confirm.waitFor({ state: "hidden", timeout: STEP_MS })
    const row = page.getByRole("row").filter({ hasText: world.artist.email })
    await visible(row.getByText("Hidden", { exact: true }))
    await visible(row.getByText(HIDE_REASON))
    await visible(page.getByRole("button", { name: `Restore ${name}'s entry` }))
  })

  test("4. closes yesterday's contest and announces it: the winner's mail is in the outbox", async () => {
    const title = world.endedContest.title
    await openDashboard(`/contests/${world.endedContest.id}`, title)
    await openContestTab("Results")
    const close = await visible(page.getByRole("button", { name: "Close contest" }))
    await expect.poll(() => close.isEnabled()).toBe(true)
    await close.click()
    await visible(toast(page, "Contest closed"))

    const winnerRow = page.getByRole("row").filter({ hasText: world.winner.username })
    await visible(winnerRow.getByText("Winner", { exact: true }))
    const announce = page.getByRole("button", { name: "Announce winner" })
    await expect.poll(() => announce.isEnabled()).toBe(true)
    await announce.click()
    const confirm = await visible(
      page.getByRole("alertdialog", { name: `Announce the winner of “${title}”?` }),
    )
    await confirm.getByRole("button", { name: "Announce winner" }).click()
    await visible(toast(page, "Winner announced"))
    await visible(page.getByText("The winner has been announced."))

    expect((await contestOf(world.endedContest.id)).status).toBe("announced")
    const mails = site.mailsTo(world.winner.email)
    expect(mails.map((mail) => mail.subject)).toContain(`You won "${title}"!`)
    expect(site.mailsTo(world.artist.email).map((mail) => mail.subject)).not.toContain(
      `You won "${title}"!`,
    )
  })

  test("5. finds the schedule, the hide and the announcement in the audit log", async () => {
    await openDashboard()
    await openSection("Audit log")
    const rowOf = (action: string, targetId: string) =>
      page
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: action, exact: true }) })
        .filter({ hasText: targetId })
    for (const [action, targetId] of [
      ["contest.schedule", scheduledId ?? "(step 2 scheduled nothing)"],
      ["contest.line-art", scheduledId ?? "(step 2 scheduled nothing)"],
      ["entry.hide", world.artistEntryId],
      ["contest.close", world.endedContest.id],
      ["contest.announce", world.endedContest.id],
    ] as const) {
      const row = await visible(rowOf(action, targetId))
      await visible(row.getByRole("link", { name: world.admin.username, exact: true }))
    }

    // The hide's record holds the reason the member reads.
    const hide = rowOf("entry.hide", world.artistEntryId)
    await hide.getByRole("button", { name: /^Show changes of entry\.hide/ }).click()
    await visible(page.getByLabel("After: entry.hide").filter({ hasText: HIDE_REASON }))
  })

  test("6. the member reads the reason on their profile; /admin shows them nothing and the API refuses", async () => {
    // The admin signs out of the dashboard; the member whose entry was hidden signs in, in the
    // same tab.
    await openDashboard()
    await page
      .getByRole("complementary")
      .getByRole("button", { name: "Sign Out", exact: true })
      .click()
    await visible(page.getByRole("heading", { name: "Sign in as an admin" }))
    await page.goto(`${site.url}/`)
    await signIn(page, world.artist.email, WORLD_PASSWORD)
    await clickNavLink(page, "Profile")
    await page.waitForURL(/\/profile/, { timeout: STEP_MS })
    const entries = await visible(page.getByRole("list", { name: "Your submissions" }))
    const hidden = entries.getByRole("listitem").filter({ hasText: "Hidden by a moderator" })
    await visible(hidden.getByText(`Reason: ${HIDE_REASON}`))
    await visible(hidden.getByRole("heading", { name: world.endedContest.title }))

    // /admin: a way out, nothing of the dashboard, not one admin API call.
    const adminCalls: Array<string> = []
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/admin")) adminCalls.push(request.url())
    })
    await page.goto(`${site.url}/admin`)
    await visible(page.getByRole("heading", { name: "Admins only", level: 1 }))
    await visible(page.getByRole("link", { name: "Back to Colorday" }))
    await page.waitForLoadState("networkidle", { timeout: STEP_MS })
    expect(await page.getByRole("navigation").count()).toBe(0)
    expect(await page.getByText(/Overview|Audit log|Moderation/).count()).toBe(0)
    expect(adminCalls).toEqual([])

    // The API refuses the member's session (the tab's cookies), whatever the page shows.
    const refusals = await Promise.all([
      page.request.get(`${site.url}/api/admin/overview`),
      page.request.get(`${site.url}/api/admin/audit`),
      page.request.post(`${site.url}/api/admin/entries/${world.winnerEntryId}/moderation`, {
        data: { action: "hide", reason: "Not an admin" },
        headers: { Origin: site.url },
      }),
    ])
    for (const refused of refusals) {
      expect(refused.status(), `${refused.url()}: ${await refused.text()}`).toBe(403)
      expect(await refused.json()).toMatchObject({ code: "FORBIDDEN" })
    }
  })
})
