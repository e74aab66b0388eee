import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { BrowserContextOptions, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { WORLD_PASSWORD } from "./support/admin-world.ts"
import { onScreen, STEP_MS, toast, visible } from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import { type PerksWorld, writePerksWorld } from "./support/perks-world.ts"
import { signedInState, useBrowser } from "./support/session.ts"
import { type Site, startSite } from "./support/site.ts"

/**
 * The tier perks journey of issue 19, in a real Chromium against a real `colorday serve`: a Color
 * Champ member downloads tomorrow's line art from home before the contest starts (early access)
 * and files a custom line art request from the profile; the admin fulfils it in the dashboard
 * with the contest scheduled with that page; the member sees it fulfilled, and was mailed twice.
 */

const BRIEF = "A fox reading a book under a street lamp, for my niece"

describe.skipIf(!chromiumAvailable)("the tier perks journey", () => {
  const session = useBrowser()
  let site: Site
  let world: PerksWorld
  const state: Record<"admin" | "champ", BrowserContextOptions["storageState"]> = {
    admin: undefined,
    champ: undefined,
  }

  beforeAll(async () => {
    site = await startSite({
      demo: false,
      prepare: async (dataDir) => {
        world = await writePerksWorld(dataDir)
      },
    })
    for (const who of ["admin", "champ"] as const) {
      state[who] = await signedInState(site.url, world[who].email, WORLD_PASSWORD)
    }
  })

  afterAll(async () => {
    await site?.stop()
  })

  const tab = async (who: "admin" | "champ"): Promise<Page> => {
    const context = await session.newContext({
      ...onScreen(1280, 800),
      storageState: state[who],
      acceptDownloads: true,
    })
    return context.newPage()
  }

  test("1. a Champ downloads tomorrow's line art from home before the contest starts", async () => {
    const page = await tab("champ")
    await page.goto(`${site.url}/`)
    const early = page.locator("section", {
      has: page.getByRole("heading", { name: "Tomorrow's page (early access)" }),
    })
    await visible(early.getByText(world.tomorrow.title))
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: STEP_MS }),
      (await visible(early.getByRole("link", { name: "Download tomorrow's page as PNG" }))).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^colorday-butterfly-garden\.png$/)
    // The browser runs apart from this process: the file is copied here to look at it.
    const saved = join(mkdtempSync(join(tmpdir(), "colorday-e2e-early-")), "page.png")
    await download.saveAs(saved)
    expect([...readFileSync(saved).subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
    // A visitor gets neither the page nor its address before the start.
    const visitor = await fetch(`${site.url}/api/challenges/${world.tomorrow.id}/line-art.png`)
    expect(visitor.status).toBe(403)
    const shown = (await (
      await fetch(`${site.url}/api/challenges/${world.tomorrow.id}`)
    ).json()) as {
      lineArt: string | null
    }
    expect(shown.lineArt).toBeNull()
  })

  test("2. the Champ files a custom line art request from the profile", async () => {
    const page = await tab("champ")
    await page.goto(`${site.url}/profile`)
    const card = page.locator("section", {
      has: page.getByRole("heading", { name: "Custom line art requests" }),
    })
    await (await visible(card.getByLabel("What should the page show?"))).fill(BRIEF)
    await card.getByRole("button", { name: "Send request" }).click()
    await visible(toast(page, "Request sent"))
    await visible(card.getByRole("list", { name: "Your requests" }).getByText("Waiting for review"))
  })

  test("3. the admin fulfils it with the contest scheduled with that page", async () => {
    const page = await tab("admin")
    await page.goto(`${site.url}/admin/line-art-requests`)
    const table = await visible(page.getByRole("table", { name: "Line art requests" }))
    await visible(table.getByText(BRIEF))
    await table.getByRole("button", { name: `Fulfil (${world.champ.username})` }).click()
    const dialog = await visible(
      page.getByRole("alertdialog", { name: `Fulfil ${world.champ.username}'s request` }),
    )
    const select = dialog.getByLabel("Contest with the page")
    await expect
      .poll(() => select.locator("option").allTextContents(), { timeout: STEP_MS })
      .toContainEqual(expect.stringContaining(world.requested.title))
    await select.selectOption(world.requested.id)
    await dialog.getByRole("button", { name: "Fulfil" }).click()
    await visible(toast(page, "Request fulfilled"))
  })

  test("4. the Champ sees it fulfilled with the contest, and was mailed at each step once", async () => {
    const page = await tab("champ")
    await page.goto(`${site.url}/profile`)
    const list = page.getByRole("list", { name: "Your requests" })
    await visible(list.getByText("Fulfilled"))
    expect(
      await list.getByRole("link", { name: "See the contest with your page" }).getAttribute("href"),
    ).toBe(`/contests/${world.requested.id}`)
    await expect
      .poll(
        () =>
          site
            .mailsTo(world.champ.email)
            .map((mail) => mail.subject)
            .sort(),
        {
          timeout: STEP_MS,
        },
      )
      .toEqual(["We received your custom line art request", "Your custom line art is a contest"])
  })
})
