import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

beforeAll(() => configure({ asyncUtilTimeout: 5000 }))

const MEMBER = aMember()

const aRequest = (overrides: Record<string, unknown> = {}) => ({
  id: "r1",
  brief: "A fox reading under a street lamp",
  reference: null,
  status: "open",
  declineReason: null,
  contestId: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...overrides,
})

/** What the profile reads besides the requests. */
const profileReads = () =>
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
    http.get(`*/api/users/${MEMBER.id}/settings`, () => HttpResponse.json(DEFAULT_SETTINGS)),
    http.get("*/api/billing/history", () => HttpResponse.json({ records: [], nextCursor: null })),
  )

const card = async () =>
  (await screen.findByRole("heading", { name: "Custom line art requests" })).closest(
    "section",
  ) as HTMLElement

describe("profile: custom line art requests", () => {
  it("a Champ files a brief with a reference picture and sees it waiting", async () => {
    let requests = [] as Array<ReturnType<typeof aRequest>>
    let sent: string | null = null
    signedInAs(MEMBER, aSubscription({ tier: "champ", unlimited: true }))
    profileReads()
    server.use(
      http.get("*/api/line-art-requests", () =>
        HttpResponse.json({
          canRequest: requests.length === 0,
          unlockedBy: "Color Champ",
          requests,
        }),
      ),
      http.post("*/api/line-art-requests", async ({ request }) => {
        // Read as text: undici's multipart parser refuses jsdom's File.
        sent = await request.text()
        requests = [aRequest({ brief: "A fox reading under a street lamp" })]
        return HttpResponse.json(requests[0], { status: 201 })
      }),
    )
    renderRoute("/profile")
    const requestsCard = await card()
    const brief = await within(requestsCard).findByLabelText("What should the page show?")
    await userEvent.type(brief, "A fox")
    await userEvent.click(within(requestsCard).getByRole("button", { name: "Send request" }))
    expect(within(requestsCard).getByText(/at least 10 characters/)).toBeTruthy()
    expect(sent).toBeNull()

    await userEvent.type(brief, " reading under a street lamp")
    await userEvent.upload(
      within(requestsCard).getByLabelText("Reference picture (optional)"),
      new File(["jpeg-bytes"], "fox.jpg", { type: "image/jpeg" }),
    )
    await userEvent.click(within(requestsCard).getByRole("button", { name: "Send request" }))
    await waitFor(() => expect(sent).not.toBeNull())
    const body = String(sent)
    expect(body).toMatch(/name="brief"\r\n\r\nA fox reading under a street lamp\r\n/)
    expect(body).toContain('name="reference"; filename="fox.jpg"')
    expect(body).toContain("jpeg-bytes")
    const list = await within(requestsCard).findByRole("list", { name: "Your requests" })
    expect(within(list).getByText("Waiting for review")).toBeTruthy()
    expect(within(requestsCard).queryByRole("button", { name: "Send request" })).toBeNull()
    expect(within(requestsCard).getByText(/you can send a new one once/)).toBeTruthy()
  })

  it("shows the server's refusal of a brief at its field", async () => {
    signedInAs(MEMBER, aSubscription({ tier: "champ", unlimited: true }))
    profileReads()
    server.use(
      http.get("*/api/line-art-requests", () =>
        HttpResponse.json({ canRequest: true, unlockedBy: "Color Champ", requests: [] }),
      ),
      http.post("*/api/line-art-requests", () =>
        HttpResponse.json(
          {
            code: "VALIDATION_FAILED",
            message: "brief: A brief has at most 1000 characters (1001 given)",
            issues: [
              { field: "brief", message: "A brief has at most 1000 characters (1001 given)" },
            ],
          },
          { status: 400 },
        ),
      ),
    )
    renderRoute("/profile")
    const requestsCard = await card()
    await userEvent.type(
      await within(requestsCard).findByLabelText("What should the page show?"),
      "A lighthouse in a storm",
    )
    await userEvent.click(within(requestsCard).getByRole("button", { name: "Send request" }))
    expect(
      await within(requestsCard).findByText("A brief has at most 1000 characters (1001 given)"),
    ).toBeTruthy()
  })

  it("shows each request's outcome: the reason of a decline, the contest of a fulfilled one", async () => {
    signedInAs(MEMBER, aSubscription({ tier: "champ", unlimited: true }))
    profileReads()
    server.use(
      http.get("*/api/line-art-requests", () =>
        HttpResponse.json({
          canRequest: true,
          unlockedBy: "Color Champ",
          requests: [
            aRequest({ id: "r2", status: "fulfilled", contestId: "c-fox" }),
            aRequest({ id: "r1", status: "declined", declineReason: "We drew a fox last week" }),
          ],
        }),
      ),
    )
    renderRoute("/profile")
    const list = await within(await card()).findByRole("list", { name: "Your requests" })
    expect(within(list).getByText("Fulfilled")).toBeTruthy()
    expect(
      within(list)
        .getByRole("link", { name: "See the contest with your page" })
        .getAttribute("href"),
    ).toBe("/contests/c-fox")
    expect(within(list).getByText("Declined")).toBeTruthy()
    expect(within(list).getByText("Reason: We drew a fox last week")).toBeTruthy()
  })

  it("tells a member without Color Champ where to get it, with no form", async () => {
    signedInAs(MEMBER, aSubscription({ tier: "pro" }))
    profileReads()
    server.use(
      http.get("*/api/line-art-requests", () =>
        HttpResponse.json({ canRequest: false, unlockedBy: "Color Champ", requests: [] }),
      ),
    )
    renderRoute("/profile")
    const requestsCard = await card()
    expect(
      await within(requestsCard).findByText(/Custom line art requests come with Color Champ/),
    ).toBeTruthy()
    expect(
      within(requestsCard).getByRole("link", { name: "See Color Champ" }).getAttribute("href"),
    ).toBe("/pricing")
    expect(within(requestsCard).queryByRole("button", { name: "Send request" })).toBeNull()
  })
})
