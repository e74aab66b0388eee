import { fireEvent, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { EditorPanels } from "./EditorPanels.tsx"
import { PANEL_LIMITS, readPanelWidths } from "./panel-widths.ts"

const renderPanels = () =>
  render(
    <EditorPanels layers={<p>layers</p>} canvas={<p>canvas</p>} inspector={<p>inspector</p>} />,
  )

afterEach(() => localStorage.clear())

describe("the editor's panels", () => {
  it("widen Layers with the arrow keys and keep the width for the next visit", async () => {
    const view = renderPanels()
    const divider = screen.getByRole("separator", { name: "Resize the Layers panel" })
    expect(divider.getAttribute("aria-valuenow")).toBe(String(PANEL_LIMITS.layers.initial))
    const user = userEvent.setup()
    divider.focus()
    await user.keyboard("{ArrowRight}{ArrowRight}")
    expect(divider.getAttribute("aria-valuenow")).toBe(String(PANEL_LIMITS.layers.initial + 32))
    expect(readPanelWidths().layers).toBe(PANEL_LIMITS.layers.initial + 32)
    view.unmount()
    renderPanels()
    expect(
      screen
        .getByRole("separator", { name: "Resize the Layers panel" })
        .getAttribute("aria-valuenow"),
    ).toBe(String(PANEL_LIMITS.layers.initial + 32))
  })

  it("widen the inspector when its divider is dragged left, within its limits", () => {
    renderPanels()
    const divider = screen.getByRole("separator", { name: "Resize the inspector" })
    divider.setPointerCapture = () => undefined
    divider.hasPointerCapture = () => false
    fireEvent.pointerDown(divider, { clientX: 1000, pointerId: 1 })
    fireEvent.pointerMove(divider, { clientX: 900, pointerId: 1 })
    fireEvent.pointerUp(divider, { clientX: 900, pointerId: 1 })
    expect(divider.getAttribute("aria-valuenow")).toBe(String(PANEL_LIMITS.inspector.initial + 100))
    expect(readPanelWidths().inspector).toBe(PANEL_LIMITS.inspector.initial + 100)
    fireEvent.pointerDown(divider, { clientX: 900, pointerId: 1 })
    fireEvent.pointerMove(divider, { clientX: -5000, pointerId: 1 })
    fireEvent.pointerUp(divider, { clientX: -5000, pointerId: 1 })
    expect(divider.getAttribute("aria-valuenow")).toBe(String(PANEL_LIMITS.inspector.max))
  })

  it("ignore a kept value that is not a width", () => {
    localStorage.setItem("colorday.editor.panelWidths", "{not json")
    expect(readPanelWidths()).toEqual({
      layers: PANEL_LIMITS.layers.initial,
      inspector: PANEL_LIMITS.inspector.initial,
    })
  })
})
