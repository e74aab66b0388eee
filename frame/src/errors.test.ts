import { afterEach, describe, expect, it, vi } from "vitest"
import { type ErrorWatch, watchErrors } from "./errors.ts"
import type { HydrationStatusMessage } from "./protocol.ts"

let watch: ErrorWatch | undefined
afterEach(() => {
  watch?.dispose()
  vi.restoreAllMocks()
})

const fire = (message: string) =>
  window.dispatchEvent(new ErrorEvent("error", { message, error: new Error(message) }))

describe("errors in the app", () => {
  it("reports a hydration error by its text, and other errors as other errors", () => {
    const seen: Array<HydrationStatusMessage> = []
    watch = watchErrors(window, { viteOverlay: false, onChange: (status) => seen.push(status) })
    expect(watch.status()).toEqual({ status: "NO_ERROR" })
    fire("boom")
    expect(seen.at(-1)).toMatchObject({ status: "OTHER_ERROR", errorDescr: "boom" })
    fire("Hydration failed because the server rendered HTML didn't match the client.")
    expect(seen.at(-1)).toMatchObject({ status: "HYDRATION_ERROR", errorLabel: "Hydration error" })
  })

  it("catches React's console report of a hydration mismatch, not other console errors", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined)
    const seen: Array<HydrationStatusMessage> = []
    watch = watchErrors(window, { viteOverlay: false, onChange: (status) => seen.push(status) })
    console.error("some warning")
    expect(seen).toHaveLength(0)
    console.error("Uncaught Error: Hydration failed")
    expect(seen.at(-1)?.status).toBe("HYDRATION_ERROR")
  })

  it("shows window errors in Vite's overlay with framework=VITE", () => {
    const shown: Array<unknown> = []
    class FakeOverlay extends HTMLElement {
      constructor(error: unknown) {
        super()
        shown.push(error)
      }
    }
    if (!customElements.get("vite-error-overlay"))
      customElements.define("vite-error-overlay", FakeOverlay)
    watch = watchErrors(window, { viteOverlay: true, onChange: () => undefined })
    fire("broken")
    expect(document.querySelector("vite-error-overlay")).not.toBeNull()
    expect(shown.at(-1)).toMatchObject({ message: "broken" })
  })
})
