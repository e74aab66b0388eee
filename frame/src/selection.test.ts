import { describe, expect, it } from "vitest"
import { codebaseId } from "./frame.test-support.ts"
import { areSiblings, plainClick, shiftSelect } from "./selection.ts"
import { dragThreshold, dropPosition, reachedDragThreshold } from "./drag.ts"

const key = (n: number, path: string) => `TE_${codebaseId(n)}_app_${path}`
const a = key(1, "0-0-0")
const b = key(2, "0-0-1")
const c = key(3, "0-0-2")
const cousin = key(4, "0-1-0")
const child = key(5, "0-0-0-0")

describe("multi-select", () => {
  it("starts a multi-selection with a shift-click on a sibling", () => {
    expect(shiftSelect({ selected: a, multi: [] }, b, undefined)).toEqual({
      selected: a,
      multi: [a, b],
    })
  })

  it("adds further siblings and removes one clicked again", () => {
    const three = shiftSelect({ selected: a, multi: [a, b] }, c, undefined)
    expect(three.multi).toEqual([a, b, c])
    expect(shiftSelect(three, b, undefined)).toEqual({ selected: a, multi: [a, c] })
  })

  it("falls back to a single selection when only one is left", () => {
    expect(shiftSelect({ selected: a, multi: [a, b] }, a, undefined)).toEqual({
      selected: b,
      multi: [],
    })
  })

  it("ignores a shift-click on anything that is not a sibling", () => {
    const current = { selected: a, multi: [] }
    expect(shiftSelect(current, cousin, undefined)).toBe(current)
    expect(shiftSelect(current, child, undefined)).toBe(current)
    expect(shiftSelect(current, a, undefined)).toBe(current)
  })

  it("selects when nothing was selected", () => {
    expect(shiftSelect({ selected: null, multi: [] }, c, undefined)).toEqual({
      selected: c,
      multi: [],
    })
  })

  it("judges siblings by their DOM paths without a nav tree", () => {
    expect(areSiblings(a, b, undefined)).toBe(true)
    expect(areSiblings(a, cousin, undefined)).toBe(false)
    expect(areSiblings(a, a, undefined)).toBe(false)
  })

  it("a plain click selects one element, even the selected one, and never edits its text", () => {
    expect(plainClick({ selected: a, multi: [] }, a)).toEqual({
      selection: { selected: a, multi: [] },
    })
    expect(plainClick({ selected: a, multi: [a, b] }, a)).toEqual({
      selection: { selected: a, multi: [] },
    })
  })
})

describe("drag", () => {
  it("starts at 20px divided by the zoom", () => {
    expect(dragThreshold(1)).toBe(20)
    expect(dragThreshold(0.5)).toBe(40)
    const from = { pageX: 100, pageY: 100 }
    expect(reachedDragThreshold(from, 119, 100, 1)).toBe(false)
    expect(reachedDragThreshold(from, 120, 100, 1)).toBe(true)
    expect(reachedDragThreshold(from, 130, 100, 0.5)).toBe(false)
    expect(reachedDragThreshold(from, 112, 116, 1)).toBe(true)
  })

  const boxes = [0, 1, 2].map((i) => ({
    key: `k${i}`,
    box: { pageX: i * 100, pageY: i * 100, width: 80, height: 80 },
  }))

  it("places by x in a flex row and by y in a column or block", () => {
    // Middles at 40, 140, 240: x = 100 passes one of them, y = 250 passes all three.
    expect(dropPosition(boxes, 100, 250, "flex", "row")).toEqual({
      index: 1,
      beforeKey: "k1",
      afterKey: "k0",
    })
    expect(dropPosition(boxes, 100, 250, "flex", "column")).toEqual({
      index: 3,
      beforeKey: null,
      afterKey: "k2",
    })
    expect(dropPosition(boxes, 100, 150, "block", "row").index).toBe(2)
    expect(dropPosition(boxes, -10, -10, "flex", "row")).toEqual({
      index: 0,
      beforeKey: "k0",
      afterKey: null,
    })
    expect(dropPosition(boxes, 999, 999, "grid", "row")).toEqual({
      index: 3,
      beforeKey: null,
      afterKey: "k2",
    })
  })

  it("counts from the other end in a reversed row", () => {
    // Reversed: the first sibling in the DOM is drawn rightmost.
    const reversed = [2, 1, 0].map((slot, i) => ({
      key: `k${i}`,
      box: { pageX: slot * 100, pageY: 0, width: 80, height: 80 },
    }))
    expect(dropPosition(reversed, 150, 0, "flex", "row-reverse")).toEqual({
      index: 1,
      beforeKey: "k1",
      afterKey: "k0",
    })
    expect(dropPosition(reversed, 999, 0, "inline-flex", "row-reverse").index).toBe(0)
    expect(dropPosition(reversed, -10, 0, "flex", "row-reverse").index).toBe(3)
  })
})
