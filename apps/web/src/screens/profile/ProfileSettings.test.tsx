import { configure, waitFor, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeEach, describe, expect, it, vi } from "vitest"
import {
  DEFAULT_SETTINGS,
  type MemberSettings,
} from "../../../../../domain/accounts/member-settings.ts"
import { PLANS } from "../../../../../domain/plans/plans.ts"
import type { BillingHistory, Member, SignedIn, Subscription } from "../../api/types.ts"
import { goTo } from "../../plans/navigate.ts"
import { aMember, aSubscription, renderRoute } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

vi.mock("../../plans/navigate.ts", () => ({ goTo: vi.fn() }))

const MEMBER = aMember()
const NO_PAYMENTS: BillingHistory = { records: [], nextCursor: null }

/** Everything the profile reads before the Settings tab is open, answered plainly. */
const profileReads = ({
  settings = () => HttpResponse.json(DEFAULT_SETTINGS),
  billing = NO_PAYMENTS,
}: { settings?: () => Response; billing?: BillingHistory } = {}) =>
  server.use(
    http.get("*/api/users/user-stats/user", () =>
      HttpResponse.json({
        totalSubmissions: 0,
        totalVotes: 0,
        winCount: 0,
        contestsParticipated: 0,
      }),
    ),
    http.get(`*/api/submissions/user/${MEMBER.id}`, () => HttpResponse.json([])),
    http.get(`*/api/users/${MEMBER.id}/settings`, settings),
    http.get("*/api/billing/history", () => HttpResponse.json(billing)),
    // Two-factor sign-in has its own tests (TwoFactorSetting.test.tsx).
    http.get(`*/api/users/${MEMBER.id}/two-factor`, () =>
      HttpResponse.json({ enabled: false, recoveryCodesLeft: 0 }),
    ),
  )

/** GET /api/session, counted; `signedOut` turns it into a visitor's answer. */
const session = (subscription: Subscription = aSubscription(), member: Member = MEMBER) => {
  const state = { reads: 0, signedOut: false }
  server.use(
    http.get("*/api/session", () => {
      state.reads += 1
      return state.signedOut
        ? HttpResponse.json(
            { code: "AUTHENTICATION_REQUIRED", message: "Please sign in first" },
            { status: 401 },
          )
        : HttpResponse.json({ user: member, subscription } satisfies SignedIn)
    }),
  )
  return state
}

const openSettings = async () => {
  renderRoute("/profile")
  // The first render of a lazy route can be slow while the test's modules are transformed.
  await userEvent.click(await screen.findByRole("tab", { name: "Settings" }, { timeout: 5000 }))
}

describe("the profile's settings", () => {
  beforeEach(() => vi.mocked(goTo).mockClear())

  describe("profile form", () => {
    it("saves the form, says 'Profile updated!' and reads the session again", async () => {
      const state = session()
      profileReads()
      let sent: unknown
      server.use(
        http.put(`*/api/users/${MEMBER.id}`, async ({ request }) => {
          sent = await request.json()
          return HttpResponse.json({
            ...MEMBER,
            location: "Lyon, France",
            message: "Profile updated!",
          })
        }),
      )
      await openSettings()
      const location = await screen.findByLabelText("Location")
      expect(location.getAttribute("placeholder")).toBe("City, Country")
      expect(screen.getByLabelText("Email").getAttribute("type")).toBe("email")
      expect(screen.getByLabelText("Website").getAttribute("type")).toBe("url")
      await userEvent.type(location, "Lyon, France")
      const readsBefore = state.reads
      await userEvent.click(screen.getByRole("button", { name: "Update Profile" }))
      // The inline message and the toast (whose view loads in a chunk of its own).
      await waitFor(() => expect(screen.getAllByText("Profile updated!")).toHaveLength(2))
      expect(sent).toEqual({
        username: "ada",
        email: "ada@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        bio: "",
        location: "Lyon, France",
        website: "",
      })
      await waitFor(() => expect(state.reads).toBeGreaterThan(readsBefore))
    })

    it("shows the server's message and marks the field it names; a new try clears it", async () => {
      session()
      profileReads()
      let refuse = true
      server.use(
        http.put(`*/api/users/${MEMBER.id}`, () =>
          refuse
            ? HttpResponse.json(
                {
                  code: "VALIDATION_FAILED",
                  message: "username: is already taken by another member",
                  issues: [{ field: "username", message: "is already taken by another member" }],
                },
                { status: 400 },
              )
            : HttpResponse.json({ ...MEMBER, username: "ada2", message: "Profile updated!" }),
        ),
      )
      await openSettings()
      const username = await screen.findByLabelText("Username")
      await userEvent.clear(username)
      await userEvent.type(username, "grace")
      await userEvent.click(screen.getByRole("button", { name: "Update Profile" }))
      const alert = await screen.findByText("Failed to update profile")
      expect(alert.parentElement?.textContent).toContain(
        "username: is already taken by another member",
      )
      expect(username.getAttribute("aria-invalid")).toBe("true")
      expect(screen.getByText("is already taken by another member")).toBeTruthy()

      refuse = false
      await userEvent.clear(username)
      await userEvent.type(username, "ada2")
      await userEvent.click(screen.getByRole("button", { name: "Update Profile" }))
      expect(await screen.findAllByText("Profile updated!")).not.toHaveLength(0)
      expect(screen.queryByText("Failed to update profile")).toBeNull()
      expect(username.getAttribute("aria-invalid")).toBeNull()
    })
  })

  describe("changing the e-mail", () => {
    it("says the address waits for its link, and 'Keep' cancels the change", async () => {
      const pending = aMember({ pendingEmail: "ada@new.example" })
      const state = { member: MEMBER }
      server.use(
        http.get("*/api/session", () =>
          HttpResponse.json({ user: state.member, subscription: aSubscription() }),
        ),
      )
      profileReads()
      const sent: Array<unknown> = []
      server.use(
        http.put(`*/api/users/${MEMBER.id}`, async ({ request }) => {
          const body = (await request.json()) as { email: string }
          sent.push(body)
          state.member = body.email === MEMBER.email ? MEMBER : pending
          return HttpResponse.json({ ...state.member, message: "Profile updated!" })
        }),
      )
      await openSettings()
      const email = await screen.findByLabelText("Email")
      await userEvent.clear(email)
      await userEvent.type(email, "ada@new.example")
      await userEvent.click(screen.getByRole("button", { name: "Update Profile" }))
      expect(
        await screen.findByText("Open the link we sent to ada@new.example to switch your e-mail."),
      ).toBeTruthy()
      const note = await screen.findByText(/it changes\s+when you open it/)
      expect(note.textContent).toContain("Your e-mail is still ada@example.com.")
      await userEvent.click(screen.getByRole("button", { name: "Keep ada@example.com" }))
      await waitFor(() => expect(screen.queryByText(/it changes\s+when you open it/)).toBeNull())
      expect(sent).toEqual([
        expect.objectContaining({ email: "ada@new.example" }),
        expect.objectContaining({ email: "ada@example.com" }),
      ])
    })
  })

  describe("account, notification and privacy settings", () => {
    it("loads the settings and saves the changed object with Save Settings", async () => {
      session()
      // A zone of the member's own (in-other-languages.test.tsx has a member in another language).
      const stored: MemberSettings = { ...DEFAULT_SETTINGS, timeZone: "Europe/Berlin" }
      profileReads({ settings: () => HttpResponse.json(stored) })
      let sent: unknown
      server.use(
        http.put(`*/api/users/${MEMBER.id}/settings`, async ({ request }) => {
          sent = await request.json()
          return HttpResponse.json(sent as MemberSettings)
        }),
      )
      await openSettings()
      const weekly = await screen.findByRole("switch", { name: "Weekly summary" })
      expect(weekly.getAttribute("aria-checked")).toBe("true")
      // The footer's language switch is a second "Language": the card's own.
      const account = screen.getByRole("region", { name: "Account settings" })
      expect(within(account).getByRole("combobox", { name: "Language" }).textContent).toContain(
        "English",
      )
      const zone = within(account).getByRole("combobox", { name: "Timezone" })
      expect((zone as HTMLSelectElement).value).toBe("Europe/Berlin")
      expect(zone.textContent).toContain("Central European Time")
      expect(
        screen.getByRole("switch", { name: "Show join date" }).getAttribute("aria-checked"),
      ).toBe("false")
      expect(screen.getAllByRole("switch")).toHaveLength(2 + 4 + 3 + 6)

      await userEvent.click(weekly)
      await userEvent.click(screen.getByRole("switch", { name: "Show join date" }))
      await userEvent.click(screen.getByRole("switch", { name: "New votes" }))
      expect(screen.getByText("You have unsaved changes.")).toBeTruthy()
      await userEvent.click(screen.getByRole("button", { name: "Save Settings" }))
      expect(await screen.findByText("Settings saved")).toBeTruthy()
      expect(sent).toEqual({
        ...stored,
        email: { ...stored.email, weeklySummary: false },
        push: { ...stored.push, newVotes: true },
        privacy: { ...stored.privacy, showJoinDate: true },
      })
      expect(screen.queryByText("You have unsaved changes.")).toBeNull()
    })

    it("shows an error with a retry when the settings cannot be read", async () => {
      session()
      let up = false
      profileReads({
        settings: () =>
          up
            ? HttpResponse.json(DEFAULT_SETTINGS)
            : HttpResponse.json({ code: "INTERNAL", message: "Settings down" }, { status: 500 }),
      })
      await openSettings()
      const alert = (await screen.findByText("Settings down")).closest(
        '[role="alert"]',
      ) as HTMLElement
      expect(screen.queryByRole("switch", { name: "Weekly summary" })).toBeNull()
      up = true
      await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
      expect(await screen.findByRole("switch", { name: "Weekly summary" })).toBeTruthy()
    })
  })

  describe("change password", () => {
    it("checks length and match before sending, then says 'Password updated'", async () => {
      session()
      profileReads()
      let sent: unknown
      server.use(
        http.put(`*/api/users/${MEMBER.id}/password`, async ({ request }) => {
          sent = await request.json()
          return HttpResponse.json({ message: "Password updated" })
        }),
      )
      await openSettings()
      await userEvent.click(await screen.findByRole("button", { name: "Change Password" }))
      const dialog = await screen.findByRole("dialog", { name: "Change Password" })
      await userEvent.type(within(dialog).getByLabelText("Current password"), "old-password")
      await userEvent.type(within(dialog).getByLabelText("New password"), "short")
      await userEvent.type(within(dialog).getByLabelText("Confirm new password"), "short")
      await userEvent.click(within(dialog).getByRole("button", { name: "Update Password" }))
      expect(within(dialog).getByRole("alert").textContent).toContain("Password too short")

      await userEvent.clear(within(dialog).getByLabelText("New password"))
      await userEvent.type(within(dialog).getByLabelText("New password"), "long-enough-1")
      await userEvent.clear(within(dialog).getByLabelText("Confirm new password"))
      await userEvent.type(within(dialog).getByLabelText("Confirm new password"), "long-enough-2")
      await userEvent.click(within(dialog).getByRole("button", { name: "Update Password" }))
      expect(within(dialog).getByRole("alert").textContent).toContain("Passwords do not match")
      expect(sent).toBeUndefined()

      await userEvent.clear(within(dialog).getByLabelText("Confirm new password"))
      await userEvent.type(within(dialog).getByLabelText("Confirm new password"), "long-enough-1")
      await userEvent.click(within(dialog).getByRole("button", { name: "Update Password" }))
      expect(await screen.findByText("Password updated")).toBeTruthy()
      expect(sent).toEqual({ currentPassword: "old-password", newPassword: "long-enough-1" })
      expect(screen.queryByRole("dialog", { name: "Change Password" })).toBeNull()
    })

    it("shows the server's refusal in the dialog", async () => {
      session()
      profileReads()
      server.use(
        http.put(`*/api/users/${MEMBER.id}/password`, () =>
          HttpResponse.json(
            {
              code: "VALIDATION_FAILED",
              message: "currentPassword: Your password is incorrect",
              issues: [{ field: "currentPassword", message: "Your password is incorrect" }],
            },
            { status: 400 },
          ),
        ),
      )
      await openSettings()
      await userEvent.click(await screen.findByRole("button", { name: "Change Password" }))
      const dialog = await screen.findByRole("dialog", { name: "Change Password" })
      await userEvent.type(within(dialog).getByLabelText("Current password"), "nope-nope")
      await userEvent.type(within(dialog).getByLabelText("New password"), "long-enough-1")
      await userEvent.type(within(dialog).getByLabelText("Confirm new password"), "long-enough-1")
      await userEvent.click(within(dialog).getByRole("button", { name: "Update Password" }))
      // Without the field's name in front of the words meant for people.
      expect(await within(dialog).findByText("Your password is incorrect")).toBeTruthy()
      expect(within(dialog).queryByText(/currentPassword/)).toBeNull()
    })
  })

  describe("your data", () => {
    it("downloads the export from the API", async () => {
      session()
      profileReads()
      await openSettings()
      const link = await screen.findByRole("link", { name: "Download my data" })
      expect(link.getAttribute("href")).toBe(`/api/users/${MEMBER.id}/export`)
      expect(link.hasAttribute("download")).toBe(true)
    })

    it("deletes the account with the password, then signs out and goes home", async () => {
      // The home page's own calls are not this test's business.
      server.use(
        http.all("*/api/*", () => HttpResponse.json({ code: "X", message: "x" }, { status: 503 })),
      )
      const state = session()
      profileReads()
      const sent: Array<unknown> = []
      server.use(
        http.delete(`*/api/users/${MEMBER.id}`, async ({ request }) => {
          const body = (await request.json()) as { password?: string }
          sent.push(body)
          if (body.password !== "right-password") {
            // The server's own refusal: a validation failure naming the field.
            return HttpResponse.json(
              {
                code: "VALIDATION_FAILED",
                message: "password: Your password is incorrect",
                issues: [{ field: "password", message: "Your password is incorrect" }],
              },
              { status: 400 },
            )
          }
          state.signedOut = true
          return new HttpResponse(null, { status: 204 })
        }),
      )
      const { router } = renderRoute("/profile")
      await userEvent.click(await screen.findByRole("tab", { name: "Settings" }, { timeout: 5000 }))
      await userEvent.click(await screen.findByRole("button", { name: "Delete account" }))
      const dialog = await screen.findByRole("alertdialog", { name: "Delete your account?" })
      await userEvent.type(within(dialog).getByLabelText("Password"), "wrong-password")
      await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }))
      // The message as written for people, without the field's name in front.
      expect((await within(dialog).findByRole("alert")).textContent).toBe(
        "Your password is incorrect",
      )
      expect(state.signedOut).toBe(false)

      await userEvent.clear(within(dialog).getByLabelText("Password"))
      await userEvent.type(within(dialog).getByLabelText("Password"), "right-password")
      await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }))
      expect(await screen.findByText("Account deleted")).toBeTruthy()
      expect(sent).toEqual([{ password: "wrong-password" }, { password: "right-password" }])
      // Home is loaded on demand (its first import can be slow under test).
      const header = await screen.findByRole("banner", {}, { timeout: 10_000 })
      expect(
        await within(header).findByRole("button", { name: "Sign In" }, { timeout: 10_000 }),
      ).toBeTruthy()
      expect(within(header).queryByRole("link", { name: "Profile" })).toBeNull()
      expect(router.state.location.pathname).toBe("/")
      expect(router.state.location.search).toBe("")
    })
  })

  describe("subscription management", () => {
    it("shows the plan, its cost, the payment method on file and the billing link", async () => {
      session(aSubscription({ tier: "pro", remaining_submissions: 14 }))
      profileReads({
        billing: {
          records: [
            {
              id: "p2",
              date: "2026-11-01T10:00:00.000Z",
              amount: 9.99,
              currency: "usd",
              status: "failed",
              description: "Pro Plan",
              invoice_url: null,
              payment_method: "Visa •••• 0002",
              subscription_tier: "pro",
            },
            {
              id: "p1",
              date: "2026-10-01T10:00:00.000Z",
              amount: 9.99,
              currency: "usd",
              status: "paid",
              description: "Pro Plan",
              invoice_url: null,
              payment_method: "Visa •••• 4242",
              subscription_tier: "pro",
            },
          ],
          nextCursor: null,
        },
      })
      await openSettings()
      const card = (await screen.findByRole("heading", { name: "Subscription" }))
        .parentElement as HTMLElement
      const value = (label: string) =>
        within(card)
          .getAllByText(label)
          .find((element) => element.tagName === "DT")?.nextElementSibling?.textContent
      expect(value("Current plan")).toContain(PLANS.pro.name)
      expect(within(card).getByText("Active")).toBeTruthy()
      expect(value("Submissions left")).toBe("14")
      expect(value("Next billing")).toBe("Dec 1, 2026")
      expect(value("Monthly cost")).toBe("$9.99/month")
      expect(await within(card).findByText("Visa •••• 4242")).toBeTruthy()
      expect(
        within(card).getByRole("link", { name: "View Billing History" }).getAttribute("href"),
      ).toBe("/billing-history")
    })

    it("says when no payment method is on file, and offers no Cancel Plan on free", async () => {
      session(aSubscription({ tier: "free" }))
      profileReads()
      await openSettings()
      expect(await screen.findByText("No payment method on file")).toBeTruthy()
      expect(screen.getByText("No billing on the free plan")).toBeTruthy()
      expect(screen.queryByRole("button", { name: "Cancel Plan" })).toBeNull()
    })

    it("refuses to subscribe to the plan already held, and opens a checkout for another", async () => {
      session(aSubscription({ tier: "pro" }))
      profileReads()
      let sent: unknown
      server.use(
        http.post("*/api/stripe/subscription-session", async ({ request }) => {
          sent = await request.json()
          return HttpResponse.json({ sessionId: "cs_up", url: "/checkout/offline/cs_up" })
        }),
      )
      await openSettings()
      const pro = (await screen.findByRole("heading", { name: PLANS.pro.name, level: 3 })).closest(
        "article",
      ) as HTMLElement
      await userEvent.click(within(pro).getByRole("button", { name: "Current Plan" }))
      expect(await screen.findByText("Already subscribed")).toBeTruthy()
      expect(screen.getByText(`You are already on the ${PLANS.pro.name} plan.`)).toBeTruthy()
      expect(sent).toBeUndefined()

      await userEvent.click(
        screen.getByRole("button", { name: `Subscribe to ${PLANS.champ.name}` }),
      )
      await waitFor(() => expect(goTo).toHaveBeenCalledWith("/checkout/offline/cs_up"))
      expect(sent).toMatchObject({ planTier: "champ" })
    })

    it("cancels a paid plan after confirmation", async () => {
      session(aSubscription({ tier: "pro", remaining_submissions: 14 }))
      profileReads()
      const cancel = vi.fn()
      server.use(
        http.post("*/api/subscription/cancel", () => {
          cancel()
          return HttpResponse.json({
            subscription: aSubscription({ tier: "free", remaining_submissions: 2 }),
          })
        }),
      )
      await openSettings()
      await userEvent.click(await screen.findByRole("button", { name: "Cancel Plan" }))
      const dialog = await screen.findByRole("alertdialog", {
        name: `Cancel your ${PLANS.pro.name} plan?`,
      })
      await userEvent.click(within(dialog).getByRole("button", { name: "Keep my plan" }))
      expect(cancel).not.toHaveBeenCalled()

      await userEvent.click(screen.getByRole("button", { name: "Cancel Plan" }))
      await userEvent.click(
        within(await screen.findByRole("alertdialog")).getByRole("button", {
          name: "Yes, cancel my plan",
        }),
      )
      expect(await screen.findByText("Plan cancelled")).toBeTruthy()
      expect(cancel).toHaveBeenCalledTimes(1)
      expect(screen.queryByRole("button", { name: "Cancel Plan" })).toBeNull()
      expect(screen.queryByRole("region", { name: "Your subscription" })).toBeNull()
    })
  })
})
