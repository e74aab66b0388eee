import { act, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { afterEach, describe, expect, it } from "vitest"
import {
  BUTTON_KEY,
  TITLE_ID,
  TITLE_KEY,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"

afterEach(() => localStorage.clear())

const SOURCE = {
  path: "src/App.tsx",
  startLine: 40,
  endLine: 42,
  text: '<h2 className="text-lg">\n  About\n</h2>',
  imports: "",
}

/** Answers the source route, counting the reads of each element. */
const answerSources = () => {
  const asked: Array<string> = []
  server.use(
    http.get("*/canvases/sample/elements/:codebaseId/source", ({ params }) => {
      asked.push(String(params.codebaseId))
      return String(params.codebaseId) === TITLE_ID
        ? HttpResponse.json(SOURCE)
        : HttpResponse.json(
            {
              code: "ELEMENT_NOT_FOUND",
              message: `No element with codebase id ${String(params.codebaseId)}`,
            },
            { status: 404 },
          )
    }),
    http.post("*/canvases/sample/parseAndMutate/*", () => HttpResponse.json(mutationResult())),
  )
  return asked
}

describe("the code panel", () => {
  it("shows the selected element's source with its file and line numbers, and follows saved changes", async () => {
    const asked = answerSources()
    const { frame, session } = renderEditor()
    const user = userEvent.setup()
    await user.click(screen.getByRole("button", { name: "Code" }))
    expect(screen.getByText("Select an element to see its code.")).toBeTruthy()
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: TITLE_KEY })
    const code = await screen.findByLabelText("src/App.tsx, lines 40 to 42")
    expect(code.textContent).toBe('40<h2 className="text-lg">41  About42</h2>')
    expect(screen.getByRole("button", { name: /src\/App\.tsx:40–42/ })).toBeTruthy()
    expect(asked).toEqual([TITLE_ID])
    await act(() =>
      session.edit("ADD_CLASS", { codebaseIdToAddClass: TITLE_ID, className: "italic" }),
    )
    await waitFor(() => expect(asked).toEqual([TITLE_ID, TITLE_ID]))
  })

  it("says why a source cannot be read, naming the element as Layers does", async () => {
    answerSources()
    localStorage.setItem("colorday.editor.codePanelOpen", "true")
    renderEditor({ select: BUTTON_KEY })
    const panel = screen.getByRole("region", { name: "Code" })
    expect((await within(panel).findByRole("alert")).textContent).toBe(
      "No element with codebase id <button>",
    )
  })

  it("reads nothing while closed", async () => {
    const asked = answerSources()
    renderEditor({ select: TITLE_KEY })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(asked).toEqual([])
    expect(screen.getByRole("button", { name: "Code" }).getAttribute("aria-expanded")).toBe("false")
  })
})
