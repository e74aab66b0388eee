import { describe, expect, it } from "vitest"
import { insertableComponents, readNavTree } from "./nav-tree.ts"

const ROOT = "TE_STORYBOARD-TOP-CONSTANT_app_0"
const id = (n: number) => `tempo-${String(n).repeat(8)}-1111-5111-8111-111111111111`
const key = (n: number, path: string) => `TE_${id(n)}_app_${path}`

/** A page: App > main > TaskList > li > (TaskItem > span), and a Badge beside TaskList. */
const page = readNavTree({
  tempoElementKey: ROOT,
  parent: null,
  elementTagName: "body",
  children: [
    {
      tempoElementKey: key(1, "0-0"),
      parent: ROOT,
      elementTagName: "App",
      isComponent: true,
      children: [
        {
          tempoElementKey: key(2, "0-0-0"),
          parent: key(1, "0-0"),
          elementTagName: "main",
          children: [
            {
              tempoElementKey: key(3, "0-0-0-0"),
              parent: key(2, "0-0-0"),
              elementTagName: "TaskList",
              isComponent: true,
              children: [
                {
                  tempoElementKey: key(4, "0-0-0-0-0"),
                  parent: key(3, "0-0-0-0"),
                  elementTagName: "TaskItem",
                  isComponent: true,
                  children: [
                    {
                      tempoElementKey: key(5, "0-0-0-0-0-0"),
                      parent: key(4, "0-0-0-0-0"),
                      elementTagName: "span",
                    },
                  ],
                },
              ],
            },
            {
              tempoElementKey: key(6, "0-0-0-1"),
              parent: key(2, "0-0-0"),
              elementTagName: "Badge",
              isComponent: true,
            },
          ],
        },
      ],
    },
  ],
})

describe("the components Add element offers", () => {
  it("never the page's root, nor a component the selection sits inside", () => {
    // Inside TaskItem inside TaskList: only the Badge could go there without a loop.
    expect(insertableComponents(page, key(5, "0-0-0-0-0-0"))).toEqual(["Badge"])
    // In main: the page's components but App itself.
    expect(insertableComponents(page, key(2, "0-0-0"))).toEqual(["Badge", "TaskItem", "TaskList"])
    expect(insertableComponents(page, null)).toEqual(["Badge", "TaskItem", "TaskList"])
  })
})
