import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import {
  BUTTON_ID,
  BUTTON_KEY,
  TITLE_KEY,
  mutationResult,
  renderEditor,
  server,
} from "../test/editor-harness.tsx"
import { resizeClasses } from "./resize-classes.ts"

/**
 * A resize handle let go in the canvas (the frame's RESIZE_END): the size is written as the
 * inspector writes lengths, under the inspector's breakpoint, as one STYLING change.
 */

const recordStyling = () => {
  const bodies: Array<Record<string, unknown>> = []
  server.use(
    http.post("*/canvases/sample/parseAndMutate/mutate/styling", async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>)
      return HttpResponse.json(mutationResult())
    }),
  )
  return bodies
}

describe("resize classes", () => {
  it("takes a step of the scale when one fits, else an arbitrary width", () => {
    expect(resizeClasses({ width: 256 })).toEqual(["w-64"])
    expect(resizeClasses({ width: 317 })).toEqual(["w-[317px]"])
    expect(resizeClasses({ width: 320, height: 43 })).toEqual(["w-80", "h-[43px]"])
    expect(resizeClasses({ height: 42 })).toEqual(["h-10.5"])
    expect(resizeClasses({ width: 0, height: "12" })).toEqual([])
  })
})

describe("a resize in the canvas", () => {
  it("writes the width class, then lets the frame drop its inline preview", async () => {
    const bodies = recordStyling()
    const { frame, session } = renderEditor({ select: BUTTON_KEY })
    frame.emit("RESIZE_END", { elementKey: BUTTON_KEY, handle: "right", width: 317 })
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      styling: { width: "317px" },
      stylingFramework: "Tailwind",
      customProperties: [{ tailwind: "w-[317px]", css: "width: 317px" }],
    })
    expect(frame.previews().map((item) => item.changeFields.stylingChanges)).toEqual([
      { width: "317px" },
    ])
    // The inline preview goes after the change's own preview, not before it.
    const names = frame.calls.map((call) => call.name)
    expect(names.indexOf("endResizePreview")).toBeGreaterThan(
      names.indexOf("applyChangeItemToDocument"),
    )
    await waitFor(() =>
      expect(session.getSnapshot().ledger[0]).toMatchObject({
        type: "STYLING",
        changeFields: { codebaseId: BUTTON_ID, stylingChanges: { width: "317px" } },
      }),
    )
  })

  it("writes both sides of a corner as one change, under the breakpoint the inspector chose", async () => {
    const bodies = recordStyling()
    const { frame, session } = renderEditor({ select: BUTTON_KEY })
    const user = userEvent.setup()
    const inspector = screen.getByRole("complementary", { name: "Inspector" })
    await user.selectOptions(within(inspector).getByLabelText("Breakpoint"), "md")
    frame.emit("RESIZE_END", { elementKey: BUTTON_KEY, handle: "corner", width: 256, height: 40 })
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      styling: { width: "256px", height: "40px" },
      modifiers: ["md"],
      customProperties: [
        { tailwind: "w-64", css: "width: 256px" },
        { tailwind: "h-10", css: "height: 40px" },
      ],
    })
    expect(frame.calls.filter((call) => call.name === "endResizePreview")).toHaveLength(1)
    // One entry in the change list, and one undo takes both sides back.
    await waitFor(() => expect(session.getSnapshot().canUndo).toBe(true))
    expect(session.getSnapshot().ledger).toHaveLength(1)
    const undone: Array<unknown> = []
    server.use(
      http.post(
        "*/canvases/sample/parseAndMutate/activities/undoChangeToFiles",
        async ({ request }) => {
          undone.push(await request.json())
          return HttpResponse.json(mutationResult())
        },
      ),
    )
    await session.undo()
    await waitFor(() => expect(undone).toHaveLength(1))
    expect(session.getSnapshot().canUndo).toBe(false)
  })

  it("writes nothing for an element no longer selected, and ends the preview", async () => {
    const bodies = recordStyling()
    const { frame, session } = renderEditor({ select: TITLE_KEY })
    frame.emit("RESIZE_END", { elementKey: BUTTON_KEY, handle: "right", width: 200 })
    await waitFor(() => expect(frame.calls.map((call) => call.name)).toContain("endResizePreview"))
    expect(session.getSnapshot().ledger).toEqual([])
    expect(bodies).toEqual([])
  })
})
