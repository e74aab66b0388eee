import { describe, expect, it } from "vitest"
import { codebaseIdInClasses, codebaseIdInClassList, isUuidCodebaseId } from "./codebase-ids.ts"
import { classifyCodebaseId } from "../../domain/editing/codebase-id.ts"

const uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"

/** Every character of a uuid id swapped for a few others, and the id cut short or lengthened. */
const nearMisses = (id: string): Array<string> => {
  const out: Array<string> = [id.slice(0, -1), `${id}0`, `x${id}`, id.toUpperCase()]
  for (let i = 0; i < id.length; i += 1) {
    for (const c of [
      "0",
      "1",
      "5",
      "6",
      "7",
      "8",
      "9",
      "a",
      "b",
      "c",
      "A",
      "B",
      "F",
      "G",
      "g",
      "-",
      " ",
      "é",
    ]) {
      out.push(id.slice(0, i) + c + id.slice(i + 1))
    }
  }
  return out
}

describe("the nav tree's codebase id reader", () => {
  it("counts as uuid ids exactly the classes the domain's rule does", () => {
    const names = [
      ...nearMisses(`tempo-${uuid}`),
      ...nearMisses(`tempo-${uuid.toUpperCase()}`),
      "tempo-wrap-in-div-placeholder",
      "tempo-duplicate-placeholder-abc",
      "tempo-add-jsx-placeholder-1",
      "root",
      "body",
      "__next",
      "tempo-",
      "",
    ]
    let uuids = 0
    for (const name of names) {
      const expected = classifyCodebaseId(name) === "uuid"
      expect(isUuidCodebaseId(name), name).toBe(expected)
      if (expected) uuids += 1
    }
    expect(uuids).toBeGreaterThan(100) // versions 1 to 5, both variants' cases, upper and lower hex
  })

  it("answers what codebaseIdInClassList answers for a list of classes", () => {
    const lists = [
      ["flex", `tempo-${uuid}`, "p-4"],
      ["tempo-duplicate-placeholder-a", `tempo-${uuid}`],
      ["tempo-duplicate-placeholder-a", "tempo-add-jsx-placeholder-b"],
      ["tempo-wrap-in-div-placeholder", "root"],
      ["root", "body", "__next", "tempo-x"],
      [`tempo-${uuid.replace("4a6b", "6a6b")}`, "tempo-add-jsx-placeholder-c"],
      [],
    ]
    for (const list of lists) expect(codebaseIdInClasses(list)).toBe(codebaseIdInClassList(list))
  })
})
