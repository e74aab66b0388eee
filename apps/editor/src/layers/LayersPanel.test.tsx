import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { renderEditor } from "../test/editor-harness.tsx"

const STORYBOARD = "TE_STORYBOARD-TOP-CONSTANT_app_0"
const BUTTON = "TE_tempo-55555555-5555-5555-8555-555555555555_app_0-0"
const SLOT = "TE_tempo-66666666-6666-5666-8666-666666666666_app_0-0-0"
const INNER = "TE_tempo-77777777-7777-5777-8777-777777777777_app_0-0-0-0"
const LONG_NAME = "SettingsNotificationPreferencesSection"

const treeNode = (
  key: string,
  parent: string | null,
  name: string,
  isComponent: boolean,
  children: ReadonlyArray<object> = [],
) => ({
  tempoElementKey: key,
  parent,
  children,
  classList: [],
  directlySetClassList: [],
  name,
  elementTagName: isComponent ? name : "button",
  isComponent,
  props: {},
  literalChildren: [],
  pageBoundingBox: { pageX: 0, pageY: 0, width: 10, height: 10 },
  scope: null,
  level: 1,
})

/** A shadcn Button: the app's component, Radix's Slot inside, the button it renders. */
const SHADCN_TREE = treeNode(STORYBOARD, null, "Storyboard", false, [
  treeNode(BUTTON, STORYBOARD, "Button", true, [
    treeNode(SLOT, BUTTON, "SlotPrimitive.Slot", true, [treeNode(INNER, SLOT, LONG_NAME, false)]),
  ]),
])

afterEach(() => localStorage.clear())

describe("Layers on a real tree", () => {
  it("hides library internals until the switch shows them, and remembers the switch", async () => {
    const { frame, unmount } = renderEditor()
    frame.emit("NAV_TREE", { navTree: SHADCN_TREE, outerHTML: "<body></body>" })
    const tree = screen.getByRole("tree")
    const names = () =>
      within(tree)
        .getAllByRole("treeitem")
        .map((item) => item.getAttribute("title"))
    expect(names()).toEqual(["Button", LONG_NAME])
    // The button sits right under its component, one level deeper.
    expect(within(tree).getByTitle(LONG_NAME).getAttribute("aria-level")).toBe("2")
    const user = userEvent.setup()
    await user.click(screen.getByRole("checkbox", { name: /Show library internals \(1\)/ }))
    expect(names()).toEqual(["Button", "SlotPrimitive.Slot", LONG_NAME])
    unmount()
    const again = renderEditor()
    again.frame.emit("NAV_TREE", { navTree: SHADCN_TREE, outerHTML: "<body></body>" })
    expect(
      screen.getByRole<HTMLInputElement>("checkbox", { name: /Show library internals/ }).checked,
    ).toBe(true)
  })

  it("shows a deep layer's whole name", () => {
    const { frame } = renderEditor()
    frame.emit("NAV_TREE", { navTree: SHADCN_TREE, outerHTML: "<body></body>" })
    const row = within(screen.getByRole("tree")).getByTitle(LONG_NAME)
    expect(within(row).getByText(LONG_NAME).classList.contains("truncate")).toBe(false)
    expect(row.classList.contains("whitespace-nowrap")).toBe(true)
  })
})
