import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { SignedIn, SignUpForm } from "../api/types.ts"
import { aMember, aSubscription, renderRoute, signedInAs } from "../test/render.tsx"
import { server } from "../test/server.ts"

// The layout and the dialog are lazy chunks: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

const member = aMember()

const signInAnswers = (answer: () => Response) => {
  const sent: Array<{ email: string; password: string }> = []
  server.use(
    http.post("*/api/users/login", async ({ request }) => {
      sent.push((await request.json()) as { email: string; password: string })
      return answer()
    }),
  )
  return sent
}

const signedInAnswer = () =>
  HttpResponse.json({ user: member, subscription: aSubscription() } satisfies SignedIn)

/** Opens the dialog from the header of a page that makes no API call of its own. */
const openDialog = async (tab: "Sign In" | "Sign Up" = "Sign In", path = "/terms") => {
  signedInAs(null)
  renderRoute(path)
  const header = await screen.findByRole("banner")
  await userEvent.click(await within(header).findByRole("button", { name: tab }))
  // The dialog is a chunk loaded on first use, which a busy machine makes slow.
  return screen.findByRole("dialog", {}, { timeout: 10_000 })
}

const signInWith = async (dialog: HTMLElement, email: string, password: string) => {
  await userEvent.type(within(dialog).getByLabelText("Email"), email)
  await userEvent.type(within(dialog).getByLabelText("Password"), password)
  await userEvent.click(within(dialog).getByRole("button", { name: "Sign In" }))
}

const isoDateYearsAgo = (years: number): string => {
  const date = new Date()
  date.setFullYear(date.getFullYear() - years)
  return date.toISOString().slice(0, 10)
}

const fillSignUp = async (dialog: HTMLElement, dateOfBirth: string) => {
  const field = (label: string) => within(dialog).getByLabelText(label)
  await userEvent.type(field("First name"), "Grace")
  await userEvent.type(field("Last name"), "Hopper")
  await userEvent.type(field("Username"), "grace_h")
  await userEvent.type(field("Email"), "grace@example.com")
  await userEvent.type(field("Password"), "correct horse")
  await userEvent.type(field("Date of birth"), dateOfBirth)
}

describe("the auth dialog: Sign In", () => {
  it("signs in, closes, greets the member and the header shows Profile", async () => {
    const sent = signInAnswers(signedInAnswer)
    const dialog = await openDialog()
    expect(within(dialog).getByRole("tab", { name: "Sign In", selected: true })).toBeTruthy()
    await signInWith(dialog, "ada@example.com", "s3cret-pass")

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(sent).toEqual([{ email: "ada@example.com", password: "s3cret-pass" }])
    expect(await screen.findByText("Welcome back!")).toBeTruthy()
    const header = screen.getByRole("banner")
    expect(within(header).getByRole("link", { name: "Profile" })).toBeTruthy()
    expect(within(header).queryByRole("button", { name: "Sign In" })).toBeNull()
  })

  it("returns to the page the visitor came from (MembersOnly's state.from)", async () => {
    signInAnswers(signedInAnswer)
    signedInAs(null)
    const { router } = renderRoute({ pathname: "/terms", state: { from: "/faq" } })
    const header = await screen.findByRole("banner")
    await userEvent.click(await within(header).findByRole("button", { name: "Sign In" }))
    await signInWith(
      await screen.findByRole("dialog", {}, { timeout: 10_000 }),
      "ada@example.com",
      "s3cret-pass",
    )

    await waitFor(() => expect(router.state.location.pathname).toBe("/faq"))
  })

  it("shows the server's message when the password is wrong, and stays open", async () => {
    signInAnswers(() =>
      HttpResponse.json(
        { code: "INVALID_CREDENTIALS", message: "Invalid email or password" },
        { status: 401 },
      ),
    )
    const dialog = await openDialog()
    await signInWith(dialog, "ada@example.com", "wrong-password")

    expect((await within(dialog).findByRole("alert")).textContent).toBe("Invalid email or password")
    expect(screen.getByRole("dialog")).toBeTruthy()
    expect(within(dialog).getByRole("button", { name: "Sign In" })).toHaveProperty(
      "disabled",
      false,
    )
  })

  it("falls back to 'Sign in failed' when the server gives no message", async () => {
    signInAnswers(() => new HttpResponse(null, { status: 500 }))
    const dialog = await openDialog()
    await signInWith(dialog, "ada@example.com", "whatever-pass")
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Sign in failed")
  })

  it("an unverified e-mail gets the notice, and its button resends the verification link", async () => {
    signInAnswers(() =>
      HttpResponse.json(
        {
          code: "EMAIL_NOT_VERIFIED",
          message: "Please check your email and click the verification link before signing in.",
          emailNotVerified: true,
        },
        { status: 403 },
      ),
    )
    const resent: unknown[] = []
    server.use(
      http.post("*/api/users/resend-verification", async ({ request }) => {
        resent.push(await request.json())
        return HttpResponse.json({
          message: "If that email belongs to an account, a link was sent.",
        })
      }),
    )
    const dialog = await openDialog()
    await signInWith(dialog, "new@example.com", "s3cret-pass")

    const notice = await within(dialog).findByRole("alert")
    expect(within(notice).getByText("Email Not Verified")).toBeTruthy()
    await userEvent.click(within(notice).getByRole("button", { name: "Resend verification email" }))
    expect(await screen.findByText("Verification Email Sent")).toBeTruthy()
    expect(resent).toEqual([{ email: "new@example.com" }])
  })

  it("asks for the e-mail before resending when the field was cleared", async () => {
    signInAnswers(() =>
      HttpResponse.json(
        { code: "EMAIL_NOT_VERIFIED", message: "Please verify your email first" },
        { status: 403 },
      ),
    )
    const resent: unknown[] = []
    server.use(
      http.post("*/api/users/resend-verification", () => {
        resent.push(1)
        return HttpResponse.json({ message: "sent" })
      }),
    )
    const dialog = await openDialog()
    await signInWith(dialog, "new@example.com", "s3cret-pass")
    const notice = await within(dialog).findByRole("alert")
    await userEvent.clear(within(dialog).getByLabelText("Email"))
    await userEvent.click(within(notice).getByRole("button", { name: "Resend verification email" }))

    expect(await screen.findByText("Please enter your email address first.")).toBeTruthy()
    expect(resent).toEqual([])
  })

  it("a failed resend says so", async () => {
    signInAnswers(() =>
      HttpResponse.json(
        { code: "EMAIL_NOT_VERIFIED", message: "verify", emailNotVerified: true },
        { status: 403 },
      ),
    )
    server.use(
      http.post("*/api/users/resend-verification", () => new HttpResponse(null, { status: 500 })),
    )
    const dialog = await openDialog()
    await signInWith(dialog, "new@example.com", "s3cret-pass")
    const notice = await within(dialog).findByRole("alert")
    await userEvent.click(within(notice).getByRole("button", { name: "Resend verification email" }))
    expect(await screen.findByText("Failed to send verification email")).toBeTruthy()
    expect(screen.getByText("An error occurred. Please try again.")).toBeTruthy()
  })

  it("moves to Sign Up and back with the arrow keys, keeping the e-mail address typed", async () => {
    const dialog = await openDialog()
    await userEvent.type(within(dialog).getByLabelText("Email"), "ada@example.com")
    const signIn = within(dialog).getByRole("tab", { name: "Sign In" })
    const signUp = within(dialog).getByRole("tab", { name: "Sign Up" })
    expect([signIn.tabIndex, signUp.tabIndex]).toEqual([0, -1])
    signIn.focus()
    await userEvent.keyboard("{ArrowRight}")
    expect(document.activeElement).toBe(signUp)
    expect(signUp.getAttribute("aria-selected")).toBe("true")
    const panel = within(dialog).getByRole("tabpanel", { name: "Sign Up" })
    expect(signUp.getAttribute("aria-controls")).toBe(panel.id)
    expect(within(panel).getByLabelText<HTMLInputElement>("Email").value).toBe("ada@example.com")
    await userEvent.keyboard("{ArrowRight}")
    expect(document.activeElement).toBe(signIn)
    expect(within(dialog).getByRole("tabpanel", { name: "Sign In" })).toBeTruthy()
  })

  it("'Forgot password?' closes the dialog and opens /forgot-password", async () => {
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole("link", { name: "Forgot password?" }))
    expect(
      await screen.findByRole("heading", { name: "Forgot Password" }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.queryByRole("dialog")).toBeNull()
  })

  it("closes with the close button", async () => {
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
  })
})

describe("the auth dialog: Sign Up", () => {
  it("creates the account and asks the member to open the verification link", async () => {
    const sent: SignUpForm[] = []
    server.use(
      http.post("*/api/users", async ({ request }) => {
        sent.push((await request.json()) as SignUpForm)
        return HttpResponse.json(
          { ...aMember({ email: "grace@example.com", emailVerified: false }), message: "ok" },
          { status: 201 },
        )
      }),
    )
    const dialog = await openDialog("Sign Up")
    expect(within(dialog).getByRole("tab", { name: "Sign Up", selected: true })).toBeTruthy()
    expect(within(dialog).getByLabelText<HTMLInputElement>("Date of birth").value).toBe("")
    await fillSignUp(dialog, "1990-05-01")
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Account" }))

    expect(await within(dialog).findByRole("heading", { name: "Check your email" })).toBeTruthy()
    expect(within(dialog).getByText("grace@example.com")).toBeTruthy()
    expect(sent).toEqual([
      {
        email: "grace@example.com",
        password: "correct horse",
        firstName: "Grace",
        lastName: "Hopper",
        username: "grace_h",
        dateOfBirth: "1990-05-01",
      },
    ])
    // Not signed in: the header still offers Sign In behind the dialog.
    await userEvent.click(within(dialog).getByRole("button", { name: "Go to Sign In" }))
    expect(within(dialog).getByRole("tab", { name: "Sign In", selected: true })).toBeTruthy()
    expect(within(dialog).getByLabelText<HTMLInputElement>("Email").value).toBe("grace@example.com")
  })

  it("refuses an applicant under 18 before sending anything", async () => {
    const sent: unknown[] = []
    server.use(
      http.post("*/api/users", () => {
        sent.push(1)
        return HttpResponse.json({}, { status: 201 })
      }),
    )
    const dialog = await openDialog("Sign Up")
    await fillSignUp(dialog, isoDateYearsAgo(17))
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Account" }))

    const dateOfBirth = within(dialog).getByLabelText("Date of birth")
    expect(await within(dialog).findByText("You must be 18 or older to join Colorday")).toBeTruthy()
    expect(dateOfBirth.getAttribute("aria-invalid")).toBe("true")
    expect(document.activeElement).toBe(dateOfBirth)
    expect(sent).toEqual([])
    expect(within(dialog).queryByRole("heading", { name: "Check your email" })).toBeNull()
  })

  it("refuses a password shorter than 8 characters before sending anything", async () => {
    const dialog = await openDialog("Sign Up")
    const field = (label: string) => within(dialog).getByLabelText(label)
    await fillSignUp(dialog, "1990-05-01")
    await userEvent.clear(field("Password"))
    await userEvent.type(field("Password"), "short")
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Account" }))
    expect(
      await within(dialog).findByText("Password must be at least 8 characters long"),
    ).toBeTruthy()
  })

  it("shows the server's refusal and marks the field it names", async () => {
    server.use(
      http.post("*/api/users", () =>
        HttpResponse.json(
          {
            code: "EMAIL_TAKEN",
            message: "An account with the email grace@example.com already exists",
          },
          { status: 409 },
        ),
      ),
    )
    const dialog = await openDialog("Sign Up")
    await fillSignUp(dialog, "1990-05-01")
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Account" }))

    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "An account with the email grace@example.com already exists",
    )
    expect(within(dialog).getByLabelText("Email").getAttribute("aria-invalid")).toBe("true")
    expect(await screen.findByText("Sign up failed")).toBeTruthy()
    expect(within(dialog).queryByRole("heading", { name: "Check your email" })).toBeNull()
  })

  it("says 'Sign up failed' when the server gives no reason", async () => {
    server.use(http.post("*/api/users", () => new HttpResponse(null, { status: 502 })))
    const dialog = await openDialog("Sign Up")
    await fillSignUp(dialog, "1990-05-01")
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Account" }))
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Sign up failed")
  })
})
