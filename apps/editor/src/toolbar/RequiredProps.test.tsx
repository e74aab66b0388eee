import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  SECTION_ID,
  SECTION_KEY,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"

/**
 * Add element → a component with required props (issue 21): a form asks for them and the element
 * is written with them; a prop no form can fill refuses the component, naming the prop.
 */

const COMPONENTS = [
  {
    name: "Badge",
    file: "src/components/Badge.tsx",
    requiredProps: [
      { name: "label", kind: "string", options: [], typeText: "string" },
      { name: "tone", kind: "choice", options: ["green", "gray"], typeText: '"green" | "gray"' },
    ],
  },
  {
    name: "Meter",
    file: "src/components/Meter.tsx",
    requiredProps: [
      { name: "value", kind: "number", options: [], typeText: "number" },
      { name: "done", kind: "boolean", options: [], typeText: "boolean" },
    ],
  },
  {
    name: "TaskItem",
    file: "src/components/TaskItem.tsx",
    requiredProps: [
      { name: "task", kind: "other", options: [], typeText: "Task" },
      { name: "onToggle", kind: "other", options: [], typeText: "(id: number) => void" },
    ],
  },
]

const recordCalls = () => {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = []
  server.use(
    http.get("*/canvases/sample/components", () => HttpResponse.json({ components: COMPONENTS })),
    http.post("*/canvases/sample/parseAndMutate/*", async ({ request }) => {
      calls.push({
        path: new URL(request.url).pathname.split("/").pop() ?? "",
        body: (await request.json()) as Record<string, unknown>,
      })
      return HttpResponse.json(mutationResult())
    }),
  )
  return calls
}

const toolbar = () => screen.getByRole("toolbar", { name: "Editing tools" })

const pick = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(within(toolbar()).getByRole("button", { name: "Add element" }))
  await user.click(await screen.findByRole("menuitem", { name: `<${name} />` }))
  return screen.findByRole("dialog", { name: `Add <${name} />` })
}

describe("adding a component with required props", () => {
  it("asks for a string and a choice, and writes the element with them; undo takes it out", async () => {
    const calls = recordCalls()
    renderEditor({ select: SECTION_KEY })
    const user = userEvent.setup()
    const dialog = await pick(user, "Badge")
    expect(calls).toEqual([])
    await user.type(within(dialog).getByLabelText(/^label/), "Due today")
    await user.selectOptions(within(dialog).getByLabelText(/^tone/), "gray")
    await user.click(within(dialog).getByRole("button", { name: "Add Badge" }))

    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      path: "addJsxElement",
      body: expect.objectContaining({
        destinationElement: expect.objectContaining({ codebaseId: SECTION_ID }) as unknown,
        newElement: {
          type: "component",
          componentName: "Badge",
          componentFile: "src/components/Badge.tsx",
          propsToSet: { label: "Due today", tone: "gray" },
        },
      }) as unknown,
    })
    expect(screen.queryByRole("dialog")).toBeNull()

    await user.click(within(toolbar()).getByRole("button", { name: "Undo" }))
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toEqual(["addJsxElement", "undoChangeToFiles"]),
    )
  })

  it("takes a number and a boolean, and names a value that is not a number", async () => {
    const calls = recordCalls()
    renderEditor({ select: SECTION_KEY })
    const user = userEvent.setup()
    const dialog = await pick(user, "Meter")
    await user.click(within(dialog).getByRole("button", { name: "Add Meter" }))
    expect(within(dialog).getByRole("alert").textContent).toBe("value must be a number")
    expect(calls).toEqual([])

    await user.type(within(dialog).getByLabelText(/^value/), "42.5")
    await user.click(within(dialog).getByLabelText(/^done/))
    await user.click(within(dialog).getByRole("button", { name: "Add Meter" }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body.newElement).toMatchObject({ propsToSet: { value: 42.5, done: true } })
  })

  it("refuses a component whose required props no form can fill, naming them, and adds nothing", async () => {
    const calls = recordCalls()
    renderEditor({ select: SECTION_KEY })
    const user = userEvent.setup()
    const dialog = await pick(user, "TaskItem")
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "<TaskItem /> needs task (Task) and onToggle ((id: number) => void), which cannot be typed into a form. Give them defaults or make them optional in src/components/TaskItem.tsx, or add the element in the code.",
    )
    expect(within(dialog).queryByRole("button", { name: /^Add/ })).toBeNull()
    await user.click(within(dialog).getByRole("button", { name: "Close" }))
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(calls).toEqual([])
  })
})
