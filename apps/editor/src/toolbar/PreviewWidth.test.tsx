import { act, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  type FakeFrame,
  TITLE_KEY,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"

/** The responsive preview (issue 21): the toolbar's width control, the canvas, the edits. */

const recordMutations = () => {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/*", async ({ request }) => {
      calls.push({
        path: new URL(request.url).pathname,
        body: (await request.json()) as Record<string, unknown>,
      })
      return HttpResponse.json(mutationResult())
    }),
  )
  return calls
}

const control = () => screen.getByRole("group", { name: "Preview width" })
const previewAt = () => within(control()).getByLabelText<HTMLSelectElement>("Preview at")
const widthInput = () => within(control()).getByLabelText<HTMLInputElement>("Width in pixels")
const appliesAt = () => within(control()).getByLabelText("Styles apply at").textContent
const frameStyle = () => screen.getByTitle<HTMLIFrameElement>("Canvas: the edited app").style
const inspector = () => screen.getByRole("complementary", { name: "Inspector" })
const zoomCalls = (frame: FakeFrame) =>
  frame.calls.filter((call) => call.name === "setZoomPerc").map((call) => call.args)

describe("the responsive preview", () => {
  it("lays the canvas out at a breakpoint's width and writes style edits under that breakpoint", async () => {
    const calls = recordMutations()
    renderEditor({ select: TITLE_KEY })
    const user = userEvent.setup()
    expect(frameStyle().width).toBe("100%")
    expect(appliesAt()).toBe("Styles: all sizes")

    await user.selectOptions(previewAt(), "md")
    expect(frameStyle().width).toBe("768px")
    expect(frameStyle().transform).toBe("translateX(-50%) scale(1)")
    expect(widthInput().value).toBe("768")
    expect(appliesAt()).toBe("Styles: md and up")
    expect(within(inspector()).getByLabelText<HTMLSelectElement>("Breakpoint").value).toBe("md")

    await user.type(within(inspector()).getByLabelText("Padding"), "24px{Enter}")
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      path: "/canvases/sample/parseAndMutate/mutate/addClass",
      body: { className: "p-6", stylingFramework: "Tailwind", modifiers: ["md"] },
    })

    // Back to the canvas's width: edits apply at every size again.
    await user.selectOptions(previewAt(), "fit")
    expect(frameStyle().width).toBe("100%")
    expect(appliesAt()).toBe("Styles: all sizes")
    await user.type(within(inspector()).getByLabelText("Padding"), "8px{Enter}")
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]?.body).not.toHaveProperty("modifiers")
  })

  it("takes each device's width, with the breakpoint whose classes show there", async () => {
    renderEditor()
    const user = userEvent.setup()
    const expected: ReadonlyArray<readonly [string, string, string]> = [
      ["phone", "390px", "Styles: all sizes"],
      ["tablet", "768px", "Styles: md and up"],
      ["desktop", "1280px", "Styles: xl and up"],
      ["sm", "640px", "Styles: sm and up"],
      ["lg", "1024px", "Styles: lg and up"],
      ["2xl", "1536px", "Styles: 2xl and up"],
    ]
    for (const [preset, width, applies] of expected) {
      await user.selectOptions(previewAt(), preset)
      expect([frameStyle().width, appliesAt()]).toEqual([width, applies])
    }
  })

  it("previews a width typed in, and refuses one it cannot show, saying why", async () => {
    renderEditor()
    const user = userEvent.setup()
    await user.type(widthInput(), "1100{Enter}")
    expect(frameStyle().width).toBe("1100px")
    expect(previewAt().value).toBe("custom")
    expect(appliesAt()).toBe("Styles: lg and up")

    await user.clear(widthInput())
    await user.type(widthInput(), "100{Enter}")
    expect(within(control()).getByRole("alert").textContent).toBe(
      "The preview width must be a whole number of pixels from 240 to 3840",
    )
    expect(widthInput().getAttribute("aria-invalid")).toBe("true")
    expect(frameStyle().width).toBe("1100px")
  })

  it("scales a width wider than the canvas down to fit it, and tells the frame the zoom it is drawn at", async () => {
    const { frame, session } = renderEditor()
    const user = userEvent.setup()
    act(() => session.setCanvasWidth(640))
    expect(zoomCalls(frame)).toEqual([])

    await user.selectOptions(previewAt(), "desktop")
    expect(frameStyle().transform).toBe("translateX(-50%) scale(0.5)")
    expect(zoomCalls(frame)).toEqual([[50]])
    // A narrower width fits at the editor's zoom.
    await user.selectOptions(previewAt(), "phone")
    expect(frameStyle().transform).toBe("translateX(-50%) scale(1)")
    expect(zoomCalls(frame)).toEqual([[50], [100]])
    expect(screen.getByLabelText("Zoom level").textContent).toBe("100%")
  })

  it("shows a phone and a desktop side by side, and writes an edit under the breakpoint of the frame it is made in", async () => {
    const calls = recordMutations()
    const { session } = renderEditor({ select: TITLE_KEY })
    const user = userEvent.setup()
    act(() => session.setCanvasWidth(1694))
    await user.selectOptions(previewAt(), "side-by-side")
    const phone = screen.getByTitle<HTMLIFrameElement>("Canvas: the edited app at 390px")
    const desktop = screen.getByTitle<HTMLIFrameElement>("Canvas: the edited app at 1280px")
    expect([phone.style.width, desktop.style.width]).toEqual(["390px", "1280px"])
    // Both fit the panel at one zoom: 390 + 24 + 1280 = 1694.
    expect(phone.style.transform).toBe("scale(1)")
    // The phone is where edits go first: below sm, at every size.
    expect(appliesAt()).toBe("Styles: all sizes")
    expect(screen.getByText("Phone · 390px · edits here")).toBeTruthy()
    await user.type(within(inspector()).getByLabelText("Padding"), "24px{Enter}")
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).not.toHaveProperty("modifiers")

    // Worked in the desktop frame (frame-pair.ts tells the session): its breakpoint, xl.
    act(() => session.setActiveFrame(1))
    expect(appliesAt()).toBe("Styles: xl and up")
    expect(screen.getByText("Desktop · 1280px · edits here")).toBeTruthy()
    await user.clear(within(inspector()).getByLabelText("Padding"))
    await user.type(within(inspector()).getByLabelText("Padding"), "8px{Enter}")
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]?.body).toMatchObject({ className: "p-2", modifiers: ["xl"] })

    // One width again: one frame.
    await user.selectOptions(previewAt(), "fit")
    expect(screen.queryByTitle("Canvas: the edited app at 1280px")).toBeNull()
    expect(frameStyle().width).toBe("100%")
    expect(appliesAt()).toBe("Styles: all sizes")
  })
})
