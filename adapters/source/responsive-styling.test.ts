import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { overriddenBy } from "./tailwind.ts"
import { makeCanvas, replaceOnce, type TestCanvas } from "./test-support.ts"

/*
 * A style edit made while the editor previews a breakpoint (issue 21) arrives as STYLING with
 * that breakpoint's modifier: it writes the breakpoint's variant and replaces only what sets the
 * same property under that breakpoint, never the base class the smaller widths keep.
 */

const FILE = "Panel.tsx"
const ORIGINAL = `export function Panel() {
  return <section className="p-4 md:p-4 lg:p-8 text-sm">Tasks</section>
}
`

let canvas: TestCanvas
beforeAll(async () => {
  canvas = await makeCanvas({ [FILE]: ORIGINAL })
})
afterAll(() => canvas.dispose())
beforeEach(() => canvas.write(FILE, ORIGINAL))

const style = async (styling: Record<string, string>, modifiers: ReadonlyArray<string>) => {
  await canvas.run(
    canvas.rewriter.styling(canvas.root, {
      reactElement: await canvas.at(FILE, "<section"),
      styling,
      stylingFramework: "Tailwind",
      modifiers,
    }),
  )
  return canvas.read(FILE)
}

describe("styling at a breakpoint", () => {
  it("treats md:p-4 and md:p-6 as conflicting, p-4 and md:p-6 or lg:p-8 and md:p-6 not", () => {
    expect(overriddenBy(["p-4", "md:p-4", "lg:p-8", "md:px-2"], ["md:p-6"])).toEqual([
      "md:p-4",
      "md:px-2",
    ])
    expect(overriddenBy(["md:p-6"], ["p-4"])).toEqual([])
  })

  it("writes padding at md as md:p-6 in place of md:p-4, keeping p-4 and lg:p-8", async () => {
    expect(await style({ padding: "24px" }, ["md"])).toBe(
      replaceOnce(ORIGINAL, `"p-4 md:p-4 lg:p-8 text-sm"`, `"p-4 lg:p-8 text-sm md:p-6"`),
    )
  })

  it("adds the variant where the breakpoint had none, and leaves the base alone at sm", async () => {
    expect(await style({ padding: "8px", "font-size": "18px" }, ["sm"])).toBe(
      replaceOnce(
        ORIGINAL,
        `"p-4 md:p-4 lg:p-8 text-sm"`,
        `"p-4 md:p-4 lg:p-8 text-sm sm:p-2 sm:text-[length:18px]"`,
      ),
    )
  })
})
