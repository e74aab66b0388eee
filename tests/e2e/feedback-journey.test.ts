import type { BrowserContextOptions, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { WORLD_PASSWORD } from "./support/admin-world.ts"
import { onScreen, STEP_MS, toast, visible } from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import { type FeedbackWorld, writeFeedbackWorld } from "./support/feedback-world.ts"
import { signedInState, useBrowser } from "./support/session.ts"
import { type Site, startSite } from "./support/site.ts"

/**
 * Professional feedback (issue 19) in a real Chromium against a real `colorday serve`: a judge
 * (not an admin) finds a Color Champ entry on /judging and writes feedback on its page; the
 * entrant sees it on the entry's page and was mailed once.
 */

const FEEDBACK = "Warm, confident colours. Let the lightest leaves keep a little white paper."

describe.skipIf(!chromiumAvailable)("the professional feedback journey", () => {
  const session = useBrowser()
  let site: Site
  let world: FeedbackWorld
  const state: Record<"judge" | "champ", BrowserContextOptions["storageState"]> = {
    judge: undefined,
    champ: undefined,
  }

  beforeAll(async () => {
    site = await startSite({
      demo: false,
      prepare: async (dataDir) => {
        world = await writeFeedbackWorld(dataDir)
      },
    })
    for (const who of ["judge", "champ"] as const) {
      state[who] = await signedInState(site.url, world[who].email, WORLD_PASSWORD)
    }
  })

  afterAll(async () => {
    await site?.stop()
  })

  const tab = async (who: "judge" | "champ"): Promise<Page> => {
    const context = await session.newContext({
      ...onScreen(1280, 800),
      storageState: state[who],
    })
    return context.newPage()
  }

  test("1. the judge finds the Champ's entry on Judging and writes feedback on its page", async () => {
    const page = await tab("judge")
    await page.goto(`${site.url}/`)
    await (await visible(page.getByRole("link", { name: "Judging" }).first())).click()
    await page.waitForURL(/\/judging$/, { timeout: STEP_MS })
    await (
      await visible(
        page.getByRole("link", {
          name: `Write feedback on ${world.champ.username}'s entry in ${world.contestTitle}`,
        }),
      )
    ).click()
    await page.waitForURL(new RegExp(`/entries/${world.entryId}$`), { timeout: STEP_MS })
    await (await visible(page.getByLabel("Write feedback"))).fill(FEEDBACK)
    await page.getByRole("button", { name: "Send feedback" }).click()
    await visible(toast(page, "Feedback sent"))
    // The judge's own feedback is now theirs to rewrite.
    await visible(page.getByRole("button", { name: "Save changes" }))
  })

  test("2. the entrant sees the feedback on the entry's page and was mailed once", async () => {
    const page = await tab("champ")
    await page.goto(`${site.url}/entries/${world.entryId}`)
    const card = page.locator("section", {
      has: page.getByRole("heading", { name: "Professional feedback" }),
    })
    await visible(card.getByText(FEEDBACK))
    await visible(card.getByText(world.judge.username))
    // The feedback mail, once. Other mails may come meanwhile: the contest started an hour ago,
    // and the day's announcement ("Today's contest: …") goes out whenever its job next runs.
    await expect
      .poll(
        () =>
          site
            .mailsTo(world.champ.email)
            .map((mail) => mail.subject)
            .filter((subject) => subject.startsWith("Feedback")),
        { timeout: STEP_MS },
      )
      .toEqual([`Feedback from a judge on your entry in "${world.contestTitle}"`])
    // A visitor's copy of the page has no feedback on it.
    const visitor = await session.newContext({ viewport: { width: 1280, height: 800 } })
    const anonymous = await visitor.newPage()
    await anonymous.goto(`${site.url}/entries/${world.entryId}`)
    await visible(
      anonymous.getByRole("heading", { level: 1, name: `${world.champ.username}'s entry` }),
    )
    expect(await anonymous.getByText(FEEDBACK).count()).toBe(0)
  })
})
