import type { BrowserContext, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { seriousAxeViolations } from "./support/axe.ts"
import { clickNavLink, STEP_MS, type ViewportCase, VIEWPORTS, visible } from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import { onEveryScreenOf } from "./support/every-screen.ts"
import { useBrowser } from "./support/session.ts"
import { type Site, startSite } from "./support/site.ts"

/**
 * The results journey of issue 14, in a real Chromium against a real `colorday serve` (the demo
 * world: fourteen announced past contests), on a desktop and on a 390x844 phone side by side, as
 * a visitor: a winning entry opened from the gallery in the lightbox (← → Esc), its page after a
 * reload, its artist's page, the archive and a contest's podium and ranking, and home's
 * "Yesterday's winner". The steps share one tab per screen size; step 2 reopens the winner step 1
 * found, and each step starts from a page a person would open it from.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** How the site writes a Score (VotesAndScore: at most one decimal). */
const scoreFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 })
const votesFormat = new Intl.NumberFormat("en-US")

const pathOf = (page: Page): string => new URL(page.url()).pathname

/** The gallery's cards in the order the grid shows them. */
const galleryCards = (page: Page): Locator => page.locator('main li[id^="entry-"]')
const cardIdsOf = (page: Page): Promise<Array<string>> =>
  galleryCards(page).evaluateAll((cards) => cards.map((card) => card.id.replace(/^entry-/, "")))

/** An entry card's artist, read from its label ("<artist>'s entry"). */
const artistOfCard = async (card: Locator): Promise<string> => {
  const label = await card.getByRole("article").getAttribute("aria-label")
  const artist = /^(.*)'s entry$/.exec(label ?? "")?.[1]
  if (!artist) throw new Error(`a gallery card without its artist's label: ${String(label)}`)
  return artist
}

/** The number a <dl> shows for a label (VotesAndScore, the artist's stats). */
const valueOf = (scope: Locator, label: string): Locator =>
  scope
    .locator("dt")
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
    .first()
    .locator("xpath=following-sibling::dd[1]")

/** An entry's ribbon ("1st place"…) inside `scope` (a page: anywhere, as a filter's `has`). */
const ribbon = (scope: Page | Locator, place: string): Locator =>
  scope.getByRole("list", { name: "Awards" }).getByText(place, { exact: true })

/** The open lightbox, whose title names the entry's artist. */
const lightbox = (page: Page, artist: string): Locator =>
  page.getByRole("dialog", { name: `${artist}'s entry`, exact: true })

interface EntryAnswer {
  readonly entry: {
    readonly id: string
    readonly voteCount: number
    readonly weightedScore: number
  }
  readonly contest: { readonly id: string; readonly title: string }
}

interface ArchiveAnswer {
  readonly contest: { readonly id: string; readonly title: string }
  readonly winner: { readonly entryId: string; readonly username: string } | null
}

describe.skipIf(!chromiumAvailable)("results journey", () => {
  const session = useBrowser()
  let site: Site

  beforeAll(async () => {
    site = await startSite()
  })

  afterAll(async () => {
    await site?.stop()
  })

  /** One screen size's visitor: their tab, and the winning entry step 1 found. */
  interface Run {
    readonly viewport: ViewportCase
    context: BrowserContext
    page: Page
    winner?: { readonly id: string; readonly artist: string }
  }
  const runs: Array<Run> = []

  const needWinner = (run: Run) => {
    if (!run.winner) throw new Error("step 1 did not open a winning entry; this step builds on it")
    return run.winner
  }

  /** Runs a step on every screen size at once; fails with each size's failure, named. */
  const onEveryScreen = (step: (run: Run) => Promise<void>): Promise<void> =>
    onEveryScreenOf(runs, step)

  // One tab per screen size for the whole file (opened in beforeAll), as one visitor's visit.
  beforeAll(async () => {
    for (const viewport of VIEWPORTS) {
      const context = await session.newContext({ ...viewport.options, locale: "en-US" })
      runs.push({ viewport, context, page: await context.newPage() })
    }
  })

  test("1. a winning entry opens from the gallery's past contests in the lightbox; ← and → walk the grid, Esc goes back to it", () =>
    onEveryScreen(async (run) => {
      const { page } = run
      await page.goto(`${site.url}/`)
      await clickNavLink(page, "Gallery")
      await page.waitForURL(/\/gallery$/, { timeout: STEP_MS })
      await visible(page.getByRole("heading", { name: "Gallery", level: 1 }))
      await page.getByRole("tab", { name: "Past Contests" }).click()

      // The card with the 1st place ribbon: the winner of the newest announced contest.
      const winnerCard = await visible(
        galleryCards(page).filter({ has: ribbon(page, "1st place") }),
      )
      const winnerId = (await winnerCard.getAttribute("id"))?.replace(/^entry-/, "") ?? ""
      const artist = await artistOfCard(winnerCard)
      run.winner = { id: winnerId, artist }
      const ids = await cardIdsOf(page)
      const at = ids.indexOf(winnerId)
      const before = ids[at - 1]
      const after = ids[at + 1]
      if (!before || !after) {
        throw new Error(`the winner is not between two cards of the grid (${at}/${ids.length})`)
      }
      const [beforeArtist, afterArtist] = await Promise.all([
        artistOfCard(galleryCards(page).nth(at - 1)),
        artistOfCard(galleryCards(page).nth(at + 1)),
      ])

      await winnerCard.getByRole("link", { name: `Open ${artist}'s entry` }).click()
      await page.waitForURL((url) => url.pathname === `/entries/${winnerId}`, { timeout: STEP_MS })
      const shown = await visible(lightbox(page, artist))
      await visible(ribbon(shown, "1st place"))
      await visible(valueOf(shown, "Votes"))
      await visible(valueOf(shown, "Score"))
      // The grid stays behind the lightbox (not a page of its own; hidden from the reader while
      // the dialog is open, so found by its element).
      expect(await page.locator(`[id="entry-${winnerId}"]`).count()).toBe(1)
      expect(await seriousAxeViolations(page)).toEqual([])

      // → the next card of the grid, ← back, ← the card before, → back to the winner.
      const walk = async (key: "ArrowRight" | "ArrowLeft", id: string, name: string) => {
        await page.keyboard.press(key)
        await page.waitForURL((url) => url.pathname === `/entries/${id}`, { timeout: STEP_MS })
        await visible(lightbox(page, name))
      }
      await walk("ArrowRight", after, afterArtist)
      await walk("ArrowLeft", winnerId, artist)
      await walk("ArrowLeft", before, beforeArtist)
      await walk("ArrowRight", winnerId, artist)

      // Esc: back to the grid, where it was, with the gallery's address.
      await page.keyboard.press("Escape")
      await page.getByRole("dialog").waitFor({ state: "hidden", timeout: STEP_MS })
      await expect.poll(() => pathOf(page), { timeout: STEP_MS }).toBe("/gallery")
      expect(
        await page.getByRole("tab", { name: "Past Contests" }).getAttribute("aria-selected"),
      ).toBe("true")
      await visible(winnerCard)

      // From the second card, ← reaches the first (the focused Previous button now has nowhere to
      // go), and → still walks on.
      const [first, second] = ids
      if (!first || !second) throw new Error("the grid has fewer than two cards")
      const [firstArtist, secondArtist] = await Promise.all([
        artistOfCard(galleryCards(page).nth(0)),
        artistOfCard(galleryCards(page).nth(1)),
      ])
      await galleryCards(page)
        .nth(1)
        .getByRole("link", { name: `Open ${secondArtist}'s entry` })
        .click()
      await visible(lightbox(page, secondArtist))
      await walk("ArrowLeft", first, firstArtist)
      await walk("ArrowRight", second, secondArtist)
      await page.keyboard.press("Escape")
      await page.getByRole("dialog").waitFor({ state: "hidden", timeout: STEP_MS })
      await expect.poll(() => pathOf(page), { timeout: STEP_MS }).toBe("/gallery")
    }))

  test("2. reopened and reloaded, the lightbox's address is the entry's page; its artist link leads to the artist's page", () =>
    onEveryScreen(async (run) => {
      const { page } = run
      const { id, artist } = needWinner(run)
      // From the gallery's past contests again (a failed step 1 may have left a dialog open).
      await page.goto(`${site.url}/gallery`)
      await (await visible(page.getByRole("tab", { name: "Past Contests" }))).click()
      const card = page.locator(`[id="entry-${id}"]`)
      await (await visible(card.getByRole("link", { name: `Open ${artist}'s entry` }))).click()
      await page.waitForURL((url) => url.pathname === `/entries/${id}`, { timeout: STEP_MS })
      await visible(lightbox(page, artist))

      await page.reload()
      const main = page.locator("main")
      await visible(main.getByRole("heading", { name: `${artist}'s entry`, level: 1 }))
      expect(await page.getByRole("dialog").count()).toBe(0)
      expect(pathOf(page)).toBe(`/entries/${id}`)

      // The picture in renditions, one of which the browser loaded.
      const picture = await visible(
        main.getByRole("img", { name: new RegExp(`^${escapeRegExp(artist)}'s entry in `) }),
      )
      const srcset = (await picture.getAttribute("srcset")) ?? ""
      expect(srcset).toMatch(/ \d+w(,|$)/)
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), {
          timeout: STEP_MS,
        })
        .toBeGreaterThan(0)

      // Votes and Score as the server counts them, and the 1st place ribbon.
      const answer = await page.request.get(`${site.url}/api/entries/${id}`)
      expect(answer.status()).toBe(200)
      const { entry, contest } = (await answer.json()) as EntryAnswer
      expect(await valueOf(main, "Votes").textContent()).toBe(votesFormat.format(entry.voteCount))
      expect(await valueOf(main, "Score").textContent()).toBe(
        scoreFormat.format(entry.weightedScore),
      )
      await visible(ribbon(main, "1st place"))
      await visible(main.getByText(contest.title, { exact: true }))

      // The artist's page: their name, a win, and this entry among their submissions.
      await main.getByRole("link", { name: artist, exact: true }).click()
      await page.waitForURL((url) => url.pathname === `/artists/${encodeURIComponent(artist)}`, {
        timeout: STEP_MS,
      })
      await visible(main.getByRole("heading", { name: artist, level: 1 }))
      const wins = await visible(valueOf(main, "Wins"))
      expect(Number(await wins.textContent())).toBeGreaterThanOrEqual(1)
      const submissions = main.getByRole("region", { name: "Submissions" })
      const listed = await visible(submissions.locator(`a[href="/entries/${id}"]`))
      await visible(ribbon(listed, "1st place"))
    }))

  test("3. the header's Results link opens the archive; a contest's page shows its podium and its ranking with Votes and Score", () =>
    onEveryScreen(async (run) => {
      const { page } = run
      await page.goto(`${site.url}/`)
      await clickNavLink(page, "Results")
      await page.waitForURL(/\/contests$/, { timeout: STEP_MS })
      const main = page.locator("main")
      await visible(main.getByRole("heading", { name: "Past contests", level: 1 }))

      // The newest contest's card names its winner; its title leads to its page.
      const archive = await page.request.get(`${site.url}/api/challenges/archive`)
      const [newest] = ((await archive.json()) as { items: Array<ArchiveAnswer> }).items
      if (!newest?.winner) throw new Error("the demo world's newest past contest has no winner")
      const card = await visible(main.getByRole("article", { name: newest.contest.title }))
      await visible(card.getByRole("link", { name: newest.winner.username, exact: true }))
      await card.getByRole("link", { name: newest.contest.title, exact: true }).click()
      await page.waitForURL((url) => url.pathname === `/contests/${newest.contest.id}`, {
        timeout: STEP_MS,
      })
      await visible(main.getByRole("heading", { name: newest.contest.title, level: 1 }))
      await visible(main.getByText("Final result", { exact: false }))

      // The podium: 1st, 2nd and 3rd, the 1st marked the winner.
      const podium = await visible(main.getByRole("region", { name: "Winner and podium" }))
      const places = podium.getByRole("listitem")
      await expect.poll(() => places.count(), { timeout: STEP_MS }).toBe(3)
      for (const [index, place] of ["1st place", "2nd place", "3rd place"].entries()) {
        await visible(places.nth(index).getByText(place, { exact: false }))
      }
      await visible(places.nth(0).getByText("Winner", { exact: true }))
      await visible(places.nth(0).getByRole("link", { name: newest.winner.username, exact: true }))

      // The ranking: Votes and Score side by side, rank 1 the podium's winner.
      const table = await visible(main.getByRole("table", { name: "Full ranking" }))
      for (const column of ["Rank", "Artist", "Votes", "Score"]) {
        await visible(table.getByRole("columnheader", { name: column, exact: true }))
      }
      const rows = table.locator("tbody tr")
      expect(await rows.count()).toBeGreaterThanOrEqual(3)
      const firstRow = rows.first()
      expect(await firstRow.getByRole("cell").first().textContent()).toBe("1")
      await visible(firstRow.getByRole("link", { name: newest.winner.username, exact: true }))
      const results = await page.request.get(
        `${site.url}/api/challenges/${newest.contest.id}/results`,
      )
      const { ranking } = (await results.json()) as {
        ranking: Array<{ rawVotes: number; score: number }>
      }
      const [top] = ranking
      if (!top) throw new Error("the contest's result has no ranking")
      const cells = firstRow.getByRole("cell")
      expect(await cells.nth(3).textContent()).toBe(votesFormat.format(top.rawVotes))
      expect(await cells.nth(4).textContent()).toBe(scoreFormat.format(top.score))
    }))

  test("4. home shows Yesterday's winner, linked to its contest's page", () =>
    onEveryScreen(async (run) => {
      const { page } = run
      await clickNavLink(page, "Home")
      await page.waitForURL((url) => url.pathname === "/", { timeout: STEP_MS })
      const latest = await page.request.get(`${site.url}/api/challenges/latest-winner`)
      expect(latest.status()).toBe(200)
      const { contest, winner } = (await latest.json()) as ArchiveAnswer
      if (!winner) throw new Error("the latest announced contest has no winner")

      const section = await visible(page.getByRole("region", { name: "Yesterday's winner" }))
      await visible(section.getByRole("link", { name: winner.username, exact: true }))
      await visible(section.getByRole("img", { name: `${winner.username}'s entry` }))
      await section.getByRole("link", { name: `See the results of “${contest.title}”` }).click()
      await page.waitForURL((url) => url.pathname === `/contests/${contest.id}`, {
        timeout: STEP_MS,
      })
      await visible(page.getByRole("heading", { name: contest.title, level: 1 }))
    }))
})
