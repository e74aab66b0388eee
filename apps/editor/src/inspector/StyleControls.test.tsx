import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  BUTTON_KEY,
  TITLE_KEY,
  type FakeFrame,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"
import { STEP_COMMIT_MS } from "./LengthField.tsx"

/**
 * The style inspector's controls: the values they show come from the frame's computed styles
 * (COMPUTED_STYLES), and each writes the Tailwind class for what is set (or the inline style).
 */

const recordMutations = () => {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/*", async ({ request }) => {
      calls.push({
        path: new URL(request.url).pathname.replace("/canvases/sample/parseAndMutate/mutate/", ""),
        body: (await request.json()) as Record<string, unknown>,
      })
      return HttpResponse.json(mutationResult())
    }),
  )
  return calls
}

const inspector = () => screen.getByRole("complementary", { name: "Inspector" })
const field = (label: string) => within(inspector()).getByLabelText<HTMLInputElement>(label)

/** The button of the sample tree as a canvas computes it: `px-3 py-1`, indigo, rounded. */
const BUTTON_STYLES = {
  "padding-top": "4px",
  "padding-right": "12px",
  "padding-bottom": "4px",
  "padding-left": "12px",
  "margin-top": "8px",
  "margin-right": "0px",
  "margin-bottom": "0px",
  "margin-left": "0px",
  width: "96px",
  height: "28px",
  "background-color": "rgb(79, 70, 229)",
  color: "rgb(255, 255, 255)",
  "border-top-left-radius": "4px",
  "border-top-width": "0px",
  "border-top-style": "none",
  opacity: "1",
  position: "static",
  "font-weight": "400",
}

const report = (
  frame: FakeFrame,
  fields: {
    readonly key?: string
    readonly styles?: Record<string, string>
    readonly state?: { modifiers: Array<string>; forced: number }
    readonly themeColours?: Array<{ name: string; value: string }>
  } = {},
) =>
  frame.emit("COMPUTED_STYLES", {
    elementKey: fields.key ?? BUTTON_KEY,
    styles: fields.styles ?? BUTTON_STYLES,
    rootFontSize: 16,
    state: fields.state ?? { modifiers: [], forced: 0 },
    themeColours: fields.themeColours ?? [
      { name: "--color-brand", value: "#0ea5e9" },
      { name: "--color-indigo-600", value: "oklch(51.1% 0.262 276.966)" },
    ],
  })

describe("the box model", () => {
  it("shows the canvas's per-side padding and margin, and follows the canvas", () => {
    const { frame } = renderEditor({ select: BUTTON_KEY })
    expect(field("Padding top").value).toBe("")
    report(frame)
    expect(field("Padding top").value).toBe("4")
    expect(field("Padding right").value).toBe("12")
    expect(field("Padding bottom").value).toBe("4")
    expect(field("Padding left").value).toBe("12")
    expect(field("Margin top").value).toBe("8")
    // Sides that differ: the all-sides field shows none of them as the value.
    expect(field("Padding").value).toBe("")
    expect(within(inspector()).getByText("96px × 28px")).toBeTruthy()

    report(frame, { styles: { ...BUTTON_STYLES, "padding-top": "24px" } })
    expect(field("Padding top").value).toBe("24")
    // A report about another element is not this one's.
    report(frame, { key: TITLE_KEY, styles: { ...BUTTON_STYLES, "padding-top": "2px" } })
    expect(field("Padding top").value).toBe("")
  })

  it("shows values in rem when asked, by the root font size", async () => {
    const { frame } = renderEditor({ select: BUTTON_KEY })
    report(frame)
    await userEvent.setup().selectOptions(field("Box model unit"), "rem")
    expect(field("Padding right").value).toBe("0.75")
  })

  it("writes a side as the scale's class, or an arbitrary one where no step fits", async () => {
    const calls = recordMutations()
    const { frame } = renderEditor({ select: BUTTON_KEY })
    report(frame)
    const user = userEvent.setup()
    await user.clear(field("Padding top"))
    await user.type(field("Padding top"), "24{Enter}")
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      path: "addClass",
      body: { className: "pt-6", stylingFramework: "Tailwind" },
    })
    await user.clear(field("Margin left"))
    await user.type(field("Margin left"), "-23{Enter}")
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]?.body).toMatchObject({ className: "ml-[-23px]" })
    // Leaving the field after Enter writes nothing more.
    await user.tab()
    expect(calls).toHaveLength(2)
  })

  it("writes under the breakpoint the preview or the inspector chose", async () => {
    const calls = recordMutations()
    const { frame } = renderEditor({ select: BUTTON_KEY })
    report(frame)
    const user = userEvent.setup()
    await user.selectOptions(within(inspector()).getByLabelText("Breakpoint"), "md")
    await user.clear(field("Padding left"))
    await user.type(field("Padding left"), "32{Enter}")
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toMatchObject({ className: "pl-8", modifiers: ["md"] })
  })

  it("steps with the arrow keys (Shift by 10) and writes once the stepping pauses", async () => {
    const calls = recordMutations()
    const { frame } = renderEditor({ select: BUTTON_KEY })
    report(frame)
    const user = userEvent.setup()
    await user.click(field("Padding top"))
    await user.keyboard("{ArrowUp}{ArrowUp}")
    expect(field("Padding top").value).toBe("6")
    await user.keyboard("{Shift>}{ArrowUp}{/Shift}")
    expect(field("Padding top").value).toBe("16")
    await user.keyboard("{ArrowDown}")
    expect(field("Padding top").value).toBe("15")
    expect(calls).toHaveLength(0)
    await waitFor(() => expect(calls).toHaveLength(1), { timeout: STEP_COMMIT_MS * 4 })
    expect(calls[0]?.body).toMatchObject({ className: "pt-[15px]" })
  })

  it("writes an inline style in inline mode", async () => {
    const calls = recordMutations()
    const { frame } = renderEditor({ select: BUTTON_KEY })
    report(frame)
    const user = userEvent.setup()
    await user.selectOptions(within(inspector()).getByLabelText("Write as"), "Inline")
    await user.clear(field("Padding top"))
    await user.type(field("Padding top"), "24{Enter}")
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      path: "styling",
      body: { styling: { "padding-top": "24px" }, stylingFramework: "Inline" },
    })
  })
})

describe("size, border, effects and position", () => {
  it("writes each as its Tailwind class", async () => {
    const calls = recordMutations()
    const { frame } = renderEditor({ select: BUTTON_KEY })
    report(frame)
    const user = userEvent.setup()
    expect(field("Width").value).toBe("96")
    expect(field("Radius").value).toBe("4")
    expect(field("Opacity").value).toBe("100")

    await user.selectOptions(field("Size unit"), "%")
    await user.type(field("Width"), "50{Enter}")
    await user.clear(field("Radius"))
    await user.type(field("Radius"), "8{Enter}")
    await user.clear(field("Border width"))
    await user.type(field("Border width"), "2{Enter}")
    await user.selectOptions(field("Border style"), "dashed")
    await user.selectOptions(field("Shadow"), "md")
    await user.clear(field("Opacity"))
    await user.type(field("Opacity"), "35{Enter}")
    await user.selectOptions(field("Position type"), "relative")
    await waitFor(() => expect(calls).toHaveLength(7))
    expect(calls.map((call) => call.body.className)).toEqual([
      "w-1/2",
      "rounded-lg",
      "border-2",
      "border-dashed",
      "shadow-md",
      "opacity-35",
      "relative",
    ])
  })

  it("offers the offsets once the element is positioned", () => {
    const { frame } = renderEditor({ select: BUTTON_KEY })
    report(frame)
    expect(within(inspector()).queryByLabelText("Offset top")).toBeNull()
    report(frame, { styles: { ...BUTTON_STYLES, position: "absolute", top: "12px" } })
    expect(field("Offset top").value).toBe("12")
  })
})

describe("the colour pickers", () => {
  it("offer the app's theme tokens first, then the palette, then a free colour", async () => {
    const calls = recordMutations()
    const { frame } = renderEditor({ select: BUTTON_KEY })
    report(frame)
    const user = userEvent.setup()
    await user.click(within(inspector()).getByRole("button", { name: /^Background: rgb/ }))
    const picker = within(inspector()).getByRole("group", { name: "Pick background" })
    // The app's own token; a palette step the page uses is in the palette, not among them.
    const tokens = within(picker).getAllByRole("button", { name: /^brand$|^indigo-600$/ })
    expect(tokens.map((token) => token.textContent)).toEqual(["brand", ""])
    await user.click(within(picker).getByRole("button", { name: "brand" }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toMatchObject({ className: "bg-brand" })

    await user.click(within(inspector()).getByRole("button", { name: /^Text colour/ }))
    const text = within(inspector()).getByRole("group", { name: "Pick text colour" })
    await user.type(within(text).getByLabelText("Free colour (hex)"), "1E293B")
    await user.click(within(text).getByRole("button", { name: "Use colour" }))
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]?.body).toMatchObject({ className: "text-[#1e293b]" })
  })

  it("says the canvas cannot preview a state for an element it does not show", async () => {
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    const states = within(inspector()).getByRole("radiogroup", { name: "State" })
    await user.click(within(states).getByRole("radio", { name: "focus" }))
    report(frame, { styles: {}, state: { modifiers: ["focus"], forced: 0 } })
    expect(within(inspector()).getByRole("status").textContent).toMatch(/cannot preview focus/)
    report(frame, { state: { modifiers: ["focus"], forced: 0 } })
    expect(within(inspector()).getByRole("status").textContent).toMatch(/No focus styles/)
  })

  it("with the hover state on, writes the hover variant and says what the canvas shows", async () => {
    const calls = recordMutations()
    const { frame } = renderEditor({ select: BUTTON_KEY })
    report(frame)
    const user = userEvent.setup()
    const states = within(inspector()).getByRole("radiogroup", { name: "State" })
    await user.click(within(states).getByRole("radio", { name: "hover" }))
    expect(frame.calls).toContainEqual({
      name: "setModifiersForSelectedElement",
      args: [["hover"], BUTTON_KEY],
    })
    // Until the canvas answers for hover, it has not shown it.
    expect(within(inspector()).getByRole("status").textContent).toMatch(/cannot preview hover/)
    report(frame, { state: { modifiers: ["hover"], forced: 0 } })
    expect(within(inspector()).getByRole("status").textContent).toMatch(/No hover styles/)

    await user.click(within(inspector()).getByRole("button", { name: /^Background: rgb/ }))
    const picker = within(inspector()).getByRole("group", { name: "Pick background" })
    await user.click(within(picker).getByRole("button", { name: "rose-500" }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toMatchObject({ className: "bg-rose-500", modifiers: ["hover"] })

    report(frame, {
      state: { modifiers: ["hover"], forced: 1 },
      styles: { ...BUTTON_STYLES, "background-color": "oklch(0.645 0.246 16.439)" },
    })
    expect(within(inspector()).getByRole("status").textContent).toMatch(
      /shows the element as hover \(1 style forced\)/,
    )
    expect(
      within(inspector()).getByRole("button", { name: "Background: oklch(0.645 0.246 16.439)" }),
    ).toBeTruthy()
  })
})
