import { render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { Button, buttonVariants } from "./button.tsx"
import { cn } from "./cn.ts"
import { problemOf } from "./form.tsx"
import { fieldMessageOf } from "./messages.ts"
import { TableBox, Td, Th, Tr } from "./table.tsx"

/** An API client's refusal, shaped as apps/web/src/api/http.ts's ApiError. */
const refusal = (status: number, message: string, body: unknown) =>
  Object.assign(new Error(message), { status, body })

describe("cn and the button's variants", () => {
  it("lets a caller's class replace the kit's instead of both staying", () => {
    expect(cn("px-4 py-2", "px-2")).toBe("py-2 px-2")
    expect(cn("rounded-control", "rounded-card")).toBe("rounded-card")
    const raised = [true, false].map((up) => cn("shadow-card", up && "shadow-overlay"))
    expect(raised).toEqual(["shadow-overlay", "shadow-card"])
    const classes = buttonVariants({ variant: "secondary", className: "px-3" }).split(" ")
    expect(classes).toContain("px-3")
    expect(classes).not.toContain("px-4")
    expect(classes).toContain("border-input")
  })

  it("renders a button of type button by default, marked with its slot", () => {
    render(<Button variant="danger">Delete</Button>)
    const button = screen.getByRole("button", { name: "Delete" })
    expect(button.getAttribute("type")).toBe("button")
    expect(button.dataset.slot).toBe("button")
    expect(button.className).toContain("bg-destructive")
  })

  it("renders as its child with asChild: a link with the button's look", () => {
    render(
      <Button asChild variant="ghost">
        <a href="/profile">Profile</a>
      </Button>,
    )
    const link = screen.getByRole("link", { name: "Profile" })
    expect(link.getAttribute("href")).toBe("/profile")
    expect(link.className).toContain("hover:bg-muted")
    expect(screen.queryByRole("button")).toBeNull()
  })
})

describe("refusals as field messages", () => {
  const issues = { issues: [{ field: "email", message: "That address is taken" }] }

  it("reads the API's issues for the fields a form has, and keeps the whole message", () => {
    const problem = problemOf(refusal(400, "email: That address is taken", issues), ["email"], "x")
    expect(problem).toEqual({
      fields: { email: "That address is taken" },
      message: "email: That address is taken",
    })
    expect(fieldMessageOf(refusal(400, "email: …", issues), ["email"], "x")).toBe(
      "That address is taken",
    )
  })

  it("reads 'field: what is wrong' summaries when there are no issues, and ignores other statuses", () => {
    expect(problemOf(refusal(400, "title: Required; x: y", null), ["title"], "x").fields).toEqual({
      title: "Required",
    })
    expect(problemOf(refusal(409, "title: Taken", null), ["title"], "x").fields).toEqual({})
    expect(problemOf("not an error", ["title"], "The server refused").message).toBe(
      "The server refused",
    )
  })
})

describe("the table", () => {
  it("is a labelled, focusable region holding a captioned table; as cards, each cell names its column", () => {
    render(
      <TableBox label="Members" cards>
        <thead>
          <Tr>
            <Th>Name</Th>
          </Tr>
        </thead>
        <tbody>
          <Tr>
            <Td label="Name">Ada</Td>
          </Tr>
        </tbody>
      </TableBox>,
    )
    const region = screen.getByRole("region", { name: "Members" })
    expect(region.tabIndex).toBe(0)
    const table = within(region).getByRole("table", { name: "Members" })
    expect(within(table).getByRole("cell", { name: "Ada" }).dataset.label).toBe("Name")
    expect(within(table).getByRole("columnheader", { name: "Name" })).toBeTruthy()
  })
})
