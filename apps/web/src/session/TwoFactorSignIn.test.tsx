import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { SignedIn } from "../api/types.ts"
import type { TwoFactorChallenge } from "../api/two-factor-api.ts"
import { aMember, aSubscription, renderRoute, signedInAs } from "../test/render.tsx"
import { server } from "../test/server.ts"

// The layout and the dialog are lazy chunks: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

const member = aMember()

/** Sign-in answers a challenge; the second step answers what `second` says, and is recorded. */
const twoFactorServer = (second: (body: Record<string, string>) => Response) => {
  const sent: Array<Record<string, string>> = []
  server.use(
    http.post("*/api/users/login", () =>
      HttpResponse.json({
        twoFactorRequired: true,
        challenge: "the-challenge",
        expiresAt: "2026-11-27T12:05:00.000Z",
      } satisfies TwoFactorChallenge),
    ),
    http.post("*/api/users/login/two-factor", async ({ request }) => {
      const body = (await request.json()) as Record<string, string>
      sent.push(body)
      return second(body)
    }),
  )
  return sent
}

const signedIn = () =>
  HttpResponse.json({ user: member, subscription: aSubscription() } satisfies SignedIn)

const openAndSignIn = async () => {
  signedInAs(null)
  renderRoute("/terms")
  const header = await screen.findByRole("banner")
  await userEvent.click(await within(header).findByRole("button", { name: "Sign In" }))
  const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 })
  await userEvent.type(within(dialog).getByLabelText("Email"), "ada@example.com")
  await userEvent.type(within(dialog).getByLabelText("Password"), "s3cret-pass")
  await userEvent.click(within(dialog).getByRole("button", { name: "Sign In" }))
  return dialog
}

describe("the auth dialog with two-factor sign-in", () => {
  it("asks for the authenticator code after the password, then signs in", async () => {
    const sent = twoFactorServer(signedIn)
    const dialog = await openAndSignIn()
    const code = await within(dialog).findByLabelText("Authentication code")
    // Not signed in yet: the dialog waits for the code.
    expect(screen.queryByText("Welcome back!")).toBeNull()
    await userEvent.type(code, "123456")
    await userEvent.click(within(dialog).getByRole("button", { name: "Verify" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(sent).toEqual([{ email: "ada@example.com", challenge: "the-challenge", code: "123456" }])
    expect(await screen.findByText("Welcome back!")).toBeTruthy()
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "Profile" })).toBeTruthy()
  })

  it("takes a recovery code instead, and shows the server's refusal at the code", async () => {
    const sent = twoFactorServer((body) =>
      body.code === "7KQM-2XHD-9RTA"
        ? signedIn()
        : HttpResponse.json(
            {
              code: "VALIDATION_FAILED",
              message: "code: That code is not right.",
              issues: [{ field: "code", message: "That code is not right." }],
            },
            { status: 400 },
          ),
    )
    const dialog = await openAndSignIn()
    await userEvent.click(
      await within(dialog).findByRole("button", { name: "Use a recovery code" }),
    )
    const field = within(dialog).getByLabelText("Recovery code")
    await userEvent.type(field, "AAAA-BBBB-CCCC")
    await userEvent.click(within(dialog).getByRole("button", { name: "Verify" }))
    expect((await within(dialog).findByRole("alert")).textContent).toBe("That code is not right.")
    await userEvent.clear(field)
    await userEvent.type(field, "7KQM-2XHD-9RTA")
    await userEvent.click(within(dialog).getByRole("button", { name: "Verify" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(sent.map((body) => body.code)).toEqual(["AAAA-BBBB-CCCC", "7KQM-2XHD-9RTA"])
  })

  it("goes back to the password when the sign-in expired", async () => {
    twoFactorServer(() =>
      HttpResponse.json(
        {
          code: "TWO_FACTOR_CHALLENGE_EXPIRED",
          message: "This sign-in has expired. Please enter your e-mail and password again.",
        },
        { status: 401 },
      ),
    )
    const dialog = await openAndSignIn()
    await userEvent.type(await within(dialog).findByLabelText("Authentication code"), "123456")
    await userEvent.click(within(dialog).getByRole("button", { name: "Verify" }))
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "This sign-in has expired. Please enter your e-mail and password again.",
    )
    expect(within(dialog).getByLabelText("Password")).toBeTruthy()
  })
})
