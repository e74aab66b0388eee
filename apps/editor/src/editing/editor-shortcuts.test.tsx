import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { BUTTON_KEY, mutationResult, renderEditor, server } from "../test/editor-harness.tsx"
import { EDITOR_SHORTCUTS, shortcutFor } from "./editor-shortcuts.ts"

/** The endpoints the editor called, in order. */
const recordEndpoints = () => {
  const endpoints: Array<string> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/*", ({ request }) => {
      endpoints.push(new URL(request.url).pathname.split("/").at(-1) ?? "")
      return HttpResponse.json(mutationResult())
    }),
  )
  return endpoints
}

describe("shortcuts pressed in the parent, wherever the focus is", () => {
  it("remove and duplicate the selection after a click on a layer or in a panel", async () => {
    renderEditor({ select: BUTTON_KEY })
    const endpoints = recordEndpoints()
    const user = userEvent.setup()
    // Focus on a layer (a button of the layers panel), not the iframe.
    const layers = screen.getByRole("tree")
    await user.click(within(layers).getAllByRole("treeitem")[0] as HTMLElement)
    await user.keyboard("{Control>}d{/Control}")
    await waitFor(() => expect(endpoints).toEqual(["duplicate"]))
    await user.keyboard("{Delete}")
    await waitFor(() => expect(endpoints).toEqual(["duplicate", "removeJsxElement"]))
  })

  it("leave what is typed in a field alone", async () => {
    renderEditor({ select: BUTTON_KEY })
    const endpoints = recordEndpoints()
    const user = userEvent.setup()
    const field = screen.getAllByRole("textbox")[0] as HTMLElement
    await user.click(field)
    await user.keyboard("ab{Backspace}{Delete}")
    // Then a shortcut outside the field: it alone reaches the server (a removal from the field's
    // keys would have gone first).
    await user.click(within(screen.getByRole("tree")).getAllByRole("treeitem")[0] as HTMLElement)
    await user.keyboard("{Control>}d{/Control}")
    await waitFor(() => expect(endpoints).toEqual(["duplicate"]))
  })
})

/** The key press a shortcut's shown chord stands for ("⌘/Ctrl" as Ctrl, "↑" as ArrowUp). */
const pressOf = (chord: ReadonlyArray<string>) => {
  const key = chord.at(-1) ?? ""
  const named: Record<string, string> = { "↑": "ArrowUp", "↓": "ArrowDown", Esc: "Escape" }
  return {
    key: named[key] ?? (key.length === 1 ? key.toLowerCase() : key),
    ctrlKey: chord.includes("⌘/Ctrl"),
    shiftKey: chord.includes("Shift"),
    altKey: chord.includes("Alt"),
  }
}

describe("the shortcut table", () => {
  it("runs, for every chord it shows, the shortcut it shows it for", () => {
    const runnable = EDITOR_SHORTCUTS.filter((shortcut) => shortcut.run !== undefined)
    expect(runnable.length).toBeGreaterThan(8)
    for (const shortcut of runnable) {
      for (const chord of shortcut.keys) {
        // "?" is typed with Shift on most layouts; the key says it.
        const press = chord[0] === "?" ? { key: "?", shiftKey: true } : pressOf(chord)
        expect(shortcutFor(press)?.id, chord.join("+")).toBe(shortcut.id)
      }
    }
  })

  it("moves the selection down past its next sibling with Alt+↓", async () => {
    renderEditor({ select: BUTTON_KEY })
    const endpoints = recordEndpoints()
    const user = userEvent.setup()
    await user.click(within(screen.getByRole("tree")).getAllByRole("treeitem")[0] as HTMLElement)
    await user.click(
      within(screen.getByRole("tree"))
        .getAllByRole("treeitem")
        .find((item) => item.getAttribute("data-key") === BUTTON_KEY) as HTMLElement,
    )
    await user.keyboard("{Alt>}{ArrowDown}{/Alt}")
    await waitFor(() => expect(endpoints).toEqual(["moveJsxElement"]))
  })
})
