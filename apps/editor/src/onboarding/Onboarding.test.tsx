import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { EDITOR_SHORTCUTS } from "../editing/editor-shortcuts.ts"
import { BUTTON_KEY, renderEditor } from "../test/editor-harness.tsx"

afterEach(() => localStorage.clear())

describe("the introduction", () => {
  it("explains the three panels while nothing is selected, and stays hidden once closed", async () => {
    const { frame, unmount } = renderEditor()
    const card = screen.getByRole("complementary", { name: "Edit your app by pointing at it" })
    for (const panel of ["Canvas (here)", "Layers (left)", "Inspector (right)"]) {
      expect(within(card).getByText(panel)).toBeTruthy()
    }
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: BUTTON_KEY })
    expect(screen.queryByRole("complementary", { name: /Edit your app/ })).toBeNull()
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: null })
    const user = userEvent.setup()
    await user.click(screen.getByRole("button", { name: "Hide the introduction" }))
    expect(screen.queryByRole("complementary", { name: /Edit your app/ })).toBeNull()
    unmount()
    renderEditor()
    expect(screen.queryByRole("complementary", { name: /Edit your app/ })).toBeNull()
  })
})

describe("the shortcut sheet", () => {
  it('opens with "?" and lists every shortcut of the editor\'s table, by where it works', async () => {
    renderEditor()
    const user = userEvent.setup()
    await user.click(within(screen.getByRole("tree")).getAllByRole("treeitem")[0] as HTMLElement)
    await user.keyboard("?")
    const sheet = await screen.findByRole("dialog", { name: "Keyboard shortcuts" })
    const listed = within(sheet)
      .getAllByRole("term")
      .map((term) => term.textContent)
    expect(listed).toHaveLength(EDITOR_SHORTCUTS.length)
    expect(new Set(listed)).toEqual(new Set(EDITOR_SHORTCUTS.map((shortcut) => shortcut.what)))
    expect(within(sheet).getByRole("heading", { name: "In Layers" })).toBeTruthy()
    await user.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
  })

  it("opens from the toolbar and from the introduction", async () => {
    renderEditor()
    const user = userEvent.setup()
    await user.click(screen.getByRole("button", { name: "Shortcuts" }))
    expect(await screen.findByRole("dialog", { name: "Keyboard shortcuts" })).toBeTruthy()
    await user.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await user.click(screen.getByRole("button", { name: "Keyboard shortcuts (?)" }))
    expect(await screen.findByRole("dialog", { name: "Keyboard shortcuts" })).toBeTruthy()
  })
})
