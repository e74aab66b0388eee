import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { BUTTON_KEY, mutationResult, renderEditor, server } from "../test/editor-harness.tsx"

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
