import { describe, expect, it } from "vitest"
import { textFromExpression } from "./dynamic-text.ts"
import { attachFiber, fiber } from "./frame.test-support.ts"

function Header() {
  return null
}

/** An <h1> rendered by a Header component holding `props` and, in a useState hook, `state`. */
const heading = (text: unknown, props: Record<string, unknown>, state?: unknown) => {
  const element = document.createElement("h1")
  const owner = fiber({
    tag: 0,
    type: Header,
    memoizedProps: props,
    memoizedState:
      state === undefined
        ? null
        : { memoizedState: state, queue: { dispatch: () => 0 }, next: null },
  })
  attachFiber(element, fiber({ type: "h1", memoizedProps: { children: text }, return: owner }))
  return element
}

describe("text that comes from an expression", () => {
  it("is a prop of the component that renders it: <h1>{title}</h1>", () => {
    const element = heading("Today's tasks", { title: "Today's tasks", subtitle: "A sample" })
    expect(textFromExpression("Today's tasks", element)).toBe(true)
  })

  it("is a field of an object prop, or a value of the component's state", () => {
    const task = heading("Pick a palette", { task: { id: 2, title: "Pick a palette" } })
    expect(textFromExpression("Pick a palette", task)).toBe(true)
    const counted = heading("Draft", {}, "Draft")
    expect(textFromExpression("Draft", counted)).toBe(true)
  })

  it("is any number, which JSX text never is", () => {
    expect(textFromExpression(3, heading(3, {}))).toBe(true)
  })

  it("is not a literal the component does not hold, nor text passed to it as children", () => {
    const literal = heading("About", { title: "Today's tasks" })
    expect(textFromExpression("About", literal)).toBe(false)
    const passed = heading("Save", { children: "Save" })
    expect(textFromExpression("Save", passed)).toBe(false)
    const orphan = document.createElement("p")
    expect(textFromExpression("About", orphan)).toBe(false)
  })
})
