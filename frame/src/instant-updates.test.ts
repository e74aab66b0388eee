import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { elementsForCodebaseId, elementsForKey, hostKeyOf } from "./elements.ts"
import { codebaseId } from "./frame.test-support.ts"
import { type InstantUpdates, createInstantUpdates } from "./instant-updates.ts"
import { PLACEHOLDER_CLASS, REMOVED_CLASS, tempMoveName } from "./temporary.ts"

const LIST = codebaseId(1)
const FIRST = codebaseId(2)
const SECOND = codebaseId(3)
const THIRD = codebaseId(4)

let updates: InstantUpdates
let counter = 0

beforeEach(() => {
  document.body.innerHTML = `<div id="root"><ul class="${LIST} list"><li class="${FIRST} a">One</li><li class="${SECOND} b">Two</li><li class="${THIRD} c">Three</li></ul></div>`
  updates = createInstantUpdates({
    doc: document,
    elementsFor: (id) => elementsForCodebaseId(document, undefined, id),
    elementsForKey: (key) => elementsForKey(document, undefined, key),
    keyOf: (element) => hostKeyOf(element, "app"),
    nextId: () => `n${(counter += 1)}`,
  })
})

afterEach(() => {
  updates.cleanupAll()
  document.head.replaceChildren()
})

const li = (id: string) => document.querySelector<HTMLElement>(`.${id}`)!
const visibleItems = () =>
  [...document.querySelectorAll("li")]
    .filter((element) => !element.classList.contains(REMOVED_CLASS))
    .map((element) => element.textContent)
const undo = (id: string, target: ReturnType<InstantUpdates["apply"]>, type: string) =>
  updates.apply({
    id,
    type: "UNDO",
    changeFields: {
      changeToUndo: { id: target.changeId, type, instantUpdateData: target.instantUpdateData },
    },
  })

describe("REMOVE_JSX", () => {
  it("hides the elements, records where they were, and undo shows them again", () => {
    const removed = updates.apply({
      id: "c1",
      type: "REMOVE_JSX",
      changeFields: { codebaseIdsToRemove: [SECOND, SECOND] },
    })
    expect(removed.successful).toBe(true)
    expect(visibleItems()).toEqual(["One", "Three"])
    expect(removed.instantUpdateData?.codebaseIdsToRemove).toEqual([SECOND])
    expect(removed.instantUpdateData?.parentToElementKeysRemoved).toEqual({
      [`TE_${LIST}_app_0-0-0`]: [
        {
          elementKeyRemoved: `TE_${SECOND}_app_0-0-0-1`,
          outerHTML: `<li class="${SECOND} b">Two</li>`,
        },
      ],
    })
    expect(undo("u1", removed, "REMOVE_JSX").successful).toBe(true)
    expect(visibleItems()).toEqual(["One", "Two", "Three"])
  })

  it("re-inserts at its index from the recorded HTML when the element is gone", () => {
    const removed = updates.apply({
      id: "c1",
      type: "REMOVE_JSX",
      changeFields: { codebaseIdsToRemove: [SECOND] },
    })
    li(SECOND).remove() // the hot reload took it away for real
    undo("u1", removed, "REMOVE_JSX")
    expect(visibleItems()).toEqual(["One", "Two", "Three"])
    expect(document.querySelectorAll("li")[1]?.classList.contains(PLACEHOLDER_CLASS)).toBe(true)
  })

  it("logs and skips an id with no element", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined)
    const result = updates.apply({
      id: "c1",
      type: "REMOVE_JSX",
      changeFields: { codebaseIdsToRemove: [codebaseId(99)] },
    })
    expect(result.successful).toBe(false)
    expect(error).toHaveBeenCalledWith(
      "Could not find component element for instant update",
      codebaseId(99),
    )
    error.mockRestore()
  })
})

describe("ADD_CLASS", () => {
  it("adds the class as the source will write it, and undo takes it off", () => {
    const added = updates.apply({
      id: "c2",
      type: "ADD_CLASS",
      changeFields: {
        codebaseIdToAddClass: FIRST,
        className: "bg-red-500",
        stylingFramework: "Tailwind",
        modifiers: ["hover"],
      },
    })
    expect(li(FIRST).classList.contains("hover:bg-red-500")).toBe(true)
    expect(added.instantUpdateData).toEqual({
      codebaseIdToAddClass: FIRST,
      addedClass: "hover:bg-red-500",
      codebaseAddedClass: FIRST,
    })
    undo("u2", added, "ADD_CLASS")
    expect(li(FIRST).classList.contains("hover:bg-red-500")).toBe(false)
    expect(li(FIRST).classList.contains(FIRST)).toBe(true)
  })

  it("carries CSS the page lacks on a temporary class until the hot reload", () => {
    const added = updates.apply(
      {
        id: "c3",
        type: "ADD_CLASS",
        changeFields: { codebaseIdToAddClass: FIRST, className: "text-red-600" },
      },
      { color: "rgb(220, 38, 38)" },
    )
    expect(li(FIRST).classList.contains("text-red-600")).toBe(true)
    expect(li(FIRST).classList.contains("arb89-text-red-600")).toBe(true)
    const rules = () =>
      [...(document.querySelector("style")?.sheet?.cssRules ?? [])].map((r) => r.cssText).join("\n")
    expect(rules()).toContain(".arb89-text-red-600 { color: rgb(220, 38, 38) !important; }")
    updates.markQueueForDeletion()
    updates.hotReloaded(new Map(), true)
    updates.cleanupDue()
    expect(li(FIRST).classList.contains("arb89-text-red-600")).toBe(false)
    expect(li(FIRST).classList.contains("text-red-600")).toBe(true)
    expect(rules()).not.toContain("arb89-text-red-600")
    expect(added.successful).toBe(true)
  })
})

describe("cleanup keyed to the hot reload that carries the change", () => {
  const APP = "src/App.tsx"
  const preview = (id: string) =>
    updates.apply(
      {
        id,
        type: "ADD_CLASS",
        changeFields: { codebaseIdToAddClass: FIRST, className: "italic" },
      },
      { "font-style": "italic" },
    )
  const carried = () => li(FIRST).classList.contains("arb89-italic")

  it("keeps a preview through a late hot reload of an earlier edit, and drops it with its own", () => {
    preview("c7")
    updates.markQueueForDeletion()
    // The previous edit's hot reload (v1) arrives after this preview was flushed.
    updates.hotReloaded(new Map([[APP, "v1"]]), false)
    expect(updates.cleanupDue()).toBe(false)
    expect(carried()).toBe(true)
    // The server wrote v2; its hot reload has not come yet.
    expect(updates.awaitVersions([[APP, "v2"]], new Map([[APP, "v1"]]), 0)).toBe(false)
    updates.hotReloaded(new Map([[APP, "v1"]]), false)
    expect(updates.cleanupDue()).toBe(false)
    updates.hotReloaded(new Map([[APP, "v2"]]), false)
    expect(updates.cleanupDue()).toBe(true)
    expect(carried()).toBe(false)
  })

  it("drops a preview whose hot reload came before the server's answer, once the page had time", () => {
    preview("c8")
    updates.markQueueForDeletion()
    updates.hotReloaded(new Map([[APP, "v2"]]), false)
    expect(updates.cleanupDue()).toBe(false)
    expect(updates.awaitVersions([[APP, "v2"]], new Map([[APP, "v2"]]), 1_000)).toBe(true)
    expect(updates.cleanupDue(999)).toBe(false)
    expect(carried()).toBe(true)
    expect(updates.cleanupDue(1_000)).toBe(true)
    expect(carried()).toBe(false)
  })
})

describe("STYLING", () => {
  it("styles through an arb89- class and rule, gone after the hot reload that carries the change", () => {
    const styled = updates.apply({
      id: "c3",
      type: "STYLING",
      changeFields: {
        codebaseId: FIRST,
        stylingChanges: { backgroundColor: "red" },
        stylingFramework: "Tailwind",
      },
    })
    const added = styled.instantUpdateData?.addedClass ?? ""
    expect(added.startsWith("arb89-temp-styling")).toBe(true)
    expect(li(FIRST).classList.contains("arb89-temp-styling")).toBe(true)
    expect(li(FIRST).classList.contains(added)).toBe(true)
    const rules = () =>
      [...(document.querySelector("style")?.sheet?.cssRules ?? [])].map((r) => r.cssText)
    expect(
      rules().some(
        (text) => text.includes(added) && text.includes("background-color: red !important"),
      ),
    ).toBe(true)

    // Not before the flush is marked and a hot reload arrives.
    updates.hotReloaded(new Map(), true)
    expect(updates.cleanupDue()).toBe(false)
    updates.markQueueForDeletion()
    expect(updates.cleanupDue()).toBe(false)
    updates.hotReloaded(new Map(), true)
    expect(updates.cleanupDue()).toBe(true)
    expect(li(FIRST).className).toBe(`${FIRST} a`)
    expect(rules().some((text) => text.includes(added))).toBe(false)
  })

  it("puts modifier styles under the pseudo-class and breakpoint styles under a media query", () => {
    updates.apply({
      id: "c4",
      type: "STYLING",
      changeFields: {
        codebaseId: FIRST,
        stylingChanges: { color: "blue" },
        stylingFramework: "CSS",
        modifiers: ["hover", "md"],
      },
    })
    const text = [...(document.querySelector("style")?.sheet?.cssRules ?? [])]
      .map((r) => r.cssText)
      .join("\n")
    expect(text).toContain("@media (min-width: 48rem)")
    expect(text).toMatch(/:hover\s*\{\s*color: blue !important;/)
  })

  it("undo removes the preview", () => {
    const styled = updates.apply({
      id: "c5",
      type: "STYLING",
      changeFields: { codebaseId: FIRST, stylingChanges: { color: "blue" } },
    })
    undo("u5", styled, "STYLING")
    expect(li(FIRST).className).toBe(`${FIRST} a`)
  })
})

describe("UPDATE_CLASSES", () => {
  it("replaces the user's classes, keeps the codebase id, and undo restores the old ones", () => {
    const updated = updates.apply({
      id: "c6",
      type: "UPDATE_CLASSES",
      changeFields: { codebaseIdToUpdateClass: FIRST, newClasses: ["x", "y"], oldClasses: ["a"] },
    })
    expect(li(FIRST).className).toBe(`${FIRST} x y`)
    expect(updated.instantUpdateData).toMatchObject({ oldClasses: ["a"], newClasses: ["x", "y"] })
    undo("u6", updated, "UPDATE_CLASSES")
    expect(li(FIRST).className).toBe(`${FIRST} a`)
  })
})

describe("ADD_JSX", () => {
  it("inserts a placeholder before the named sibling, removed by undo or after the hot reload", () => {
    const added = updates.apply({
      id: "c7",
      type: "ADD_JSX",
      changeFields: {
        codebaseIdToAddTo: LIST,
        beforeCodebaseId: SECOND,
        addNativeTag: "li",
        propsToSet: { children: "New" },
      },
    })
    expect(visibleItems()).toEqual(["One", "New", "Two", "Three"])
    const [id] = added.instantUpdateData?.addedIds ?? []
    expect(id?.startsWith("tempo-add-jsx-placeholder-")).toBe(true)
    undo("u7", added, "ADD_JSX")
    expect(visibleItems()).toEqual(["One", "Two", "Three"])

    updates.apply({
      id: "c8",
      type: "ADD_JSX",
      changeFields: { codebaseIdToAddTo: LIST, afterCodebaseId: THIRD, addNativeTag: "li" },
    })
    expect(document.querySelectorAll("li")).toHaveLength(4)
    updates.markQueueForDeletion()
    updates.hotReloaded(new Map(), true)
    updates.cleanupDue()
    expect(document.querySelectorAll("li")).toHaveLength(3)
  })

  it("logs and skips a parent it cannot find", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined)
    const added = updates.apply({
      id: "c9",
      type: "ADD_JSX",
      changeFields: { codebaseIdToAddTo: codebaseId(77), addNativeTag: "div" },
    })
    expect(added.successful).toBe(false)
    expect(error).toHaveBeenCalledWith(
      "Could not find new parent element for instant update",
      codebaseId(77),
    )
    error.mockRestore()
  })
})

describe("EDIT_TEXT", () => {
  const typed = (text: string) => {
    // What contenteditable leaves: the same text node, its value changed.
    li(SECOND).firstChild!.nodeValue = text
  }
  const undoText = (oldText: string, newText: string) =>
    updates.apply({
      id: "u1",
      type: "UNDO",
      changeFields: {
        changeToUndo: {
          id: "c1",
          type: "EDIT_TEXT",
          changeFields: { codebaseIdToEditText: SECOND, oldText, newText },
        },
      },
    })

  it("reversing puts the old text back in the same text node", () => {
    const node = li(SECOND).firstChild
    typed("Deux")
    expect(undoText("Two", "Deux").successful).toBe(true)
    expect(visibleItems()).toEqual(["One", "Two", "Three"])
    expect(li(SECOND).firstChild).toBe(node)
  })

  it("leaves an element alone that no longer shows the typed text", () => {
    typed("Zwei")
    expect(undoText("Two", "Deux").successful).toBe(false)
    expect(visibleItems()).toEqual(["One", "Zwei", "Three"])
  })
})

describe("MOVE_JSX", () => {
  it("reversing takes back the frame's temporary move of that element only", () => {
    const taken: string[] = []
    updates.track(tempMoveName(`TE_${SECOND}_app_0-0-0-1`), () => taken.push("second"))
    updates.track(tempMoveName(`TE_${THIRD}_app_0-0-0-2`), () => taken.push("third"))
    const reversed = updates.apply({
      id: "u1",
      type: "UNDO",
      changeFields: {
        changeToUndo: { id: "c1", type: "MOVE_JSX", changeFields: { codebaseIdToMove: SECOND } },
      },
    })
    expect(reversed.successful).toBe(true)
    expect(taken).toEqual(["second"])
    expect(updates.pending()).toBe(1)
  })
})

describe("redo and flushing", () => {
  it("redo applies the change's preview again", () => {
    const redo = updates.apply({
      id: "r1",
      type: "REDO",
      changeFields: {
        changeToRedo: {
          id: "c1",
          type: "REMOVE_JSX",
          changeFields: { codebaseIdsToRemove: [THIRD] },
        },
      },
    })
    expect(redo.successful).toBe(true)
    expect(visibleItems()).toEqual(["One", "Two"])
  })

  it("marks only the changes queued when flushing starts", () => {
    updates.apply({
      id: "c1",
      type: "STYLING",
      changeFields: { codebaseId: FIRST, stylingChanges: { color: "red" } },
    })
    updates.markQueueForDeletion()
    updates.apply({
      id: "c2",
      type: "STYLING",
      changeFields: { codebaseId: SECOND, stylingChanges: { color: "red" } },
    })
    updates.hotReloaded(new Map(), true)
    updates.cleanupDue()
    expect(li(FIRST).classList.contains("arb89-temp-styling")).toBe(false)
    expect(li(SECOND).classList.contains("arb89-temp-styling")).toBe(true)
    expect(updates.pending()).toBe(1)
  })

  it("refuses an unknown change type", () => {
    expect(updates.apply({ id: "x", type: "MOVE_JSX", changeFields: {} }).successful).toBe(false)
  })
})
