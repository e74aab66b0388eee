import { describe, expect, it } from "vitest"
import type { TreeNode } from "../frame/nav-tree.ts"
import { refusalText } from "./refusal-text.ts"

const node = (codebaseId: string, name: string, isComponent = false) =>
  ({ key: `TE_${codebaseId}_app_0`, codebaseId, name, isComponent }) as unknown as TreeNode

describe("a refusal in the page's words", () => {
  it("names the elements instead of their codebase ids", () => {
    const button = "tempo-22222222-2222-5222-8222-222222222222"
    const item = "tempo-44444444-4444-5444-8444-444444444444"
    const gone = "tempo-99999999-9999-5999-8999-999999999999"
    const nodes = new Map([
      ["a", node(button, "button")],
      ["b", node(item, "TaskItem", true)],
    ])
    expect(
      refusalText(`Cannot move ${button} into ${item}; ${gone} is not in the file`, nodes),
    ).toBe("Cannot move <button> into TaskItem; an element is not in the file")
    expect(refusalText("Nothing to name here", nodes)).toBe("Nothing to name here")
  })
})
