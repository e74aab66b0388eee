import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it, vi } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import type { Member, PublicArtist } from "../../api/types.ts"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 })
  URL.createObjectURL = vi.fn(() => "blob:avatar-preview")
  URL.revokeObjectURL = vi.fn()
})

const MEMBER = aMember()

/** What the profile reads before its Settings tab is open. */
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

const openSettings = async (member: Member = MEMBER) => {
  signedInAs(member, aSubscription())
  profileReads()
  renderRoute("/profile")
  await userEvent.click(await screen.findByRole("tab", { name: "Settings" }))
  const card = (await screen.findByRole("heading", { name: "Avatar" })).closest("section")
  if (!card) throw new Error("no avatar card")
  return card
}

const aPhoto = (name = "me.png", type = "image/png") => new File(["png-bytes"], name, { type })

describe("Settings → avatar", () => {
  it("previews the chosen picture, uploads it as multipart 'image' and shows the new avatar", async () => {
    let sent = ""
    server.use(
      http.post(`*/api/users/${MEMBER.id}/avatar`, async ({ request }) => {
        // Read as text: undici's multipart parser refuses jsdom's File.
        sent = await request.text()
        return HttpResponse.json({ ...MEMBER, avatarUrl: "/images/avatar/ada.webp" })
      }),
    )
    const card = await openSettings()
    expect(within(card).queryByRole("button", { name: "Remove avatar" })).toBeNull()
    await userEvent.upload(within(card).getByLabelText("Choose a picture"), aPhoto())
    expect(
      within(card).getByRole("img", { name: "Preview of your new avatar" }).getAttribute("src"),
    ).toBe("blob:avatar-preview")
    await userEvent.click(within(card).getByRole("button", { name: "Upload avatar" }))
    await waitFor(() =>
      expect(within(card).getByRole("img", { name: "ada's avatar" }).getAttribute("src")).toBe(
        "/images/avatar/ada.webp",
      ),
    )
    expect(sent).toMatch(/name="image"; filename="me.png"/)
    expect(sent).toContain("png-bytes")
    expect(await screen.findAllByText("Avatar updated")).not.toHaveLength(0)
    expect(within(card).getByRole("button", { name: "Remove avatar" })).toBeTruthy()
  })

  it("refuses a file it cannot take before sending it", async () => {
    let posts = 0
    server.use(
      http.post(`*/api/users/${MEMBER.id}/avatar`, () => {
        posts += 1
        return HttpResponse.json(MEMBER)
      }),
    )
    const card = await openSettings()
    // The picker's filter can be switched off ("All files"): the check must not rely on it.
    await userEvent
      .setup({ applyAccept: false })
      .upload(within(card).getByLabelText("Choose a picture"), aPhoto("me.heic", "image/heic"))
    expect(within(card).getByRole("alert").textContent).toMatch(/HEIC/)
    expect(within(card).queryByRole("button", { name: "Upload avatar" })).toBeNull()
    expect(posts).toBe(0)
  })

  it("shows the server's refusal", async () => {
    server.use(
      http.post(`*/api/users/${MEMBER.id}/avatar`, () =>
        HttpResponse.json(
          { code: "INVALID_IMAGE", message: "That file is not an image we can read." },
          { status: 400 },
        ),
      ),
    )
    const card = await openSettings()
    await userEvent.upload(within(card).getByLabelText("Choose a picture"), aPhoto())
    await userEvent.click(within(card).getByRole("button", { name: "Upload avatar" }))
    expect((await within(card).findByRole("alert")).textContent).toBe(
      "That file is not an image we can read.",
    )
  })

  it("removes the current avatar", async () => {
    let deletes = 0
    server.use(
      http.delete(`*/api/users/${MEMBER.id}/avatar`, () => {
        deletes += 1
        return HttpResponse.json({ ...MEMBER, avatarUrl: null })
      }),
    )
    const card = await openSettings(aMember({ avatarUrl: "/images/avatar/ada.webp" }))
    await userEvent.click(within(card).getByRole("button", { name: "Remove avatar" }))
    await waitFor(() =>
      expect(within(card).queryByRole("button", { name: "Remove avatar" })).toBeNull(),
    )
    expect(deletes).toBe(1)
    expect(within(card).queryByRole("img", { name: "ada's avatar" })).toBeNull()
  })
})

describe("Settings → preview of the public page", () => {
  const publicView: PublicArtist = {
    username: "ada",
    private: false,
    isOwner: false,
    avatarUrl: null,
    bio: "Numbers and colors.",
    location: "",
    website: "",
    memberSince: null,
    badges: null,
    stats: { wins: 1, entries: 4, votesReceived: 30, score: 45 },
    showsHistory: false,
  }

  it("loads the page as others see it (?view=public) beside the privacy switches", async () => {
    const views: Array<string | null> = []
    server.use(
      http.get("*/api/artists/ada", ({ request }) => {
        views.push(new URL(request.url).searchParams.get("view"))
        return HttpResponse.json(publicView)
      }),
    )
    await openSettings()
    const privacy = (await screen.findByRole("heading", { name: "Privacy" })).closest("section")
    if (!privacy) throw new Error("no privacy card")
    expect(within(privacy).getByRole("link", { name: "Open your page" }).getAttribute("href")).toBe(
      "/artists/ada",
    )
    const toggle = within(privacy).getByRole("button", { name: "Preview your public page" })
    expect(toggle.getAttribute("aria-expanded")).toBe("false")
    await userEvent.click(toggle)
    expect(await within(privacy).findByText("Numbers and colors.")).toBeTruthy()
    expect(within(privacy).getByRole("heading", { level: 3, name: "ada" })).toBeTruthy()
    expect(within(privacy).queryByText(/Member since/)).toBeNull()
    expect(views).toEqual(["public"])
  })

  it("shows the private sentence when the profile is private to others", async () => {
    server.use(
      http.get("*/api/artists/ada", () =>
        HttpResponse.json({ username: "ada", private: true, isOwner: false }),
      ),
    )
    await openSettings()
    await userEvent.click(await screen.findByRole("button", { name: "Preview your public page" }))
    expect(await screen.findByText("This artist keeps their profile private")).toBeTruthy()
  })
})
