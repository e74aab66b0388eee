import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  BUTTON_ID,
  BUTTON_KEY,
  CARD_KEY,
  TITLE_ID,
  TITLE_KEY,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"

/** Every mutation the editor sent, by endpoint, with its body. */
const recordMutations = () => {
  const sent: Array<{ endpoint: string; body: Record<string, unknown> }> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/*", async ({ request }) => {
      sent.push({
        endpoint: new URL(request.url).pathname.split("/").at(-1) ?? "",
        body: (await request.json()) as Record<string, unknown>,
      })
      return HttpResponse.json(mutationResult())
    }),
  )
  return sent
}

const layer = (key: string) =>
  within(screen.getByRole("tree"))
    .getAllByRole("treeitem")
    .find((item) => item.getAttribute("data-key") === key) as HTMLElement

describe("the element menu", () => {
  it("opens on a right-click in the canvas and duplicates the element", async () => {
    const { frame } = renderEditor()
    const sent = recordMutations()
    frame.emit("CONTEXT_MENU", { elementKey: BUTTON_KEY, clientX: 40, clientY: 30 })
    const menu = await screen.findByRole("menu")
    const user = userEvent.setup()
    await user.click(within(menu).getByRole("menuitem", { name: /Duplicate/ }))
    await waitFor(() => expect(sent.map((call) => call.endpoint)).toEqual(["duplicate"]))
    expect(sent[0]?.body.reactElements).toEqual([
      expect.objectContaining({ codebaseId: BUTTON_ID }),
    ])
    expect(screen.queryByRole("menu")).toBeNull()
  })

  it("opens on a layer from the keyboard (Shift+F10) and moves the element up past its sibling", async () => {
    renderEditor({ select: BUTTON_KEY })
    const sent = recordMutations()
    const user = userEvent.setup()
    layer(BUTTON_KEY).focus()
    await user.keyboard("{Shift>}{F10}{/Shift}")
    const menu = await screen.findByRole("menu")
    await user.click(within(menu).getByRole("menuitem", { name: /Move up/ }))
    await waitFor(() => expect(sent.map((call) => call.endpoint)).toEqual(["moveJsxElement"]))
    expect(sent[0]?.body).toMatchObject({
      elementToMove: { codebaseId: BUTTON_ID },
      beforeElement: { codebaseId: TITLE_ID },
    })
  })

  it("offers only what the element allows: no Move up for the first child, no text for a component", async () => {
    renderEditor()
    const user = userEvent.setup()
    await user.pointer({ keys: "[MouseRight]", target: layer(TITLE_KEY) })
    let menu = await screen.findByRole("menu")
    expect(
      within(menu)
        .getByRole("menuitem", { name: /Move up/ })
        .getAttribute("aria-disabled"),
    ).toBe("true")
    expect(
      within(menu)
        .getByRole("menuitem", { name: /Move down/ })
        .getAttribute("aria-disabled"),
    ).toBeNull()
    expect(
      within(menu)
        .getByRole("menuitem", { name: /Paste after/ })
        .getAttribute("aria-disabled"),
    ).toBe("true")
    await user.keyboard("{Escape}")
    await user.pointer({ keys: "[MouseRight]", target: layer(CARD_KEY) })
    menu = await screen.findByRole("menu")
    expect(
      within(menu)
        .getByRole("menuitem", { name: /Edit text/ })
        .getAttribute("aria-disabled"),
    ).toBe("true")
  })

  it("edits an element's static text in a dialog, through EDIT_TEXT", async () => {
    const { frame } = renderEditor()
    const sent = recordMutations()
    frame.emit("CONTEXT_MENU", { elementKey: TITLE_KEY, clientX: 10, clientY: 10 })
    const user = userEvent.setup()
    await user.click(await screen.findByRole("menuitem", { name: /Edit text/ }))
    const dialog = await screen.findByRole("dialog", { name: "Edit the text of h2" })
    const field = within(dialog).getByRole("textbox", { name: "Text" })
    await user.clear(field)
    await user.type(field, "About us")
    await user.click(within(dialog).getByRole("button", { name: "Save text" }))
    await waitFor(() => expect(sent.map((call) => call.endpoint)).toEqual(["editText"]))
    expect(sent[0]?.body).toMatchObject({ newText: "About us", oldText: "About" })
  })
})

describe("copy and paste", () => {
  const SOURCE = {
    path: "src/components/Header.tsx",
    startLine: 8,
    endLine: 8,
    text: '<h2 className="text-lg">About</h2>',
    imports: 'import { Badge } from "./Badge.tsx"',
  }

  it("copies the element's JSX from the server and pastes it after the selection with its imports", async () => {
    renderEditor({ select: TITLE_KEY })
    const sent = recordMutations()
    const asked: Array<string> = []
    server.use(
      http.get("*/canvases/sample/elements/:codebaseId/source", ({ params }) => {
        asked.push(String(params.codebaseId))
        return HttpResponse.json(SOURCE)
      }),
    )
    const user = userEvent.setup()
    layer(TITLE_KEY).focus()
    await user.keyboard("{Control>}c{/Control}")
    await waitFor(() => expect(asked).toEqual([TITLE_ID]))
    await user.click(layer(BUTTON_KEY))
    await user.keyboard("{Control>}v{/Control}")
    await waitFor(() => expect(sent.map((call) => call.endpoint)).toEqual(["addJsxElement"]))
    const body = sent[0]?.body ?? {}
    expect(body.afterElement).toMatchObject({ codebaseId: BUTTON_ID })
    expect(body.fileContentsSourceFilename).toBe(SOURCE.path)
    expect(body.fileContentsToSourceFrom).toContain(SOURCE.imports)
    expect(body.fileContentsToSourceFrom).toContain(`return (\n    ${SOURCE.text}\n  )`)
  })

  it("says why a copy failed, naming the element as Layers does", async () => {
    renderEditor({ select: TITLE_KEY })
    server.use(
      http.get("*/canvases/sample/elements/:codebaseId/source", () =>
        HttpResponse.json(
          { code: "ELEMENT_NOT_FOUND", message: `No element with codebase id ${TITLE_ID}` },
          { status: 404 },
        ),
      ),
    )
    const user = userEvent.setup()
    layer(TITLE_KEY).focus()
    await user.keyboard("{Control>}c{/Control}")
    expect((await screen.findByRole("alert")).textContent).toContain(
      "No element with codebase id <h2>",
    )
  })

  it("leaves ⌘/Ctrl+C to the browser while text is selected", async () => {
    renderEditor({ select: TITLE_KEY })
    const asked: Array<string> = []
    server.use(
      http.get("*/canvases/sample/elements/:codebaseId/source", ({ params }) => {
        asked.push(String(params.codebaseId))
        return HttpResponse.json(SOURCE)
      }),
    )
    const user = userEvent.setup()
    const heading = screen.getByRole("heading", { name: "Layers" })
    window.getSelection()?.selectAllChildren(heading)
    await user.keyboard("{Control>}c{/Control}")
    window.getSelection()?.removeAllRanges()
    await user.keyboard("{Control>}c{/Control}")
    await waitFor(() => expect(asked).toEqual([TITLE_ID]))
  })
})
