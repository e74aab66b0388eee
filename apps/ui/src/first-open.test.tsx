import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { describe, expect, it } from "vitest"
import { useFirstOpen, type Opening } from "./first-open.ts"

const MENU: Opening = { keys: ["Enter", " ", "ArrowDown"], touch: "pointerdown" }
const SELECT: Opening = { keys: [" ", "Enter", "ArrowUp", "ArrowDown"], touch: "click" }

/** A plain button until opened, then what the popup would be told of the first opening. */
const Popup = ({ opening }: { readonly opening: Opening }) => {
  const { opened, trigger, takeKeyOpening } = useFirstOpen(opening)
  if (opened) {
    const byKey = takeKeyOpening()
    return (
      <p>{`Opened ${byKey ? "by a key" : "by a pointer"}, then ${String(takeKeyOpening())}`}</p>
    )
  }
  return (
    <button type="button" {...trigger}>
      Open
    </button>
  )
}

const button = () => screen.getByRole("button", { name: "Open" })

describe("useFirstOpen", () => {
  it("is a closed button until opened", () => {
    render(<Popup opening={MENU} />)
    expect(button().getAttribute("aria-expanded")).toBe("false")
    expect(button().getAttribute("data-state")).toBe("closed")
  })

  it("opens on a mouse's pointer down, not on a right click", async () => {
    render(<Popup opening={SELECT} />)
    await userEvent.pointer({ keys: "[MouseRight]", target: button() })
    expect(screen.queryByText(/^Opened/)).toBeNull()
    await userEvent.pointer({ keys: "[MouseLeft>]", target: button() })
    expect(screen.getByText("Opened by a pointer, then false")).toBeTruthy()
  })

  it("opens a menu on a touch's pointer down, as Radix's menu trigger does", async () => {
    render(<Popup opening={MENU} />)
    await userEvent.pointer({ keys: "[TouchA>]", target: button() })
    expect(screen.getByText("Opened by a pointer, then false")).toBeTruthy()
  })

  it("opens a select on a tap's click, not its touch down, as Radix's select trigger does", async () => {
    const user = userEvent.setup()
    render(<Popup opening={SELECT} />)
    await user.pointer({ keys: "[TouchA>]", target: button() })
    expect(screen.queryByText(/^Opened/)).toBeNull()
    await user.pointer({ keys: "[/TouchA]", target: button() })
    expect(screen.getByText("Opened by a pointer, then false")).toBeTruthy()
  })

  it("opens on its keys only, and says so once", async () => {
    render(<Popup opening={MENU} />)
    button().focus()
    await userEvent.keyboard("{ArrowUp}")
    expect(screen.queryByText(/^Opened/)).toBeNull()
    await userEvent.keyboard("{ArrowDown}")
    expect(screen.getByText("Opened by a key, then false")).toBeTruthy()
  })
})
