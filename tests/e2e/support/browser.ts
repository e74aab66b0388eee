import type { Browser, BrowserContext, Locator, Page } from "playwright-core"

/** The two screens every journey runs on: Playwright's default desktop and a phone. */
export const VIEWPORTS = [
  { name: "desktop", options: { viewport: { width: 1280, height: 720 } } },
  {
    name: "mobile 390x844",
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
] as const

export type ViewportCase = (typeof VIEWPORTS)[number]

/**
 * How long a step may take to show its result (a lazy chunk, an API call, a redirect): a deadline
 * for a loaded machine, never a pause (every wait returns as soon as its condition holds).
 */
export const STEP_MS = 30_000

/** A browser context's options for a person reading English in UTC on a screen this size. */
export const onScreen = (width: number, height: number) =>
  ({ viewport: { width, height }, locale: "en-US", timezoneId: "UTC" }) as const

export const newContext = (browser: Browser, viewport: ViewportCase): Promise<BrowserContext> =>
  browser.newContext({ ...viewport.options, acceptDownloads: true, locale: "en-US" })

/** Waits until the locator is visible; fails with what was expected. */
export const visible = async (locator: Locator, timeout = STEP_MS): Promise<Locator> => {
  await locator.first().waitFor({ state: "visible", timeout })
  return locator.first()
}

/** The toast with this title (the site shows one at a time). */
export const toast = (page: Page, title: string): Locator =>
  page.locator("li[data-variant]").filter({ hasText: title })

/** The open modal dialog whose accessible name matches. */
export const dialog = (page: Page, name: string | RegExp): Locator =>
  page.getByRole("dialog", { name })

/**
 * The header's account actions (Sign In, Sign Up, Profile, Sign Out) and navigation: beside the
 * logo on a wide screen, behind the menu button on a narrow one.
 */
export const header = async (page: Page): Promise<Locator> => {
  // The header renders with the first route: wait for it before asking which layout it has.
  const banner = await visible(page.getByRole("banner"))
  const menuButton = banner.getByRole("button", { name: "Open menu" })
  if (await menuButton.isVisible()) await menuButton.click()
  return banner
}

export const clickHeaderButton = async (page: Page, name: string): Promise<void> => {
  const banner = await header(page)
  await (await visible(banner.getByRole("button", { name, exact: true }))).click()
}

export const clickNavLink = async (page: Page, name: string): Promise<void> => {
  const banner = await header(page)
  await (await visible(banner.getByRole("link", { name, exact: true }))).click()
}

/** Signed in: the header offers Profile and Sign Out (and the menu is closed again after). */
export const expectSignedIn = async (page: Page): Promise<void> => {
  const banner = await header(page)
  await visible(banner.getByRole("button", { name: "Sign Out", exact: true }))
  await visible(banner.getByRole("link", { name: "Profile", exact: true }))
  const close = banner.getByRole("button", { name: "Close menu" })
  if (await close.isVisible()) await close.click()
}

/** Fills and sends the auth dialog's Sign In tab (the dialog must be open). */
export const signInThroughDialog = async (
  page: Page,
  email: string,
  password: string,
): Promise<void> => {
  const auth = await visible(page.getByRole("dialog"))
  const signInTab = auth.getByRole("tab", { name: "Sign In", exact: true })
  if ((await signInTab.getAttribute("aria-selected")) !== "true") await signInTab.click()
  const panel = auth.getByRole("tabpanel")
  await panel.getByLabel("Email", { exact: false }).fill(email)
  await panel.getByLabel("Password", { exact: true }).fill(password)
  await panel.getByRole("button", { name: "Sign In", exact: true }).click()
}

/** Opens the auth dialog from the header and signs in; waits until the header says so. */
export const signIn = async (page: Page, email: string, password: string): Promise<void> => {
  await clickHeaderButton(page, "Sign In")
  await signInThroughDialog(page, email, password)
  await page.getByRole("dialog").waitFor({ state: "hidden", timeout: STEP_MS })
  await expectSignedIn(page)
}

/** Whether the element is inside the viewport (at least partly), as a person would see it. */
export const inViewport = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    return (
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < window.innerHeight &&
      box.left < window.innerWidth &&
      box.height > 0
    )
  })
