import { readFileSync } from "node:fs"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { fileURLToPath } from "node:url"
import { type BrowserContextOptions, request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { onScreen, STEP_MS, toast, visible } from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import { useBrowser } from "./support/session.ts"
import {
  DEMO_ADMIN_EMAIL,
  DEMO_MEMBER_EMAIL,
  DEMO_PASSWORD,
  type Site,
  startSite,
} from "./support/site.ts"

/**
 * Issue 19, fair treatment, in a real Chromium against `colorday serve` on the demo world: the
 * demo member enters the day's contest (a credit spent), then the admin cancels the contest from
 * the dashboard with a reason. Every entrant's credits come back (one per entry; an unlimited
 * plan spent none), each entrant gets exactly one mail naming the reason, the contest's entries
 * leave the gallery's Today tab, and the member's profile says "Contest cancelled" on a phone.
 * Counted in the server's own SQLite file, read beside it.
 */

const PHOTO = fileURLToPath(new URL("../../fixtures/entries/koi-pond-1.jpg", import.meta.url))
const REASON = "The line art was printed with a missing page"

interface Entrant {
  readonly memberId: string
  readonly email: string
  readonly tier: string
  readonly remaining: number
  readonly entries: number
}

describe.skipIf(!chromiumAvailable)("cancelling a contest with entries", () => {
  const session = useBrowser()
  let site: Site
  let adminState: BrowserContextOptions["storageState"]
  let memberState: BrowserContextOptions["storageState"]
  let contest: { readonly id: string; readonly title: string }
  let memberRemainingBefore = 0

  /** Read-only queries on the server's database file (WAL lets a reader in beside it). */
  const query = <T>(sql: string, ...params: Array<string>): Array<T> => {
    const db = new DatabaseSync(join(site.dataDir, "colorday.sqlite"), { readOnly: true })
    try {
      return db.prepare(sql).all(...params) as unknown as Array<T>
    } finally {
      db.close()
    }
  }

  const entrants = (): Array<Entrant> =>
    query<Entrant>(
      `SELECT m.id AS memberId, m.email AS email, lower(s.tier) AS tier, s.remaining AS remaining,
              COUNT(e.id) AS entries
       FROM entries e JOIN members m ON m.id = e.member_id JOIN subscriptions s ON s.member_id = m.id
       WHERE e.contest_id = ? GROUP BY m.id, m.email, s.tier, s.remaining ORDER BY m.id`,
      contest.id,
    )

  const signIn = async (email: string) => {
    const api = await request.newContext({ baseURL: site.url })
    const login = await api.post("/api/users/login", { data: { email, password: DEMO_PASSWORD } })
    expect(login.status(), await login.text()).toBe(200)
    return api
  }

  const remainingOf = async (state: BrowserContextOptions["storageState"]) => {
    const api = await request.newContext({ baseURL: site.url, storageState: state })
    try {
      const answer = (await (await api.get("/api/subscription")).json()) as {
        subscription: { remaining_submissions: number }
      }
      return answer.subscription.remaining_submissions
    } finally {
      await api.dispose()
    }
  }

  beforeAll(async () => {
    site = await startSite()
    const admin = await signIn(DEMO_ADMIN_EMAIL)
    adminState = await admin.storageState()
    await admin.dispose()

    const member = await signIn(DEMO_MEMBER_EMAIL)
    try {
      const current = await member.get("/api/challenges/current-active")
      expect(current.status()).toBe(200)
      contest = (await current.json()) as { id: string; title: string }
      memberState = await member.storageState()
      memberRemainingBefore = await remainingOf(memberState)
      const entered = await member.post("/api/submissions", {
        multipart: {
          challenge_id: contest.id,
          age_group: "adult",
          image: { name: "koi-pond-1.jpg", mimeType: "image/jpeg", buffer: readFileSync(PHOTO) },
        },
      })
      expect(entered.status(), await entered.text()).toBe(201)
      expect(await remainingOf(memberState)).toBe(memberRemainingBefore - 1)
    } finally {
      await member.dispose()
    }
  })

  afterAll(async () => {
    await site?.stop()
  })

  test("the admin cancels it; credits come back, each entrant is mailed once, the entries leave Today", async () => {
    const before = entrants()
    expect(before.length).toBeGreaterThan(1)
    expect(before.some((entrant) => entrant.email === DEMO_MEMBER_EMAIL)).toBe(true)
    const todayBefore = (await (
      await fetch(`${site.url}/api/gallery?tab=today&sort=newest&limit=100`)
    ).json()) as { items: Array<{ id: string }> }
    expect(todayBefore.items.length).toBeGreaterThan(0)

    const context = await session.newContext({
      ...onScreen(1280, 900),
      storageState: adminState,
    })
    try {
      const page = await context.newPage()
      await page.goto(`${site.url}/admin/contests/${contest.id}`)
      await (await visible(page.getByRole("button", { name: "Cancel contest" }))).click()
      const dialog = await visible(
        page.getByRole("alertdialog", { name: `Cancel “${contest.title}”?` }),
      )
      // Without a reason the dialog stays and says what is missing.
      await dialog.getByRole("button", { name: "Cancel contest" }).click()
      await visible(dialog.getByText("Give the reason for cancelling."))
      await dialog.getByRole("textbox", { name: "Reason" }).fill(REASON)
      await dialog.getByRole("button", { name: "Cancel contest" }).click()
      await visible(toast(page, "Contest cancelled"))
      await visible(page.getByText("This contest was cancelled: it can no longer be edited."))
    } finally {
      await context.close()
    }

    // One transaction for the state: the credits are back for every entrant, one per entry.
    const after = new Map(entrants().map((entrant) => [entrant.memberId, entrant]))
    for (const entrant of before) {
      const spent = entrant.tier === "champ" ? 0 : entrant.entries
      expect(after.get(entrant.memberId)?.remaining, entrant.email).toBe(entrant.remaining + spent)
    }
    expect(await remainingOf(memberState)).toBe(memberRemainingBefore)

    // Mails after the commit, once per entrant, naming the reason; nobody else gets one.
    const subject = `"${contest.title}" was cancelled`
    const cancellationMails = query<{ recipient: string; text: string }>(
      "SELECT recipient, text_body AS text FROM mail_outbox WHERE subject = ? ORDER BY recipient",
      subject,
    )
    expect(cancellationMails.map((mail) => mail.recipient.toLowerCase()).sort()).toEqual(
      before.map((entrant) => entrant.email.toLowerCase()).sort(),
    )
    for (const mail of cancellationMails) expect(mail.text).toContain(REASON)

    // The day's gallery no longer shows them.
    const todayAfter = (await (
      await fetch(`${site.url}/api/gallery?tab=today&sort=newest&limit=100`)
    ).json()) as { items: Array<{ id: string; contestId?: string }> }
    const cancelledEntries = new Set(
      query<{ id: string }>("SELECT id FROM entries WHERE contest_id = ?", contest.id).map(
        (row) => row.id,
      ),
    )
    expect(todayAfter.items.filter((item) => cancelledEntries.has(item.id))).toEqual([])
  })

  test("the entrant's profile says 'Contest cancelled' on a phone", async () => {
    const context = await session.newContext({
      ...onScreen(390, 844),
      storageState: memberState,
    })
    try {
      const page = await context.newPage()
      await page.goto(`${site.url}/profile`)
      await visible(page.getByText("Contest cancelled").first(), STEP_MS)
    } finally {
      await context.close()
    }
  })
})
