import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  BUTTON_ID,
  BUTTON_KEY,
  CARD_KEY,
  TOKEN,
  TITLE_KEY,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"
import { tailwindClassCss } from "./class-css.ts"

/** Every mutation call the editor made: its path, its body and its token header. */
const recordMutations = () => {
  const calls: Array<{ path: string; body: Record<string, unknown>; token: string | null }> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/*", async ({ request }) => {
      calls.push({
        path: new URL(request.url).pathname,
        body: (await request.json()) as Record<string, unknown>,
        token: request.headers.get("X-Colorday-Editor-Token"),
      })
      return HttpResponse.json(mutationResult())
    }),
  )
  return calls
}

const inspector = () => screen.getByRole("complementary", { name: "Inspector" })

describe("the inspector", () => {
  it("asks for a selection until there is one, then shows the element's tag, classes and text", () => {
    const { frame } = renderEditor()
    expect(within(inspector()).getByText(/Select an element/)).toBeTruthy()
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: BUTTON_KEY })
    expect(within(inspector()).getByLabelText<HTMLInputElement>("Tag name").value).toBe("button")
    const classes = within(inspector()).getByRole("list", { name: "Classes" })
    expect(
      within(classes)
        .getAllByRole("button", { name: /^Edit class/ })
        .map((b) => b.textContent),
    ).toEqual(["rounded", "bg-indigo-600", "px-3"])
    expect(within(inspector()).getByLabelText<HTMLInputElement>("Element text").value).toBe(
      "Get started",
    )
  })

  it("adds a Tailwind class picked from the suggestions: previewed in the frame, then saved with the token", async () => {
    const calls = recordMutations()
    renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    const input = within(inspector()).getByRole("combobox", { name: "Add a class" })
    await user.type(input, "underl")
    const suggestions = within(inspector()).getByRole("listbox", { name: "Suggested classes" })
    await user.click(within(suggestions).getByRole("option", { name: "underline" }))

    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      path: "/canvases/sample/parseAndMutate/mutate/addClass",
      token: TOKEN,
      body: {
        reactElement: { codebaseId: BUTTON_ID },
        className: "underline",
        stylingFramework: "Tailwind",
      },
    })
    expect(await screen.findByRole("listitem", { name: "Add class: Saved" })).toBeTruthy()
  })

  it("sends the instant update before the request, and adds under the chosen breakpoint and state", async () => {
    const calls = recordMutations()
    const { frame } = renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    await user.selectOptions(within(inspector()).getByLabelText("Breakpoint"), "md")
    await user.click(
      within(within(inspector()).getByRole("radiogroup", { name: "State" })).getByRole("radio", {
        name: "hover",
      }),
    )
    // Said where styles are set, and where classes are added.
    expect(within(inspector()).getAllByText("md:hover:")).toHaveLength(2)
    await user.type(
      within(inspector()).getByRole("combobox", { name: "Add a class" }),
      "bg-red-500{Enter}",
    )

    await waitFor(() => expect(calls).toHaveLength(1))
    expect(frame.previews()).toEqual([
      expect.objectContaining<Record<string, unknown>>({
        type: "ADD_CLASS",
        changeFields: expect.objectContaining<Record<string, unknown>>({
          codebaseIdToAddClass: BUTTON_ID,
          className: "bg-red-500",
          modifiers: ["md", "hover"],
        }),
      }),
    ])
    expect(calls[0]?.body).toMatchObject({ className: "bg-red-500", modifiers: ["md", "hover"] })
    // The frame was told which state's rules to preview.
    expect(frame.calls).toContainEqual({
      name: "setModifiersForSelectedElement",
      args: [["hover"], BUTTON_KEY],
    })
  })

  it("previews an added class with the CSS Tailwind generates for it, before the page has a rule", async () => {
    const calls = recordMutations()
    const { frame } = renderEditor({ select: BUTTON_KEY, classCss: tailwindClassCss() })
    const user = userEvent.setup()
    await user.type(
      within(inspector()).getByRole("combobox", { name: "Add a class" }),
      "tracking-widest{Enter}",
    )

    await waitFor(() => expect(calls).toHaveLength(1))
    const preview = frame.calls.find((call) => call.name === "applyChangeItemToDocument")
    // The frame's second argument: the declarations its temporary arb89- class carries.
    expect(preview?.args[1]).toEqual({
      "--tw-tracking": "var(--tracking-widest)",
      "letter-spacing": "var(--tracking-widest)",
      "--tracking-widest": "0.1em",
    })
  })

  it("removes a class and edits one as the source writes them", async () => {
    const calls = recordMutations()
    renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    await user.click(
      within(inspector()).getByRole("button", { name: "Remove class bg-indigo-600" }),
    )
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      path: "/canvases/sample/parseAndMutate/mutate/removeClass",
      body: { reactElement: { codebaseId: BUTTON_ID }, className: "bg-indigo-600" },
    })

    await user.click(within(inspector()).getByRole("button", { name: "Edit class px-3" }))
    const editor = within(inspector()).getByRole("textbox", { name: "Edit class px-3" })
    await user.clear(editor)
    await user.type(editor, "px-6{Enter}")
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]).toMatchObject({
      path: "/canvases/sample/parseAndMutate/mutate/updateClasses",
      body: {
        oldClasses: ["rounded", "bg-indigo-600", "px-3"],
        newClasses: ["rounded", "bg-indigo-600", "px-6"],
      },
    })
  })

  it("sets a common style as Tailwind under a breakpoint, or inline", async () => {
    const calls = recordMutations()
    renderEditor({ select: TITLE_KEY })
    const user = userEvent.setup()
    await user.selectOptions(within(inspector()).getByLabelText("Breakpoint"), "lg")
    await user.type(within(inspector()).getByLabelText("Padding"), "24px{Enter}")
    await waitFor(() => expect(calls).toHaveLength(1))
    // The scale's step, through the add-class path: it drops what it overrides.
    expect(calls[0]).toMatchObject({
      path: "/canvases/sample/parseAndMutate/mutate/addClass",
      body: { className: "p-6", stylingFramework: "Tailwind", modifiers: ["lg"] },
    })
    await user.selectOptions(within(inspector()).getByLabelText("Breakpoint"), "")

    await user.selectOptions(within(inspector()).getByLabelText("Write as"), "Inline")
    await user.selectOptions(within(inspector()).getByLabelText("Font weight"), "700")
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]?.body).toMatchObject({
      styling: { "font-weight": "700" },
      stylingFramework: "Inline",
    })
  })

  it("changes the tag, a prop (with the 'Prop changed' toast) and the text", async () => {
    const calls = recordMutations()
    renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    const tag = within(inspector()).getByLabelText("Tag name")
    await user.clear(tag)
    await user.type(tag, "a")
    await user.click(within(inspector()).getByRole("button", { name: "Change tag" }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.path).toMatch(/changeElementTag$/)
    expect(calls[0]).toMatchObject({
      body: { newTag: "a" },
    })

    // A function prop is shown, never editable.
    expect(within(inspector()).getByLabelText("onClick").hasAttribute("readonly")).toBe(true)
    const type = within(inspector()).getByLabelText("type")
    await user.clear(type)
    await user.type(type, "submit")
    await user.click(within(inspector()).getAllByRole("button", { name: "Set" })[0]!)
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]).toMatchObject({ body: { propName: "type", propValue: "submit" } })
    expect(await screen.findByText("Prop changed")).toBeTruthy()

    const text = within(inspector()).getByLabelText("Element text")
    await user.clear(text)
    await user.type(text, "Start now")
    await user.click(within(inspector()).getByRole("button", { name: "Save text" }))
    await waitFor(() => expect(calls).toHaveLength(3))
    expect(calls[2]?.path).toMatch(/editText$/)
    expect(calls[2]).toMatchObject({
      body: { newText: "Start now", oldText: "Get started" },
    })
  })

  it("offers no tag change for a component", () => {
    renderEditor({ select: CARD_KEY })
    expect(within(inspector()).getByLabelText<HTMLButtonElement>("Tag name").disabled).toBe(true)
    expect(within(inspector()).getByText("component")).toBeTruthy()
  })
})
