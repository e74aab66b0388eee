import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { ToastProvider } from "../../../../ui/src/toast.tsx"
import { server } from "../../test/server.ts"
import { TwoFactorSetting } from "./TwoFactorSetting.tsx"

const MEMBER_ID = "11111111-1111-4111-8111-111111111111"
const PATH = `*/api/users/${MEMBER_ID}/two-factor`
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
const CODES = Array.from({ length: 10 }, (_, n) => `AAAA-BBBB-CC${String(n).padStart(2, "2")}`)

/** The server's two-factor state, as the routes answer it; what was sent is recorded. */
const twoFactorServer = (initially: boolean) => {
  const state = { enabled: initially, sent: [] as Array<{ path: string; body: unknown }> }
  server.use(
    http.get(PATH, () =>
      HttpResponse.json({ enabled: state.enabled, recoveryCodesLeft: state.enabled ? 10 : 0 }),
    ),
    http.post(PATH, () =>
      HttpResponse.json({
        secret: SECRET,
        otpauthUrl: `otpauth://totp/Colorday:ada%40example.com?secret=${SECRET}`,
        qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
      }),
    ),
    http.post(`${PATH}/confirm`, async ({ request }) => {
      const body = (await request.json()) as { code: string }
      state.sent.push({ path: "confirm", body })
      if (body.code !== "654321") {
        return HttpResponse.json(
          {
            code: "VALIDATION_FAILED",
            message: "code: That code is not right.",
            issues: [{ field: "code", message: "That code is not right." }],
          },
          { status: 400 },
        )
      }
      state.enabled = true
      return HttpResponse.json({ recoveryCodes: CODES })
    }),
    http.delete(PATH, async ({ request }) => {
      const body = (await request.json()) as { password: string; code: string }
      state.sent.push({ path: "delete", body })
      if (body.password !== "s3cret-pass") {
        return HttpResponse.json(
          {
            code: "VALIDATION_FAILED",
            message: "password: Your password is incorrect",
            issues: [{ field: "password", message: "Your password is incorrect" }],
          },
          { status: 400 },
        )
      }
      state.enabled = false
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return state
}

const renderSetting = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ToastProvider>
        <TwoFactorSetting memberId={MEMBER_ID} />
      </ToastProvider>
    </QueryClientProvider>,
  )

const theSwitch = () => screen.findByRole("switch", { name: "Two-factor authentication" })

describe("Settings → Two-factor authentication", () => {
  it("turns on: QR code and key, a first code, then the ten recovery codes once", async () => {
    const state = twoFactorServer(false)
    renderSetting()
    const toggle = await theSwitch()
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false))
    expect(toggle.getAttribute("aria-checked")).toBe("false")
    await userEvent.click(toggle)
    const dialog = await screen.findByRole("dialog")
    expect(
      (await within(dialog).findByAltText("QR code for your authenticator app")).getAttribute(
        "src",
      ),
    ).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
    expect(
      within(dialog).getByLabelText("Key to enter in your authenticator app").textContent,
    ).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")
    const code = within(dialog).getByLabelText("Code from your app")
    await userEvent.type(code, "111111")
    await userEvent.click(within(dialog).getByRole("button", { name: "Turn on" }))
    expect(await within(dialog).findByText("That code is not right.")).toBeTruthy()
    await userEvent.clear(code)
    await userEvent.type(code, "654321")
    await userEvent.click(within(dialog).getByRole("button", { name: "Turn on" }))
    const list = await within(dialog).findByRole("list", { name: "Recovery codes" })
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(CODES)
    expect(within(dialog).getByRole("button", { name: "Download" })).toBeTruthy()
    expect(state.sent).toEqual([
      { path: "confirm", body: { code: "111111" } },
      { path: "confirm", body: { code: "654321" } },
    ])
    await userEvent.click(within(dialog).getByRole("button", { name: "Done" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await waitFor(async () => expect((await theSwitch()).getAttribute("aria-checked")).toBe("true"))
    expect(screen.getByText(/10 recovery codes left/)).toBeTruthy()
  })

  it("stays off when enrolment is cancelled", async () => {
    const state = twoFactorServer(false)
    renderSetting()
    const toggle = await theSwitch()
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false))
    await userEvent.click(toggle)
    const dialog = await screen.findByRole("dialog")
    await within(dialog).findByLabelText("Code from your app")
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect((await theSwitch()).getAttribute("aria-checked")).toBe("false")
    expect(state.sent).toEqual([])
  })

  it("turns off with the password and a code; a wrong password is shown at its field", async () => {
    const state = twoFactorServer(true)
    renderSetting()
    const toggle = await theSwitch()
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"))
    await userEvent.click(toggle)
    const dialog = await screen.findByRole("dialog", { name: "Turn off two-factor sign-in" })
    await userEvent.type(within(dialog).getByLabelText("Password"), "wrong")
    await userEvent.type(
      within(dialog).getByLabelText("Code from your app or a recovery code"),
      "123456",
    )
    await userEvent.click(within(dialog).getByRole("button", { name: "Turn off" }))
    expect(await within(dialog).findByText("Your password is incorrect")).toBeTruthy()
    const password = within(dialog).getByLabelText("Password")
    await userEvent.clear(password)
    await userEvent.type(password, "s3cret-pass")
    await userEvent.click(within(dialog).getByRole("button", { name: "Turn off" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(await screen.findByText("Two-factor sign-in turned off")).toBeTruthy()
    await waitFor(async () =>
      expect((await theSwitch()).getAttribute("aria-checked")).toBe("false"),
    )
    expect(state.sent.at(-1)).toEqual({
      path: "delete",
      body: { password: "s3cret-pass", code: "123456" },
    })
  })
})
