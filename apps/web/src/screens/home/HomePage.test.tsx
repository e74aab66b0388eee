import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { ArchiveItem, Contest, Entry, GalleryPage, Subscription } from "../../api/types.ts"
import { anEntry, entries } from "../../entries/entry-fixtures.ts"
import type { AuthTab } from "../../session/auth-dialog-context.tsx"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { anArchiveItem, aPastContest, aResultRow } from "../contests/result-fixtures.ts"
import { leaveSite } from "./leave-site.ts"

// The sign-in dialog is another screen's: here it only has to be opened, on the right tab.
vi.mock("../../session/AuthDialog.tsx", () => ({
  default: ({ tab }: { readonly tab: AuthTab }) => (
    <div role="dialog" aria-label="Authentication" data-tab={tab} />
  ),
}))
vi.mock("./leave-site.ts", () => ({ leaveSite: vi.fn() }))

// jsdom has no object URLs (the photo preview, the downloaded blob).
beforeAll(() => {
  // The first render loads the lazy route: give a busy machine more than the default second.
  configure({ asyncUtilTimeout: 5000 })
  URL.createObjectURL = vi.fn(() => "blob:preview")
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => vi.clearAllMocks())

const HOUR = 3_600_000

const aContest = (overrides: Partial<Contest> = {}): Contest => ({
  id: "c0000000-0000-4000-8000-000000000001",
  title: "Owl at Midnight",
  description: "A wise owl on a moonlit branch.",
  lineArt: "/images/line-art/owl.png",
  contestType: "daily",
  artStyle: "traditional",
  startsAt: new Date(Date.now() - 2 * HOUR).toISOString(),
  endsAt: new Date(Date.now() + 5 * HOUR).toISOString(),
  status: "active",
  countdown: { label: "Remaining", text: "05:00:00" },
  createdAt: "2026-11-01T00:00:00.000Z",
  result: null,
  ...overrides,
})

/** The calls every home page makes: the contest, its view, the last winner, the recent entries. */
const homeAnswers = ({
  contest = aContest(),
  recent = { items: entries(3), nextCursor: null },
  latestWinner = null,
}: {
  readonly contest?: Contest | null | (() => Response | Contest | null)
  readonly recent?: GalleryPage | (() => Response | GalleryPage)
  /** null: no contest announced yet (204). */
  readonly latestWinner?: ArchiveItem | null
} = {}) => {
  const views: string[] = []
  server.use(
    http.get("*/api/challenges/current-active", () => {
      const answer = typeof contest === "function" ? contest() : contest
      if (answer instanceof Response) return answer
      return answer === null ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(answer)
    }),
    http.post("*/api/challenges/:id/analytics/views", ({ params }) => {
      views.push(String(params.id))
      return new HttpResponse(null, { status: 204 })
    }),
    http.get("*/api/gallery", () => {
      const answer = typeof recent === "function" ? recent() : recent
      return answer instanceof Response ? answer : HttpResponse.json(answer)
    }),
    http.get("*/api/challenges/latest-winner", () =>
      latestWinner === null
        ? new HttpResponse(null, { status: 204 })
        : HttpResponse.json(latestWinner),
    ),
  )
  return { views }
}

const photo = (name = "page.jpg", type = "image/jpeg", size?: number) => {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type })
  if (size !== undefined) Object.defineProperty(file, "size", { value: size })
  return file
}

const contestCard = () => screen.findByRole("article", { name: "Owl at Midnight" })

/** A member opens the submission dialog and picks a photo. */
const openSubmissionWithPhoto = async () => {
  await userEvent.click(
    within(await contestCard()).getByRole("button", { name: "Submit Your Artwork" }),
  )
  const dialog = await screen.findByRole("dialog", { name: "Submit Your Colored Artwork" })
  await userEvent.upload(within(dialog).getByLabelText("Upload from device"), photo())
  return dialog
}

const subscriptionAnswers = (subscription: Subscription) =>
  server.use(http.get("*/api/subscription", () => HttpResponse.json({ subscription })))

describe("the home page's contest", () => {
  it("shows the loading state until the contest arrives", async () => {
    signedInAs(null)
    let answer: (contest: Contest) => void = () => {}
    const waiting = new Promise<Contest>((resolve) => (answer = resolve))
    homeAnswers()
    server.use(
      http.get("*/api/challenges/current-active", async () => HttpResponse.json(await waiting)),
    )
    renderRoute("/")
    expect(await screen.findByRole("heading", { name: "Daily Coloring Challenge" })).toBeTruthy()
    expect(await screen.findByText("Loading today's contest…")).toBeTruthy()
    answer(aContest())
    expect(await contestCard()).toBeTruthy()
  })

  it("says why the contest failed to load, and Reload Page asks again", async () => {
    signedInAs(null)
    let fail = true
    homeAnswers({
      contest: () =>
        fail
          ? HttpResponse.json({ code: "INTERNAL", message: "Database down" }, { status: 500 })
          : aContest(),
    })
    renderRoute("/")
    expect(
      await screen.findByText("Failed to load the current contest: Database down"),
    ).toBeTruthy()
    fail = false
    await userEvent.click(screen.getByRole("button", { name: "Reload Page" }))
    expect(await contestCard()).toBeTruthy()
    expect(screen.queryByText(/Failed to load the current contest/)).toBeNull()
  })

  it("shows 'No Active Contest' when there is none", async () => {
    signedInAs(null)
    homeAnswers({ contest: null })
    renderRoute("/")
    expect(await screen.findByRole("heading", { name: "No Active Contest" })).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Submit Your Artwork" })).toBeNull()
  })

  it("shows an upcoming contest as a placeholder counting down to its start", async () => {
    signedInAs(aMember())
    homeAnswers({
      contest: aContest({
        status: "scheduled",
        startsAt: new Date(Date.now() + 50 * HOUR).toISOString(),
        endsAt: new Date(Date.now() + 74 * HOUR).toISOString(),
      }),
    })
    renderRoute("/")
    const card = await contestCard()
    expect(within(card).getByText("Starts in")).toBeTruthy()
    expect(within(card).getByRole("timer").textContent).toMatch(/^2d 01:59:\d\d$/)
    expect(within(card).queryByRole("button", { name: "Submit Your Artwork" })).toBeNull()
    expect(within(card).queryByRole("img")).toBeNull()
  })

  it("shows the open contest's card with a countdown that ticks", async () => {
    signedInAs(null)
    const { views } = homeAnswers()
    renderRoute("/")
    const card = await contestCard()
    const image = within(card).getByRole("img", { name: "Line art for “Owl at Midnight”" })
    expect(image.getAttribute("loading")).toBeNull()
    expect(image.getAttribute("width")).toBe("800")
    expect(image.getAttribute("height")).toBe("800")
    expect(within(card).getByText("A wise owl on a moonlit branch.")).toBeTruthy()
    expect(within(card).getByText("Remaining")).toBeTruthy()
    const timer = within(card).getByRole("timer")
    expect(timer.textContent).toMatch(/^04:59:\d\d$/)
    const first = timer.textContent
    await waitFor(() => expect(timer.textContent).not.toBe(first), { timeout: 3000 })
    expect(within(card).getByRole("heading", { name: "How to Participate" })).toBeTruthy()
    expect(within(card).getAllByRole("listitem")).toHaveLength(5)
    expect(within(card).getByRole("button", { name: "Download" })).toBeTruthy()
    expect(within(card).getByRole("button", { name: "Submit Your Artwork" })).toBeTruthy()
    await waitFor(() => expect(views).toEqual([aContest().id]))
  })

  it("counts one contest view per browser session", async () => {
    signedInAs(null)
    const { views } = homeAnswers()
    const { router } = renderRoute("/")
    await contestCard()
    await waitFor(() => expect(views).toHaveLength(1))
    await router.navigate("/gallery")
    await router.navigate("/")
    await contestCard()
    expect(views).toHaveLength(1)
  })

  it("says when the contest has ended, without a submit button", async () => {
    signedInAs(aMember())
    homeAnswers({
      contest: aContest({
        status: "ended",
        startsAt: new Date(Date.now() - 30 * HOUR).toISOString(),
        endsAt: new Date(Date.now() - 6 * HOUR).toISOString(),
      }),
    })
    renderRoute("/")
    const card = await contestCard()
    expect(within(card).getByText("Ended")).toBeTruthy()
    expect(within(card).getByRole("timer").textContent).toBe("00:00:00")
    expect(within(card).getByText(/This contest has ended/)).toBeTruthy()
    expect(within(card).queryByRole("button", { name: "Submit Your Artwork" })).toBeNull()
  })
})

describe("downloading the line art", () => {
  it("saves the chosen file and says 'Download Complete'", async () => {
    signedInAs(null)
    homeAnswers()
    const asked: string[] = []
    server.use(
      http.get("*/api/challenges/:id/line-art.pdf", ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("paper") ?? "")
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="colorday-owl-at-midnight-a4.pdf"',
          },
        })
      }),
    )
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.download} ${this.href}`)
    })
    renderRoute("/")
    await userEvent.click(within(await contestCard()).getByRole("button", { name: "Download" }))
    const dialog = await screen.findByRole("dialog", { name: "Download Line Art" })
    expect(within(dialog).getByRole("button", { name: "Close" })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole("radio", { name: "Print-ready PDF, A4" }))
    await userEvent.click(within(dialog).getByRole("button", { name: "Download" }))
    expect(await screen.findByText("Download Complete")).toBeTruthy()
    expect(asked).toEqual(["a4"])
    expect(clicked).toEqual(["colorday-owl-at-midnight-a4.pdf blob:preview"])
    expect(screen.queryByRole("dialog", { name: "Download Line Art" })).toBeNull()
  })

  it("says 'Download Failed' when the file cannot be had", async () => {
    signedInAs(null)
    homeAnswers()
    server.use(
      http.get("*/api/challenges/:id/line-art.png", () =>
        HttpResponse.json(
          { code: "NOT_FOUND", message: "This contest has no line art yet" },
          { status: 404 },
        ),
      ),
    )
    renderRoute("/")
    await userEvent.click(within(await contestCard()).getByRole("button", { name: "Download" }))
    const dialog = await screen.findByRole("dialog", { name: "Download Line Art" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Download" }))
    expect(await screen.findByText("Download Failed")).toBeTruthy()
    expect(screen.getByText("This contest has no line art yet")).toBeTruthy()
  })
})

describe("entering the contest", () => {
  it("asks a visitor to sign in", async () => {
    signedInAs(null)
    homeAnswers()
    renderRoute("/")
    await userEvent.click(
      within(await contestCard()).getByRole("button", { name: "Submit Your Artwork" }),
    )
    const auth = await screen.findByRole("dialog", { name: "Authentication" })
    expect(auth.getAttribute("data-tab")).toBe("signin")
    expect(screen.queryByRole("dialog", { name: "Submit Your Colored Artwork" })).toBeNull()
  })

  it("uploads a member's photo with its progress, then toasts and updates the quota", async () => {
    signedInAs(aMember(), aSubscription({ remaining_submissions: 2 }))
    homeAnswers()
    subscriptionAnswers(aSubscription({ remaining_submissions: 2 }))
    let finish: () => void = () => {}
    const finished = new Promise<void>((resolve) => (finish = resolve))
    const sent: string[] = []
    server.use(
      http.post("*/api/submissions", async ({ request }) => {
        // Read as text: undici's multipart parser refuses jsdom's File.
        sent.push(await request.text())
        await finished
        return HttpResponse.json(
          {
            submission: anEntry(),
            subscription: aSubscription({ remaining_submissions: 1 }),
          },
          { status: 201 },
        )
      }),
    )
    renderRoute("/")
    const dialog = await openSubmissionWithPhoto()
    expect(within(dialog).getByText("You have 2 entries left this month.", { exact: false }))
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(7)
    const preview = within(dialog).getByRole("img", { name: "Preview of your colored artwork" })
    expect(preview.getAttribute("src")).toBe("blob:preview")
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit Artwork" }))

    const confirm = await screen.findByRole("dialog", { name: "Confirm Submission" })
    await userEvent.click(within(confirm).getByRole("button", { name: "Confirm" }))
    const progress = await within(confirm).findByRole("progressbar", { name: "Upload progress" })
    expect(progress.getAttribute("aria-valuenow")).toMatch(/^\d+$/)
    expect(within(confirm).getByRole("button", { name: "Confirm" })).toHaveProperty(
      "disabled",
      true,
    )
    finish()

    expect(await screen.findByText("Submission Received")).toBeTruthy()
    expect(sent).toHaveLength(1)
    const field = (name: string) =>
      new RegExp(`name="${name}"\r\n\r\n([^\r]*)`).exec(sent[0] ?? "")?.[1]
    expect(field("challenge_id")).toBe(aContest().id)
    expect(field("age_group")).toBe("adult")
    expect(sent[0]).toMatch(/name="image"; filename="page\.jpg"\r\nContent-Type: image\/jpeg/)
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())

    // Opened again: the form is reset and the quota is the server's new one.
    await userEvent.click(
      within(await contestCard()).getByRole("button", { name: "Submit Your Artwork" }),
    )
    const again = await screen.findByRole("dialog", { name: "Submit Your Colored Artwork" })
    expect(within(again).getByText("You have 1 entry left this month.", { exact: false }))
    expect(within(again).queryByRole("img", { name: "Preview of your colored artwork" })).toBeNull()
    expect(within(again).getByRole("button", { name: "Submit Artwork" })).toHaveProperty(
      "disabled",
      true,
    )
  })

  it("removes a chosen photo", async () => {
    signedInAs(aMember())
    homeAnswers()
    renderRoute("/")
    const dialog = await openSubmissionWithPhoto()
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove photo" }))
    expect(
      within(dialog).queryByRole("img", { name: "Preview of your colored artwork" }),
    ).toBeNull()
    expect(within(dialog).getByRole("button", { name: "Submit Artwork" })).toHaveProperty(
      "disabled",
      true,
    )
  })

  it("refuses a HEIC photo and one over 10 MB before any upload", async () => {
    signedInAs(aMember())
    homeAnswers()
    renderRoute("/")
    await userEvent.click(
      within(await contestCard()).getByRole("button", { name: "Submit Your Artwork" }),
    )
    const dialog = await screen.findByRole("dialog", { name: "Submit Your Colored Artwork" })
    const input = within(dialog).getByLabelText("Upload from device")
    expect(input.getAttribute("accept")).toBe("image/*")
    await userEvent.upload(input, photo("IMG_0001.HEIC", "image/heic"))
    expect(within(dialog).getByRole("alert").textContent).toMatch(/HEIC.*JPEG/)
    expect(within(dialog).getByRole("button", { name: "Submit Artwork" })).toHaveProperty(
      "disabled",
      true,
    )
    await userEvent.upload(input, photo("big.jpg", "image/jpeg", 11 * 1024 * 1024))
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "This photo is 11.0 MB; the limit is 10 MB. Please upload a smaller photo.",
    )
    expect(within(dialog).getByRole("button", { name: "Submit Artwork" })).toHaveProperty(
      "disabled",
      true,
    )
  })

  it("says when the preview cannot be shown", async () => {
    signedInAs(aMember())
    homeAnswers()
    renderRoute("/")
    const dialog = await openSubmissionWithPhoto()
    const preview = within(dialog).getByRole("img", { name: "Preview of your colored artwork" })
    preview.dispatchEvent(new Event("error"))
    expect(
      await within(dialog).findByText("Failed to load image preview. Please try again."),
    ).toBeTruthy()
    expect(within(dialog).getByRole("button", { name: "Submit Artwork" })).toHaveProperty(
      "disabled",
      true,
    )
  })

  it("offers an upgrade or an extra entry when no credit is left", async () => {
    signedInAs(aMember(), aSubscription({ remaining_submissions: 1 }))
    homeAnswers()
    subscriptionAnswers(aSubscription({ remaining_submissions: 0 }))
    const bodies: unknown[] = []
    server.use(
      http.post("*/api/stripe/checkout-session", async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ sessionId: "cs_1", url: "https://pay.example/cs_1" })
      }),
      http.post("*/api/submissions", () => HttpResponse.json({}, { status: 500 })),
    )
    const { router } = renderRoute("/")
    const dialog = await openSubmissionWithPhoto()
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit Artwork" }))
    const out = await screen.findByRole("dialog", { name: "Out of Submissions" })
    expect(within(out).getByText("You've run out of submissions, upgrade for more")).toBeTruthy()
    expect(within(out).getByRole("button", { name: "Cancel" })).toBeTruthy()

    await userEvent.click(within(out).getByRole("button", { name: "Buy one extra entry ($2.99)" }))
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith("https://pay.example/cs_1"))
    expect(bodies).toEqual([{ contestId: aContest().id, returnUrl: `${window.location.origin}/` }])

    await userEvent.click(within(out).getByRole("link", { name: "Upgrade" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"))
  })

  it("shows Out of Submissions when the server refuses the entry with 402", async () => {
    signedInAs(aMember())
    homeAnswers()
    subscriptionAnswers(aSubscription({ remaining_submissions: 1 }))
    server.use(
      http.post("*/api/submissions", () =>
        HttpResponse.json(
          {
            code: "OUT_OF_SUBMISSIONS",
            message: "You've run out of submissions, upgrade for more",
          },
          { status: 402 },
        ),
      ),
    )
    renderRoute("/")
    const dialog = await openSubmissionWithPhoto()
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit Artwork" }))
    const confirm = await screen.findByRole("dialog", { name: "Confirm Submission" })
    await userEvent.click(within(confirm).getByRole("button", { name: "Confirm" }))
    expect(await screen.findByRole("dialog", { name: "Out of Submissions" })).toBeTruthy()
  })

  it("toasts 'Submission Failed' with the server's message for other refusals", async () => {
    signedInAs(aMember())
    homeAnswers()
    subscriptionAnswers(aSubscription({ remaining_submissions: 1 }))
    server.use(
      http.post("*/api/submissions", () =>
        HttpResponse.json(
          { code: "CONTEST_CLOSED", message: "This contest is no longer accepting entries." },
          { status: 403 },
        ),
      ),
    )
    renderRoute("/")
    const dialog = await openSubmissionWithPhoto()
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit Artwork" }))
    const confirm = await screen.findByRole("dialog", { name: "Confirm Submission" })
    await userEvent.click(within(confirm).getByRole("button", { name: "Confirm" }))
    expect(await screen.findByText("Submission Failed")).toBeTruthy()
    expect(screen.getByText("This contest is no longer accepting entries.")).toBeTruthy()
    // Back on the photo step, the photo kept, to try again.
    const back = await screen.findByRole("dialog", { name: "Submit Your Colored Artwork" })
    expect(within(back).getByRole("img", { name: "Preview of your colored artwork" })).toBeTruthy()
  })
})

describe("the home page's query flags", () => {
  it("opens the sign-in dialog for ?signin=true and removes the flag", async () => {
    signedInAs(null)
    homeAnswers()
    const { router } = renderRoute("/?signin=true")
    const auth = await screen.findByRole("dialog", { name: "Authentication" })
    expect(auth.getAttribute("data-tab")).toBe("signin")
    await waitFor(() => expect(router.state.location.search).toBe(""))
    expect(router.state.location.pathname).toBe("/")
  })

  it("verifies a paid checkout, toasts, and opens the submission dialog", async () => {
    signedInAs(aMember(), aSubscription({ remaining_submissions: 0 }))
    homeAnswers()
    const asked: string[] = []
    server.use(
      http.get("*/api/stripe/verify-session", ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("sessionId") ?? "")
        // From now on the server's session has the credit too.
        signedInAs(aMember(), aSubscription({ remaining_submissions: 1 }))
        return HttpResponse.json({
          session: {
            id: "cs_paid",
            payment_status: "paid",
            metadata: { planTier: null, purchase: "extra-entry" },
          },
          subscription: aSubscription({ remaining_submissions: 1 }),
        })
      }),
    )
    const { router } = renderRoute("/?session_id=cs_paid")
    expect(await screen.findByText("Payment Successful")).toBeTruthy()
    const dialog = await screen.findByRole("dialog", { name: "Submit Your Colored Artwork" })
    expect(within(dialog).getByText("You have 1 entry left this month.", { exact: false }))
    expect(router.state.location.search).toBe("")
    expect(asked).toEqual(["cs_paid"])
  })

  it("says when the payment could not be verified", async () => {
    signedInAs(aMember())
    homeAnswers()
    server.use(
      http.get("*/api/stripe/verify-session", () =>
        HttpResponse.json(
          { code: "NOT_FOUND", message: "No such checkout session of yours" },
          { status: 404 },
        ),
      ),
    )
    const { router } = renderRoute("/?session_id=cs_unknown")
    expect(await screen.findByText("Payment Verification Failed")).toBeTruthy()
    expect(
      screen.getByText("Payment verification failed: No such checkout session of yours"),
    ).toBeTruthy()
    expect(screen.queryByRole("dialog", { name: "Submit Your Colored Artwork" })).toBeNull()
    expect(router.state.location.search).toBe("")
  })
})

describe("the rest of the home page", () => {
  it("shows the newest entries, each opening its entry, with a link to the gallery", async () => {
    signedInAs(null)
    const recent: Entry[] = [
      anEntry({ id: "e1", username: "grace", voteCount: 1, weightedScore: 3 }),
      anEntry({ id: "e2", username: "linus", placement: 2, peoplesChoice: true }),
    ]
    let asked: URLSearchParams | undefined
    homeAnswers()
    server.use(
      http.get("*/api/gallery", ({ request }) => {
        asked = new URL(request.url).searchParams
        return HttpResponse.json({ items: recent, nextCursor: null })
      }),
    )
    renderRoute("/")
    const section = await screen.findByRole("region", { name: "Recent Submissions" })
    const link = await within(section).findByRole("link", { name: /grace/ })
    expect(link.getAttribute("href")).toBe("/entries/e1")
    // Raw votes and the weighted score, each labelled; no ribbon for an entry that did not place.
    const number = (label: string) =>
      within(link).getByText(label, { selector: "dt" }).nextElementSibling?.textContent
    expect(number("Votes")).toBe("1")
    expect(number("Score")).toBe("3")
    expect(within(link).queryByRole("list", { name: "Awards" })).toBeNull()
    const placed = within(section).getByRole("link", { name: /linus/ })
    expect(
      within(within(placed).getByRole("list", { name: "Awards" }))
        .getAllByRole("listitem")
        .map((ribbon) => ribbon.textContent),
    ).toEqual(["2nd place", "People's Choice"])
    expect(within(link).getByRole("img", { name: "grace's entry" })).toBeTruthy()
    expect(within(section).getByRole("link", { name: "View All" }).getAttribute("href")).toBe(
      "/gallery",
    )
    expect(asked?.get("sort")).toBe("newest")
    expect(asked?.get("tab")).toBe("all")
    expect(asked?.get("limit")).toBe("8")
  })

  it("shows an empty and a failed list of recent entries, with a retry", async () => {
    signedInAs(null)
    let answer: () => Response | GalleryPage = () =>
      HttpResponse.json({ code: "INTERNAL", message: "Storage offline" }, { status: 500 })
    homeAnswers({ recent: () => answer() })
    renderRoute("/")
    const section = await screen.findByRole("region", { name: "Recent Submissions" })
    expect(await within(section).findByText("Storage offline")).toBeTruthy()
    answer = () => ({ items: [], nextCursor: null })
    await userEvent.click(within(section).getByRole("button", { name: "Try again" }))
    expect(await within(section).findByText("No submissions yet")).toBeTruthy()
  })

  it("has the features carousel, how it works and the closing links", async () => {
    signedInAs(null)
    homeAnswers()
    renderRoute("/")
    const features = await screen.findByRole("region", { name: "Platform Features" })
    for (const title of [
      "Daily Challenges",
      "Community Voting",
      "Win Prizes",
      "Timed Contests",
      "Gallery Showcase",
      "Artist Profiles",
    ]) {
      expect(within(features).getByRole("heading", { name: title })).toBeTruthy()
    }
    expect(within(features).getByRole("button", { name: "Previous features" })).toBeTruthy()
    expect(within(features).getByRole("button", { name: "Next features" })).toBeTruthy()
    const how = screen.getByRole("region", { name: "How It Works" })
    expect(
      within(how)
        .getAllByRole("listitem")
        .map((step) => step.querySelector("h3")?.textContent),
    ).toEqual(["Step 1: Download", "Step 2: Submit", "Step 3: Win"])
    // One rule, in the same words on the contest card and in How It Works.
    expect(within(how).getByText(/Win: the highest score \(weighted votes\)\./)).toBeTruthy()
    expect(
      within(await contestCard()).getByText("Win: the highest score (weighted votes)."),
    ).toBeTruthy()
    expect(screen.queryByText(/most votes|top-voted/)).toBeNull()
    expect(screen.getByRole("link", { name: "View Plans" }).getAttribute("href")).toBe("/pricing")
    expect(screen.getByRole("link", { name: "Learn More" }).getAttribute("href")).toBe("/about")
  })
})

describe("yesterday's winner", () => {
  it("shows the last announced contest's winner, its numbers and links", async () => {
    signedInAs(null)
    homeAnswers({
      latestWinner: anArchiveItem({
        contest: aPastContest({ id: "c-owl", title: "Owl at Dusk" }),
        winner: aResultRow(1, {
          entryId: "e-win",
          artistName: "grace",
          username: "grace",
          rawVotes: 19,
          score: 38,
        }),
      }),
    })
    renderRoute("/")
    const section = await screen.findByRole("region", { name: "Yesterday's winner" })
    expect(within(section).getByText(/won “Owl at Dusk”/)).toBeTruthy()
    expect(within(section).getByRole("link", { name: "grace" }).getAttribute("href")).toBe(
      "/artists/grace",
    )
    expect(
      within(section)
        .getByRole("img", { name: "grace's entry" })
        .closest("a")
        ?.getAttribute("href"),
    ).toBe("/entries/e-win")
    const number = (label: string) =>
      within(section).getByText(label, { selector: "dt" }).nextElementSibling?.textContent
    expect(number("Votes")).toBe("19")
    expect(number("Score")).toBe("38")
    expect(
      within(section)
        .getByRole("link", { name: "See the results of “Owl at Dusk”" })
        .getAttribute("href"),
    ).toBe("/contests/c-owl")
  })

  it("shows nothing while no contest is announced (204)", async () => {
    signedInAs(null)
    let asked = 0
    homeAnswers()
    server.use(
      http.get("*/api/challenges/latest-winner", () => {
        asked += 1
        return new HttpResponse(null, { status: 204 })
      }),
    )
    renderRoute("/")
    await screen.findByRole("region", { name: "Recent Submissions" })
    await waitFor(() => expect(asked).toBe(1))
    expect(screen.queryByRole("region", { name: "Yesterday's winner" })).toBeNull()
    expect(screen.queryByText("Yesterday's winner")).toBeNull()
  })
})
