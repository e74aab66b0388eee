import { describe, expect, it } from "vitest"
import type { TreeNode } from "../frame/nav-tree.ts"
import { countInternals, indentOf, isLibraryInternal, visibleLayers } from "./library-internals.ts"

const node = (name: string, isComponent: boolean, children: ReadonlyArray<TreeNode> = []) =>
  ({
    key: `TE_${name}_app_0`,
    parent: null,
    children,
    classList: [],
    directlySetClassList: [],
    name,
    elementTagName: isComponent ? name : name.toLowerCase(),
    isComponent,
    props: {},
    literalChildren: [],
    pageBoundingBox: { pageX: 0, pageY: 0, width: 0, height: 0 },
    scope: null,
    level: 0,
    codebaseId: name,
    storyboardId: "app",
    uniquePath: "0",
  }) satisfies TreeNode

describe("library internals", () => {
  it("are the kit's package parts and the tree's wiring, never the app's own components", () => {
    for (const name of [
      "Slot.Slot",
      "SlotPrimitive.Slot",
      "DialogPrimitive.Portal",
      "Primitive.div",
      "Presence",
      "TooltipProvider",
      "ThemeContext",
    ]) {
      expect(isLibraryInternal(node(name, true)), name).toBe(true)
    }
    for (const name of ["Button", "Card", "TaskItem", "Card.Header"]) {
      expect(isLibraryInternal(node(name, true)), name).toBe(false)
    }
    // An element is never one, and a provider the app exports itself is the app's.
    expect(isLibraryInternal(node("Slot", false))).toBe(false)
    expect(isLibraryInternal(node("ThemeProvider", true), new Set(["ThemeProvider"]))).toBe(false)
  })

  it("give way to their children, lifted into their place, unless shown", () => {
    const button = node("button", false)
    const tree = [node("Button", true, [node("Slot.Slot", true, [button])])]
    const hidden = visibleLayers(tree, false)
    expect(hidden.map((layer) => layer.node.name)).toEqual(["Button"])
    expect(hidden[0]?.children.map((layer) => layer.node.name)).toEqual(["button"])
    const shown = visibleLayers(tree, true)
    expect(shown[0]?.children.map((layer) => layer.node.name)).toEqual(["Slot.Slot"])
    expect(countInternals(tree)).toBe(1)
  })

  it("indent in full steps near the top and narrower ones deep down", () => {
    expect(indentOf(1) - indentOf(0)).toBe(12)
    expect(indentOf(10) - indentOf(9)).toBe(6)
  })
})
