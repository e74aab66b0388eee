import { setTimeout as sleep } from "node:timers/promises"
import { Effect } from "effect"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { totpAuthenticator } from "../../adapters/crypto/totp-authenticator.ts"
import {
  clickHeaderButton,
  expectSignedIn,
  onScreen,
  signIn,
  signInThroughDialog,
  STEP_MS,
  visible,
} from "./support/browser.ts"
import { chromiumAvailable } from "./support/chromium.ts"
import { useBrowser } from "./support/session.ts"
import { DEMO_MEMBER_EMAIL, DEMO_PASSWORD, type Site, startSite } from "./support/site.ts"

/**
 * Issue 24 in a real Chromium against `colorday serve` (the demo world): the member turns on
 * two-factor sign-in in Settings, computing the code from the key the page shows with the same
 * TOTP library an authenticator app would use, keeps the recovery codes, signs out, and signs in
 * again with the password and then a code.
 */

const PERIOD_MS = 30_000

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  Effect.runPromise(totpAuthenticator.codeAt(secret, Date.now() + steps * PERIOD_MS))

describe.skipIf(!chromiumAvailable)("two-factor sign-in in the browser", () => {
  const session = useBrowser()
  let site: Site
  let page: Page

  beforeAll(async () => {
    site = await startSite()
    const context = await session.newContext({
      ...onScreen(1280, 720),
    })
    page = await context.newPage()
  })

  afterAll(async () => {
    await site?.stop()
  })

  test("turn it on in Settings, sign out, sign in with the password and a code", async () => {
    await page.goto(`${site.url}/`)
    await signIn(page, DEMO_MEMBER_EMAIL, DEMO_PASSWORD)
    await page.goto(`${site.url}/profile`)
    await (await visible(page.getByRole("tab", { name: "Settings" }))).click()
    const toggle = await visible(page.getByRole("switch", { name: "Two-factor authentication" }))
    await expect.poll(() => toggle.isEnabled(), { timeout: STEP_MS }).toBe(true)
    expect(await toggle.getAttribute("aria-checked")).toBe("false")
    // A fresh 30-second step, so the codes below stay in the server's window (one step either side).
    if (Date.now() % PERIOD_MS > 15_000) await sleep(PERIOD_MS - (Date.now() % PERIOD_MS) + 200)
    await toggle.click()

    const enrol = await visible(page.getByRole("dialog", { name: "Turn on two-factor sign-in" }))
    await visible(enrol.getByRole("img", { name: "QR code for your authenticator app" }))
    const key = await visible(enrol.getByLabel("Key to enter in your authenticator app"))
    const secret = ((await key.textContent()) ?? "").replaceAll(" ", "")
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    // The step before now: the sign-in below uses the code of the step now, which is later.
    await enrol.getByLabel("Code from your app").fill(await codeOf(secret, -1))
    await enrol.getByRole("button", { name: "Turn on" }).click()
    const codes = await visible(page.getByRole("list", { name: "Recovery codes" }))
    expect(await codes.getByRole("listitem").count()).toBe(10)
    await page.getByRole("button", { name: "Done" }).click()
    await expect.poll(() => toggle.getAttribute("aria-checked"), { timeout: STEP_MS }).toBe("true")

    // Signed out on the home page (the profile would ask to sign in at once).
    await page.goto(`${site.url}/`)
    await clickHeaderButton(page, "Sign Out")
    await visible(
      (await visible(page.getByRole("banner"))).getByRole("button", { name: "Sign In" }),
    )
    await clickHeaderButton(page, "Sign In")
    await signInThroughDialog(page, DEMO_MEMBER_EMAIL, DEMO_PASSWORD)
    const auth = page.getByRole("dialog")
    const code = await visible(auth.getByLabel("Authentication code"))
    await code.fill(await codeOf(secret))
    await auth.getByRole("button", { name: "Verify" }).click()
    await auth.waitFor({ state: "hidden", timeout: STEP_MS })
    await expectSignedIn(page)
  })
})
