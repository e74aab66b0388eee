import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import type { MemberDetail } from "../../api/admin-types.ts"
import {
  anAdminMember,
  aSubscription,
  refusal,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

const ADMIN_ID = "99999999-9999-4999-8999-999999999999"
const GRACE = anAdminMember()

const detail = (): MemberDetail => ({
  member: GRACE,
  subscription: aSubscription({ tier: "free", remaining_submissions: 1 }),
  entries: [],
  votesGiven: [],
  payments: [],
  badges: [],
})

/** The member's page, with their two-factor sign-in on (3 codes left) until a reset. */
const answerTwoFactor = (enabled = true) => {
  let on = enabled
  const resets: Array<string> = []
  server.use(
    http.get(`*/api/admin/members/${GRACE.id}`, () => HttpResponse.json(detail())),
    http.get(`*/api/admin/members/${GRACE.id}/two-factor`, () =>
      HttpResponse.json({ enabled: on, recoveryCodesLeft: on ? 3 : 0 }),
    ),
    http.delete(`*/api/admin/members/${GRACE.id}/two-factor`, ({ request }) => {
      resets.push(new URL(request.url).pathname)
      if (!on) return refusal(409, "TWO_FACTOR_NOT_ON", "Two-factor sign-in is not on")
      on = false
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return resets
}

describe("a member's two-factor sign-in on their page (issue 24)", () => {
  it("resets it after a confirmation that says what it does; Go back changes nothing", async () => {
    signedInAsAdmin()
    const resets = answerTwoFactor()
    renderAdmin(`/admin/members/${GRACE.id}`)
    await userEvent.click(await screen.findByRole("button", { name: "Reset two-factor sign-in" }))
    let dialog = await screen.findByRole("alertdialog", {
      name: "Reset grace's two-factor sign-in?",
    })
    expect(within(dialog).getByText(/its 3 recovery codes left stop working/)).toBeTruthy()
    await userEvent.click(within(dialog).getByRole("button", { name: "Go back" }))
    expect(resets).toEqual([])

    await userEvent.click(screen.getByRole("button", { name: "Reset two-factor sign-in" }))
    dialog = await screen.findByRole("alertdialog", { name: "Reset grace's two-factor sign-in?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Reset two-factor sign-in" }))
    expect(await screen.findByText("Two-factor sign-in reset")).toBeTruthy()
    expect(resets).toEqual([`/api/admin/members/${GRACE.id}/two-factor`])
    expect(await screen.findByText("Two-factor sign-in is off")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Reset two-factor sign-in" })).toBeNull()
  })

  it("offers no reset when it is off", async () => {
    signedInAsAdmin()
    answerTwoFactor(false)
    renderAdmin(`/admin/members/${GRACE.id}`)
    expect(await screen.findByText("Two-factor sign-in is off")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Reset two-factor sign-in" })).toBeNull()
  })

  it("shows the server's refusal inside the dialog", async () => {
    signedInAsAdmin()
    answerTwoFactor()
    server.use(
      http.delete(`*/api/admin/members/${GRACE.id}/two-factor`, () =>
        refusal(409, "TWO_FACTOR_NOT_ON", "Two-factor sign-in is not on"),
      ),
    )
    renderAdmin(`/admin/members/${GRACE.id}`)
    await userEvent.click(await screen.findByRole("button", { name: "Reset two-factor sign-in" }))
    const dialog = await screen.findByRole("alertdialog")
    await userEvent.click(within(dialog).getByRole("button", { name: "Reset two-factor sign-in" }))
    expect(await within(dialog).findByText("Two-factor sign-in is not on")).toBeTruthy()
  })

  it("is worded in the admin's language: German", async () => {
    signedInAsAdmin()
    answerTwoFactor()
    server.use(
      http.get(`*/api/users/${ADMIN_ID}/settings`, () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "de" }),
      ),
    )
    renderAdmin(`/admin/members/${GRACE.id}`)
    // The German catalogs are compiled on first use: slow on a busy machine.
    const reset = await screen.findByRole(
      "button",
      { name: "Zwei-Faktor-Anmeldung zurücksetzen" },
      { timeout: 15_000 },
    )
    await userEvent.click(reset)
    const dialog = await screen.findByRole("alertdialog", {
      name: "Zwei-Faktor-Anmeldung von grace zurücksetzen?",
    })
    expect(
      within(dialog).getByText(/die 3 verbleibenden Wiederherstellungscodes werden ungültig/),
    ).toBeTruthy()
    await waitFor(() => expect(screen.queryByText("Reset two-factor sign-in")).toBeNull())
  })
})
