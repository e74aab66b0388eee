import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it, vi } from "vitest"
import type { Subscription } from "../../api/types.ts"
import { anEntry } from "../../entries/entry-fixtures.ts"
import type { AuthTab } from "../../session/auth-dialog-context.tsx"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { aContest, contestCard, homeAnswers, prepareHomePage } from "./home-page-fixtures.ts"
import { leaveSite } from "./leave-site.ts"

/* Entering the contest from the home page, and the query flags that open its dialogs. */

// The sign-in dialog is another screen's: here it only has to be opened, on the right tab.
vi.mock("../../session/AuthDialog.tsx", () => ({
  default: ({ tab }: { readonly tab: AuthTab }) => (
    <div role="dialog" aria-label="Authentication" data-tab={tab} />
  ),
}))
vi.mock("./leave-site.ts", () => ({ leaveSite: vi.fn() }))

prepareHomePage()

const photo = (name = "page.jpg", type = "image/jpeg", size?: number) => {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type })
  if (size !== undefined) Object.defineProperty(file, "size", { value: size })
  return file
}

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

/** The server's quota, one answer per read (the last one repeats): a quota that changes meanwhile. */
const quotaReads = (...remaining: ReadonlyArray<number>) => {
  let read = 0
  server.use(
    http.get("*/api/subscription", () => {
      const left = remaining[Math.min(read, remaining.length - 1)] ?? 0
      read += 1
      return HttpResponse.json({ subscription: aSubscription({ remaining_submissions: left }) })
    }),
  )
}

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
    // Read on opening, at Submit Artwork, and on opening again after the entry.
    quotaReads(2, 2, 1)
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
    // One entry left on opening; spent elsewhere by the time Submit Artwork asks.
    quotaReads(1, 0)
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

  it("states the entries left, as the server counts them, before a photo is picked", async () => {
    // The page's copy says 3; the server's quota, read on opening, says 2.
    signedInAs(aMember(), aSubscription({ remaining_submissions: 3 }))
    homeAnswers()
    subscriptionAnswers(aSubscription({ remaining_submissions: 2 }))
    renderRoute("/")
    await userEvent.click(
      within(await contestCard()).getByRole("button", { name: "Submit Your Artwork" }),
    )
    const dialog = await screen.findByRole("dialog", { name: "Submit Your Colored Artwork" })
    expect(
      await within(dialog).findByText("You have 2 entries left this month.", { exact: false }),
    ).toBeTruthy()
    expect(
      within(dialog).queryByRole("img", { name: "Preview of your colored artwork" }),
    ).toBeNull()
    expect(within(dialog).getByRole("button", { name: "Submit Artwork" })).toHaveProperty(
      "disabled",
      true,
    )
  })

  it("offers the plans and the extra entry first when no entry is left", async () => {
    // The page's copy still says one is left; the server's quota, read on opening, says none.
    signedInAs(aMember(), aSubscription({ remaining_submissions: 1 }))
    homeAnswers()
    subscriptionAnswers(aSubscription({ remaining_submissions: 0 }))
    renderRoute("/")
    await userEvent.click(
      within(await contestCard()).getByRole("button", { name: "Submit Your Artwork" }),
    )
    const out = await screen.findByRole("dialog", { name: "Out of Submissions" })
    expect(within(out).getByRole("button", { name: "Buy one extra entry ($2.99)" })).toBeTruthy()
    expect(screen.queryByRole("dialog", { name: "Submit Your Colored Artwork" })).toBeNull()
  })

  it("keeps the chosen photo across the checkout and goes on to Confirm Submission on return", async () => {
    signedInAs(aMember(), aSubscription({ remaining_submissions: 1 }))
    homeAnswers()
    quotaReads(1, 0)
    server.use(
      http.post("*/api/stripe/checkout-session", () =>
        HttpResponse.json({ sessionId: "cs_2", url: "https://pay.example/cs_2" }),
      ),
    )
    const first = renderRoute("/")
    const dialog = await openSubmissionWithPhoto()
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit Artwork" }))
    const out = await screen.findByRole("dialog", { name: "Out of Submissions" })
    await userEvent.click(within(out).getByRole("button", { name: "Buy one extra entry ($2.99)" }))
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith("https://pay.example/cs_2"))
    first.unmount()

    // Back from the provider, paid: the photo is there and the entry goes on.
    signedInAs(aMember(), aSubscription({ remaining_submissions: 1 }))
    subscriptionAnswers(aSubscription({ remaining_submissions: 1 }))
    server.use(
      http.get("*/api/stripe/verify-session", () =>
        HttpResponse.json({
          session: {
            id: "cs_2",
            payment_status: "paid",
            metadata: { planTier: null, purchase: "extra-entry" },
          },
          subscription: aSubscription({ remaining_submissions: 1 }),
        }),
      ),
    )
    renderRoute("/?session_id=cs_2")
    expect(await screen.findByText("Payment Successful")).toBeTruthy()
    const confirm = await screen.findByRole("dialog", { name: "Confirm Submission" })
    expect(within(confirm).getByRole("button", { name: "Confirm" })).toBeTruthy()
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
