import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { describe, expect, it, vi } from "vitest"
import { SelectMenu } from "./select.tsx"

const ORDERS = [
  { value: "top", label: "Top Rated" },
  { value: "newest", label: "Newest" },
  { value: "random", label: "Random" },
] as const

const renderSelect = () => {
  const chosen = vi.fn()
  render(
    <>
      <span id="order-label">Sort by</span>
      <SelectMenu labelledBy="order-label" value="newest" options={ORDERS} onValueChange={chosen} />
    </>,
  )
  return chosen
}

describe("SelectMenu", () => {
  it("reads as a closed combobox showing the chosen option before it is first opened", () => {
    renderSelect()
    const box = screen.getByRole("combobox", { name: "Sort by" })
    expect(box.getAttribute("aria-expanded")).toBe("false")
    expect(box.textContent).toBe("Newest")
    expect(screen.queryByRole("listbox")).toBeNull()
  })

  it("opens on its first click, the chosen option focused, and gives back the option chosen", async () => {
    const chosen = renderSelect()
    await userEvent.click(screen.getByRole("combobox", { name: "Sort by" }))
    const newest = await screen.findByRole("option", { name: "Newest" })
    await waitFor(() => expect(document.activeElement).toBe(newest))
    await userEvent.click(screen.getByRole("option", { name: "Top Rated" }))
    expect(chosen).toHaveBeenCalledWith("top")
    await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull())
  })

  it("opens from the keyboard and chooses with the arrows and Enter", async () => {
    const chosen = renderSelect()
    screen.getByRole("combobox", { name: "Sort by" }).focus()
    await userEvent.keyboard("{ArrowDown}")
    const newest = await screen.findByRole("option", { name: "Newest" })
    await waitFor(() => expect(document.activeElement).toBe(newest))
    await userEvent.keyboard("{ArrowDown}{Enter}")
    expect(chosen).toHaveBeenCalledWith("random")
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("combobox", { name: "Sort by" })),
    )
  })
})
