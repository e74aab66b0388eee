import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"
import type { AdminMember, MemberDetail } from "../../api/admin-types.ts"
import {
  anAdminEntry,
  anAdminMember,
  aSubscription,
  held,
  page,
  refusal,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

const GRACE = anAdminMember()

describe("the members list", () => {
  it("shows the loading state, then the members with their plan and status", async () => {
    signedInAsAdmin()
    const answer = held()
    server.use(
      http.get("*/api/admin/members", async () => {
        await answer.until
        return HttpResponse.json(
          page([
            GRACE,
            anAdminMember({
              id: "m2",
              username: "alan",
              email: "alan@example.com",
              isAdmin: true,
              suspendedAt: "2026-11-20T10:00:00.000Z",
              tier: "pro",
            }),
          ]),
        )
      }),
    )
    renderAdmin("/admin/members")
    expect(await screen.findByText("Loading members…")).toBeTruthy()
    answer.release()
    const table = await screen.findByRole("table", { name: "Members" })
    const alan = within(table).getByRole("link", { name: "alan" }).closest("tr")
    if (!alan) throw new Error("no row")
    expect(within(alan).getByText("Admin")).toBeTruthy()
    expect(within(alan).getByText("Suspended")).toBeTruthy()
    expect(within(alan).getByText("pro")).toBeTruthy()
    expect(within(alan).queryByText("Active")).toBeNull()
    // A plain member's status is said in words, not left blank.
    const grace = within(table).getByRole("link", { name: "grace" }).closest("tr")
    expect(within(grace ?? table).getByText("Active")).toBeTruthy()
    expect(within(table).getByRole("link", { name: "grace" }).getAttribute("href")).toBe(
      `/admin/members/${GRACE.id}`,
    )
  })

  it("searches through the URL and says when nobody matches", async () => {
    signedInAsAdmin()
    const asked: string[] = []
    server.use(
      http.get("*/api/admin/members", ({ request }) => {
        const q = new URL(request.url).searchParams.get("q")
        asked.push(q ?? "")
        return HttpResponse.json(page(q ? [] : [GRACE]))
      }),
    )
    const { router } = renderAdmin("/admin/members")
    await screen.findByRole("link", { name: "grace" })
    await userEvent.type(screen.getByLabelText("Search members"), "nobody@example.com")
    await userEvent.click(screen.getByRole("button", { name: "Search" }))
    expect(await screen.findByText("No members match “nobody@example.com”")).toBeTruthy()
    expect(router.state.location.search).toBe("?q=nobody%40example.com")
    expect(asked).toEqual(["", "nobody@example.com"])
  })

  it("shows the error with Try again", async () => {
    signedInAsAdmin()
    let fail = true
    server.use(
      http.get("*/api/admin/members", () =>
        fail ? refusal(500, "INTERNAL", "Database down") : HttpResponse.json(page([GRACE])),
      ),
    )
    renderAdmin("/admin/members")
    const alert = await screen.findByRole("alert")
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("link", { name: "grace" })).toBeTruthy()
  })
})

const aDetail = (
  member: AdminMember = GRACE,
  overrides: Partial<MemberDetail> = {},
): MemberDetail => ({
  member,
  subscription: aSubscription({ tier: "lite", remaining_submissions: 3 }),
  entries: [
    anAdminEntry({
      contestName: "Owl at Midnight",
      moderation: "hidden",
      moderationReason: "Traced from a photo",
    }),
  ],
  votesGiven: [{ entryId: "e9", contestId: "c1", weight: 1.5, at: "2026-11-23T12:00:00.000Z" }],
  payments: [
    {
      id: "p1",
      date: "2026-11-01T10:00:00.000Z",
      amount: 4.99,
      currency: "usd",
      status: "paid",
      description: "Lite Plan",
      invoice_url: null,
      payment_method: null,
      subscription_tier: "lite",
    },
  ],
  badges: [],
  ...overrides,
})

describe("one member", () => {
  /** GET and the two actions on the member, answered from a member record that changes. */
  const answerMember = (start: AdminMember = GRACE) => {
    let member = start
    const bodies: { path: string; body: unknown }[] = []
    server.use(
      http.get(`*/api/admin/members/${start.id}`, () => HttpResponse.json(aDetail(member))),
      http.post(`*/api/admin/members/${start.id}/suspension`, async ({ request }) => {
        const body = (await request.json()) as { suspended: boolean }
        bodies.push({ path: "suspension", body })
        member = { ...member, suspendedAt: body.suspended ? "2026-11-24T09:00:00.000Z" : null }
        return HttpResponse.json(member)
      }),
      http.post(`*/api/admin/members/${start.id}/admin`, async ({ request }) => {
        const body = (await request.json()) as { isAdmin: boolean }
        bodies.push({ path: "admin", body })
        member = { ...member, isAdmin: body.isAdmin }
        return HttpResponse.json(member)
      }),
      http.post(`*/api/admin/members/${start.id}/judge`, async ({ request }) => {
        const body = (await request.json()) as { isJudge: boolean }
        bodies.push({ path: "judge", body })
        member = { ...member, isJudge: body.isJudge }
        return HttpResponse.json(member)
      }),
    )
    return bodies
  }

  it("shows the loading state, then the member's entries, votes, payments and badges", async () => {
    signedInAsAdmin()
    const answer = held()
    server.use(
      http.get(`*/api/admin/members/${GRACE.id}`, async () => {
        await answer.until
        return HttpResponse.json(aDetail())
      }),
    )
    renderAdmin(`/admin/members/${GRACE.id}`)
    expect(await screen.findByText("Loading the member…")).toBeTruthy()
    answer.release()
    expect(await screen.findByRole("heading", { name: "grace" })).toBeTruthy()
    const entries = screen.getByRole("table", { name: "Entries" })
    expect(within(entries).getByRole("link", { name: "Owl at Midnight" })).toBeTruthy()
    expect(within(entries).getByText("Hidden")).toBeTruthy()
    expect(within(entries).getByText("Traced from a photo")).toBeTruthy()
    expect(within(screen.getByRole("table", { name: "Votes given" })).getByText("1.5")).toBeTruthy()
    const payments = screen.getByRole("table", { name: "Payments" })
    expect(within(payments).getByText("$4.99")).toBeTruthy()
    expect(within(payments).getByText("Lite Plan")).toBeTruthy()
    expect(within(payments).getByText("Paid")).toBeTruthy()
    expect(screen.getByText("No badges yet.")).toBeTruthy()
  })

  it("says what is empty, and retries after an error", async () => {
    signedInAsAdmin()
    let fail = true
    server.use(
      http.get(`*/api/admin/members/${GRACE.id}`, () =>
        fail
          ? refusal(404, "NOT_FOUND", "No such member")
          : HttpResponse.json(aDetail(GRACE, { entries: [], votesGiven: [], payments: [] })),
      ),
    )
    renderAdmin(`/admin/members/${GRACE.id}`)
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("No such member")).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByText("No entries yet.")).toBeTruthy()
    expect(screen.getByText("No votes given yet.")).toBeTruthy()
    expect(screen.getByText("No payments.")).toBeTruthy()
  })

  it("suspends after a confirmation with the reason, then lifts the suspension", async () => {
    signedInAsAdmin()
    const bodies = answerMember()
    renderAdmin(`/admin/members/${GRACE.id}`)
    await userEvent.click(await screen.findByRole("button", { name: "Suspend" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Suspend grace?" })
    await userEvent.type(within(dialog).getByLabelText("Reason (optional)"), "Spam entries")
    await userEvent.click(within(dialog).getByRole("button", { name: "Suspend member" }))
    expect(await screen.findByText("Member suspended")).toBeTruthy()
    expect(bodies).toEqual([
      { path: "suspension", body: { suspended: true, reason: "Spam entries" } },
    ])
    expect(await screen.findByText("Suspended")).toBeTruthy()

    await userEvent.click(screen.getByRole("button", { name: "Lift suspension" }))
    expect(await screen.findByText("Suspension lifted")).toBeTruthy()
    expect(bodies.at(-1)).toEqual({ path: "suspension", body: { suspended: false } })
    await waitFor(() => expect(screen.queryByText("Suspended")).toBeNull())
    expect(screen.getByRole("button", { name: "Suspend" })).toBeTruthy()
  })

  it("makes a member an admin and removes it again, each after a confirmation", async () => {
    signedInAsAdmin()
    const bodies = answerMember()
    renderAdmin(`/admin/members/${GRACE.id}`)
    await userEvent.click(await screen.findByRole("button", { name: "Make admin" }))
    let dialog = await screen.findByRole("alertdialog", { name: "Make grace an admin?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Make admin" }))
    expect(await screen.findByText("Admin added")).toBeTruthy()
    expect(bodies).toEqual([{ path: "admin", body: { isAdmin: true } }])

    await userEvent.click(await screen.findByRole("button", { name: "Remove admin" }))
    dialog = await screen.findByRole("alertdialog", { name: "Remove grace's admin rights?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Go back" }))
    expect(bodies).toHaveLength(1)
    await userEvent.click(screen.getByRole("button", { name: "Remove admin" }))
    dialog = await screen.findByRole("alertdialog", { name: "Remove grace's admin rights?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove admin" }))
    expect(await screen.findByText("Admin removed")).toBeTruthy()
    expect(bodies.at(-1)).toEqual({ path: "admin", body: { isAdmin: false } })
    expect(await screen.findByRole("button", { name: "Make admin" })).toBeTruthy()
  })

  it("makes a member a judge and removes it again, each after a confirmation", async () => {
    signedInAsAdmin()
    const bodies = answerMember()
    renderAdmin(`/admin/members/${GRACE.id}`)
    await userEvent.click(await screen.findByRole("button", { name: "Make judge" }))
    let dialog = await screen.findByRole("alertdialog", { name: "Make grace a judge?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Make judge" }))
    expect(await screen.findByText("Judge added")).toBeTruthy()
    expect(bodies).toEqual([{ path: "judge", body: { isJudge: true } }])
    expect(await screen.findByText("Judge")).toBeTruthy()

    await userEvent.click(await screen.findByRole("button", { name: "Remove judge" }))
    dialog = await screen.findByRole("alertdialog", { name: "Remove grace's judge role?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove judge" }))
    expect(await screen.findByText("Judge removed")).toBeTruthy()
    expect(bodies.at(-1)).toEqual({ path: "judge", body: { isJudge: false } })
    expect(await screen.findByRole("button", { name: "Make judge" })).toBeTruthy()
  })

  it("does not offer an admin to remove their own rights; the server's refusal is shown otherwise", async () => {
    const me = anAdminMember({
      id: "99999999-9999-4999-8999-999999999999",
      username: "root",
      isAdmin: true,
    })
    signedInAsAdmin()
    answerMember(me)
    renderAdmin(`/admin/members/${me.id}`)
    const remove = await screen.findByRole("button", { name: "Remove admin" })
    expect((remove as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText("You cannot remove your own admin rights.")).toBeTruthy()
  })

  it("shows a refused admin change inside the dialog", async () => {
    const other = anAdminMember({ isAdmin: true })
    signedInAsAdmin()
    server.use(
      http.get(`*/api/admin/members/${other.id}`, () => HttpResponse.json(aDetail(other))),
      http.post(`*/api/admin/members/${other.id}/admin`, () =>
        refusal(409, "SELF_DEMOTION", "An admin cannot remove their own admin flag"),
      ),
    )
    renderAdmin(`/admin/members/${other.id}`)
    await userEvent.click(await screen.findByRole("button", { name: "Remove admin" }))
    const dialog = await screen.findByRole("alertdialog")
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove admin" }))
    expect(
      await within(dialog).findByText("An admin cannot remove their own admin flag"),
    ).toBeTruthy()
  })
})

describe("one member in the admin's language (issue 22)", () => {
  const withBadgeAndRefund = aDetail(GRACE, {
    payments: [
      {
        id: "p2",
        date: "2026-11-02T10:00:00.000Z",
        amount: 2.99,
        currency: "usd",
        status: "refunded",
        description: "Extra entry",
        invoice_url: null,
        payment_method: null,
        subscription_tier: null,
      },
    ],
    badges: [
      {
        _id: "hat-trick",
        id: "hat-trick",
        name: "Hat Trick",
        description: "Win 3 contests in a row",
        earnedAt: "2026-11-24T01:00:00.000Z",
        type: "win",
        icon: "Crown",
        iconColor: "text-purple-500",
      },
    ],
  })

  it("says a payment's status and a badge's name in English as the spec words them", async () => {
    signedInAsAdmin()
    server.use(
      http.get(`*/api/admin/members/${GRACE.id}`, () => HttpResponse.json(withBadgeAndRefund)),
      http.get(`*/api/admin/members/${GRACE.id}/two-factor`, () =>
        HttpResponse.json({ enabled: false, recoveryCodesLeft: 0 }),
      ),
    )
    renderAdmin(`/admin/members/${GRACE.id}`)
    const payments = await screen.findByRole("table", { name: "Payments" })
    expect(within(payments).getByText("Refunded")).toBeTruthy()
    expect(within(payments).getByText("Extra entry")).toBeTruthy()
    expect(screen.getByText("Hat Trick")).toBeTruthy()
  })

  it("says them in German, by the status and the badge's id, not the API's English", async () => {
    await activateLanguage("de")
    signedInAsAdmin()
    server.use(
      // The admin's own setting, which the dashboard follows (signedInAsAdmin's id).
      http.get("*/api/users/99999999-9999-4999-8999-999999999999/settings", () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "de" }),
      ),
      http.get(`*/api/admin/members/${GRACE.id}`, () => HttpResponse.json(withBadgeAndRefund)),
      http.get(`*/api/admin/members/${GRACE.id}/two-factor`, () =>
        HttpResponse.json({ enabled: false, recoveryCodesLeft: 0 }),
      ),
    )
    renderAdmin(`/admin/members/${GRACE.id}`)
    const payments = await screen.findByRole("table", { name: "Zahlungen" })
    expect(within(payments).getByText("Erstattet")).toBeTruthy()
    expect(within(payments).queryByText(/refunded/i)).toBeNull()
    expect(within(payments).getByText("Zusätzlicher Beitrag")).toBeTruthy()
    expect(screen.getByText("Hattrick")).toBeTruthy()
    expect(screen.queryByText("Hat Trick")).toBeNull()
  })
})
