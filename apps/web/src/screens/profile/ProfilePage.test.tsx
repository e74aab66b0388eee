import { configure, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { BADGES } from "../../../../../domain/badges/badges.ts"
import { PLANS } from "../../../../../domain/plans/plans.ts"
import type { Badge, Entry, MemberStats } from "../../api/types.ts"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { badgeAnswer, entryAnswer } from "../../test/answers.ts"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

const MEMBER = aMember({ createdDate: "2026-03-14T10:00:00.000Z" })

const STATS: MemberStats = {
  totalSubmissions: 12,
  totalVotes: 87,
  winCount: 3,
  contestsParticipated: 9,
}

const anEntry = (overrides: Partial<Entry> = {}): Entry =>
  entryAnswer({
    id: "e1",
    userId: MEMBER.id,
    username: MEMBER.username,
    challenge_id: "c1",
    imageUrl: "/images/e1.webp",
    thumbnailUrl: "/images/e1-thumb.webp",
    ageGroup: "adult",
    contestType: "traditional",
    status: "submitted",
    voteCount: 5,
    weightedScore: 7.5,
    createdAt: "2026-10-14T12:00:00.000Z",
    contestName: "Autumn Leaves",
    placement: null,
    peoplesChoice: false,
    artistUsername: MEMBER.username,
    ...overrides,
  })

const aBadge = (id: keyof typeof BADGES, earnedAt: string): Badge => {
  const badge = BADGES[id]
  return badgeAnswer({ ...badge, earnedAt })
}

const withStats = (answer: () => Response = () => HttpResponse.json(STATS)) =>
  server.use(http.get("*/api/users/user-stats/user", answer))

const withEntries = (answer: () => Response | Promise<Response>) =>
  server.use(http.get(`*/api/submissions/user/${MEMBER.id}`, answer))

const openTab = async (name: string) => userEvent.click(await screen.findByRole("tab", { name }))

describe("the profile page", () => {
  it("shows the header with member-since date, counters, plan and the subscription box", async () => {
    signedInAs(MEMBER, aSubscription({ tier: "pro", remaining_submissions: 17 }))
    withStats()
    withEntries(() => HttpResponse.json([]))
    renderRoute("/profile")
    expect(await screen.findByRole("heading", { level: 1, name: "ada" })).toBeTruthy()
    expect(screen.getByText("Member since March 2026")).toBeTruthy()
    expect(await screen.findByText("3 wins")).toBeTruthy()
    expect(screen.getByText("12 submissions")).toBeTruthy()
    expect(screen.getByText("AL")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Enter Today's Contest" }).getAttribute("href")).toBe(
      "/",
    )
    const box = screen.getByRole("region", { name: "Your subscription" })
    expect(within(box).getByText(PLANS.pro.name)).toBeTruthy()
    expect(within(box).getByText("17")).toBeTruthy()
    expect(within(box).getByText("Dec 1, 2026")).toBeTruthy()
    expect(within(box).getByRole("link", { name: "Upgrade plan" }).getAttribute("href")).toBe(
      "/pricing",
    )
  })

  it("shows no subscription box to a free member, and Unlimited to a champion", async () => {
    signedInAs(MEMBER, aSubscription({ tier: "free" }))
    withStats()
    withEntries(() => HttpResponse.json([]))
    const first = renderRoute("/profile")
    expect(await screen.findByText(PLANS.free.name)).toBeTruthy()
    expect(screen.queryByRole("region", { name: "Your subscription" })).toBeNull()
    first.unmount()

    signedInAs(
      MEMBER,
      aSubscription({ tier: "champ", unlimited: true, remaining_submissions: 999 }),
    )
    renderRoute("/profile")
    const box = await screen.findByRole("region", { name: "Your subscription" })
    expect(within(box).getByText("Unlimited")).toBeTruthy()
  })

  describe("Submissions tab", () => {
    it("shows 'Loading submissions...' first", async () => {
      signedInAs(MEMBER)
      withStats()
      withEntries(() => new Promise<never>(() => {}))
      renderRoute("/profile")
      expect(await screen.findByText("Loading submissions...")).toBeTruthy()
      expect(screen.getByRole("tab", { name: "Submissions" }).getAttribute("aria-selected")).toBe(
        "true",
      )
    })

    it("shows the member's entries with title, date, votes and a moderator's action", async () => {
      signedInAs(MEMBER)
      withStats()
      withEntries(() =>
        HttpResponse.json([
          anEntry(),
          anEntry({
            id: "e2",
            contestName: undefined,
            thumbnailUrl: null,
            imageUrl: "/images/e2.webp",
            voteCount: 1,
            status: "hidden",
            moderationReason: "The photo shows a different page",
          }),
        ]),
      )
      renderRoute("/profile")
      const list = await screen.findByRole("list", { name: "Your submissions" })
      const [first, second] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement]
      expect(within(first).getByRole("heading", { name: "Autumn Leaves" })).toBeTruthy()
      expect(within(first).getByText("Oct 14, 2026")).toBeTruthy()
      // Raw votes and the weighted score, each labelled.
      const number = (card: HTMLElement, label: string) =>
        within(card).getByText(label, { selector: "dt" }).nextElementSibling?.textContent
      expect(number(first, "Votes")).toBe("5")
      expect(number(first, "Score")).toBe("7.5")
      expect(within(first).queryByRole("list", { name: "Awards" })).toBeNull()
      expect(within(first).getByRole("img").getAttribute("src")).toBe("/images/e1-thumb.webp")
      expect(within(first).queryByText("Hidden by a moderator")).toBeNull()
      expect(within(second).getByRole("heading", { name: "Daily Contest" })).toBeTruthy()
      expect(number(second, "Votes")).toBe("1")
      expect(within(second).getByRole("img").getAttribute("src")).toBe("/images/e2.webp")
      expect(within(second).getByText("Hidden by a moderator")).toBeTruthy()
      expect(within(second).getByText("Reason: The photo shows a different page")).toBeTruthy()
    })

    it("carries the ribbons of an entry that placed", async () => {
      signedInAs(MEMBER)
      withStats()
      withEntries(() => HttpResponse.json([anEntry({ placement: 1, peoplesChoice: true })]))
      renderRoute("/profile")
      const title = await screen.findByRole("heading", { name: "Autumn Leaves" })
      const card = title.closest("li") as HTMLElement
      const awards = within(card).getByRole("list", { name: "Awards" })
      expect(
        within(awards)
          .getAllByRole("listitem")
          .map((ribbon) => ribbon.textContent),
      ).toEqual(["1st place", "People's Choice"])
    })

    it("says which entries were in a cancelled contest", async () => {
      signedInAs(MEMBER)
      withStats()
      withEntries(() =>
        HttpResponse.json([
          anEntry({ id: "e1", contestCancelled: true }),
          anEntry({ id: "e2", contestName: "Koi Pond", contestCancelled: false }),
        ]),
      )
      renderRoute("/profile")
      const cancelled = (await screen.findByRole("heading", { name: "Autumn Leaves" })).closest(
        "li",
      ) as HTMLElement
      expect(within(cancelled).getByText("Contest cancelled")).toBeTruthy()
      expect(within(cancelled).getByText("Entering it cost you nothing", { exact: false }))
      expect(
        within(cancelled).getByRole("link", { name: "Billing history" }).getAttribute("href"),
      ).toBe("/billing-history")
      const running = screen.getByRole("heading", { name: "Koi Pond" }).closest("li") as HTMLElement
      expect(within(running).queryByText("Contest cancelled")).toBeNull()
    })

    it("offers today's contest when there are no entries", async () => {
      signedInAs(MEMBER)
      withStats()
      withEntries(() => HttpResponse.json([]))
      renderRoute("/profile")
      expect(await screen.findByText("No submissions yet")).toBeTruthy()
      expect(screen.getByRole("link", { name: "Join today's contest" }).getAttribute("href")).toBe(
        "/",
      )
    })

    it("shows an error with a retry", async () => {
      signedInAs(MEMBER)
      withStats()
      let calls = 0
      withEntries(() => {
        calls += 1
        return calls === 1
          ? HttpResponse.json({ code: "INTERNAL", message: "Entries unavailable" }, { status: 500 })
          : HttpResponse.json([anEntry()])
      })
      renderRoute("/profile")
      const alert = await screen.findByRole("alert")
      expect(within(alert).getByText("Entries unavailable")).toBeTruthy()
      await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
      expect(await screen.findByRole("heading", { name: "Autumn Leaves" })).toBeTruthy()
    })
  })

  describe("Achievements tab", () => {
    it("shows the four counters and the badges earned", async () => {
      signedInAs(MEMBER)
      withStats()
      withEntries(() => HttpResponse.json([]))
      server.use(
        http.get(`*/api/badges/user/${MEMBER.id}`, () =>
          HttpResponse.json([
            aBadge("first-win", "2026-05-02T12:00:00.000Z"),
            aBadge("community-favorite", "2026-09-20T12:00:00.000Z"),
          ]),
        ),
      )
      renderRoute("/profile")
      await openTab("Achievements")
      const counter = (label: string) =>
        screen.getByText(label).nextElementSibling?.textContent ?? null
      await screen.findByText("Total Submissions")
      expect(counter("Total Submissions")).toBe("12")
      expect(counter("Contests Entered")).toBe("9")
      expect(counter("Contest Wins")).toBe("3")
      expect(counter("Total Votes Received")).toBe("87")
      const badges = await screen.findByRole("list", { name: "Your badges" })
      const win = within(badges).getByRole("heading", { name: "First Win" }).closest("li")
      expect(win?.textContent).toContain(BADGES["first-win"].description)
      expect(win?.textContent).toContain("May 2, 2026")
      expect(win?.querySelector('svg[data-icon="Trophy"]')?.getAttribute("class")).toContain(
        BADGES["first-win"].iconColor,
      )
      expect(within(badges).getByRole("heading", { name: "Community Favorite" })).toBeTruthy()
    })

    it("says so when no badge is earned yet", async () => {
      signedInAs(MEMBER)
      withStats()
      withEntries(() => HttpResponse.json([]))
      server.use(http.get(`*/api/badges/user/${MEMBER.id}`, () => HttpResponse.json([])))
      renderRoute("/profile")
      await openTab("Achievements")
      expect(await screen.findByText("No achievements yet")).toBeTruthy()
    })

    it("shows errors with a retry for the counters and the badges", async () => {
      signedInAs(MEMBER)
      let statsUp = false
      withStats(() =>
        statsUp
          ? HttpResponse.json(STATS)
          : HttpResponse.json({ code: "INTERNAL", message: "Stats down" }, { status: 500 }),
      )
      withEntries(() => HttpResponse.json([]))
      server.use(
        http.get(`*/api/badges/user/${MEMBER.id}`, () =>
          HttpResponse.json({ code: "INTERNAL", message: "Badges down" }, { status: 500 }),
        ),
      )
      renderRoute("/profile")
      await openTab("Achievements")
      const alerts = await screen.findAllByRole("alert")
      expect(alerts.map((alert) => alert.textContent).join(" ")).toContain("Badges down")
      const statsAlert = (await screen.findByText("Stats down")).closest(
        '[role="alert"]',
      ) as HTMLElement
      statsUp = true
      await userEvent.click(within(statsAlert).getByRole("button", { name: "Try again" }))
      expect(await screen.findByText("Contest Wins")).toBeTruthy()
    })
  })
})
