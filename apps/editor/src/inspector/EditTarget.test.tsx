import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  SECTION_KEY,
  STORYBOARD_KEY,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"

/*
 * Usage site vs definition (issue 18 §3): for the <button> a <Button> instance renders, the
 * inspector says whether class and text edits go to the instance or to the component, and the
 * switch decides whether they carry the instance's codebase id.
 */

const APP_ID = "tempo-55555555-5555-5555-8555-555555555555"
const INSTANCE_ID = "tempo-66666666-6666-5666-8666-666666666666"
const DEFINITION_ID = "tempo-77777777-7777-5777-8777-777777777777"
const APP_KEY = `TE_${APP_ID}_app_0`
const INSTANCE_KEY = `TE_${INSTANCE_ID}_app_0-0-0`
const BUTTON_KEY = `TE_${DEFINITION_ID}_app_0-0-0-0`

const node = (
  key: string,
  parent: string | null,
  fields: {
    name: string
    tag: string
    isComponent?: boolean
    scope?: string
    text?: string[]
    props?: Record<string, unknown>
  },
  children: ReadonlyArray<object> = [],
) => ({
  tempoElementKey: key,
  parent,
  children,
  classList: fields.isComponent ? [] : ["inline-flex", "px-4", "mt-4"],
  directlySetClassList: fields.isComponent ? [] : ["inline-flex", "px-4", "mt-4"],
  name: fields.name,
  elementTagName: fields.tag,
  isComponent: fields.isComponent ?? false,
  props: fields.props ?? {},
  literalChildren: fields.text ?? [],
  pageBoundingBox: { pageX: 0, pageY: 0, width: 100, height: 20 },
  scope: fields.scope ?? null,
  level: 1,
})

/** App (the page's root component) > main > Button (an instance) > the <button> it renders. */
const TREE = node(STORYBOARD_KEY, null, { name: "Storyboard", tag: "body" }, [
  node(APP_KEY, STORYBOARD_KEY, { name: "App", tag: "App", isComponent: true }, [
    node(SECTION_KEY, APP_KEY, { name: "main", tag: "main", scope: APP_KEY }, [
      node(
        INSTANCE_KEY,
        SECTION_KEY,
        {
          name: "Button",
          tag: "Button",
          isComponent: true,
          scope: APP_KEY,
          // The Vite plugin stamps where the instance is written.
          props: { "data-codebase-source": { value: "src/App.tsx:42", type: "LITERAL" } },
        },
        [
          node(BUTTON_KEY, INSTANCE_KEY, {
            name: "button",
            tag: "button",
            scope: INSTANCE_KEY,
            text: ["Save"],
          }),
        ],
      ),
    ]),
  ]),
])

const recordMutations = () => {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/*", async ({ request }) => {
      calls.push({
        path: new URL(request.url).pathname,
        body: (await request.json()) as Record<string, unknown>,
      })
      return HttpResponse.json(mutationResult())
    }),
  )
  return calls
}

const inspector = () => screen.getByRole("complementary", { name: "Inspector" })

const selectButton = () => {
  const editor = renderEditor()
  editor.frame.emit("NAV_TREE", { navTree: TREE, outerHTML: "<body></body>" })
  editor.frame.emit("SELECTED_ELEMENT_KEY", { elementKey: BUTTON_KEY })
  return editor
}

describe("editing an instance or its component", () => {
  it("says the instance is being edited, and class and text edits carry the instance's id", async () => {
    const calls = recordMutations()
    const { session } = selectButton()
    const target = within(inspector()).getByRole("radiogroup", { name: "Edits go to" })
    expect(
      within(target).getByRole<HTMLInputElement>("radio", { name: "This instance" }).checked,
    ).toBe(true)
    expect(within(inspector()).getByRole("status").textContent).toMatch(
      /^Editing this instance \(App\.tsx:42\): classes and text it passes to Button/,
    )
    session.addClass("ring-2")
    session.editText("Save all")
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[0]).toMatchObject({
      path: "/canvases/sample/parseAndMutate/mutate/addClass",
      body: { reactElement: { codebaseId: DEFINITION_ID, instanceCodebaseId: INSTANCE_ID } },
    })
    expect(calls[1]).toMatchObject({
      path: "/canvases/sample/parseAndMutate/mutate/editText",
      body: { element: { codebaseId: DEFINITION_ID, instanceCodebaseId: INSTANCE_ID } },
    })
  })

  it("switched to the component, says so and sends the edits without the instance", async () => {
    const calls = recordMutations()
    const { session } = selectButton()
    const user = userEvent.setup()
    await user.click(within(inspector()).getByRole("radio", { name: "The component" }))
    expect(within(inspector()).getByRole("status").textContent).toMatch(
      /^Editing the component \(Button\): the change is written in its definition/,
    )
    session.addClass("ring-2")
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.body.reactElement).toMatchObject({ codebaseId: DEFINITION_ID })
    expect(calls[0]!.body.reactElement).not.toHaveProperty("instanceCodebaseId")
    await user.click(within(inspector()).getByRole("radio", { name: "This instance" }))
    session.removeClass("mt-4")
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]!.body.reactElement).toMatchObject({
      codebaseId: DEFINITION_ID,
      instanceCodebaseId: INSTANCE_ID,
    })
  })

  it("offers no switch for an element of the page's own root component", () => {
    const { frame } = selectButton()
    frame.emit("SELECTED_ELEMENT_KEY", { elementKey: SECTION_KEY })
    expect(within(inspector()).queryByRole("radiogroup", { name: "Edits go to" })).toBeNull()
  })
})
