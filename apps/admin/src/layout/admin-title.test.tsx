import { configure, screen, waitFor } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { page, renderAdmin, server, signedInAsAdmin } from "../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

describe("the dashboard's tab title", () => {
  it("names the section the admin is in, and follows each navigation", async () => {
    signedInAsAdmin()
    server.use(
      http.get("*/api/admin/audit", () => HttpResponse.json(page([]))),
      http.get("*/api/admin/messages", () => HttpResponse.json(page([]))),
    )
    document.title = "Colorday admin"
    const { router } = renderAdmin("/admin/audit")
    await waitFor(() => expect(document.title).toBe("Audit log · Colorday admin"))

    await router.navigate("/messages")
    await waitFor(() => expect(document.title).toBe("Messages · Colorday admin"))

    await router.navigate("/no-such-section")
    await screen.findByRole("heading", { level: 1 })
    await waitFor(() => expect(document.title).toBe("Page not found · Colorday admin"))
  })
})
