import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { overriddenBy } from "./tailwind.ts"
import { makeCanvas, replaceOnce, type TestCanvas } from "./test-support.ts"

/*
 * An added class removes what it overrides, the way tailwind-merge resolves a conflict (issue 18):
 * on add-class and update-classes as on styling, in a plain string and in the strings of cn(),
 * cva() and template literals.
 */

const FILE = "Card.tsx"
const ORIGINAL = `import { cva } from "class-variance-authority"
import { cn } from "./cn"

const badge = cva("inline-flex px-2 text-xs", {
  variants: { tone: { danger: "text-red-700", calm: "text-blue-700" } },
})

export function Card({ active, className }: { active: boolean; className?: string }) {
  return (
    <section className="px-3 py-1 text-blue-500 hover:mt-2">
      <h2 className={cn("mt-2 font-bold", active && "text-lg", className)}>Title</h2>
      <p className={\`px-3 py-1 \${active ? "underline" : ""}\`}>Body</p>
      <span className={badge({ tone: "calm" })}>New</span>
    </section>
  )
}
`

let canvas: TestCanvas
beforeAll(async () => {
  canvas = await makeCanvas({ [FILE]: ORIGINAL })
})
afterAll(() => canvas.dispose())
beforeEach(() => canvas.write(FILE, ORIGINAL))

const addClass = async (snippet: string, className: string, modifiers?: ReadonlyArray<string>) => {
  await canvas.run(
    canvas.rewriter.addClass(canvas.root, {
      reactElement: await canvas.at(FILE, snippet),
      className,
      stylingFramework: "Tailwind",
      modifiers,
    }),
  )
  return canvas.read(FILE)
}

const changed = (before: string, after: string) => replaceOnce(ORIGINAL, before, after)

describe("overriddenBy", () => {
  it("names the classes tailwind-merge drops for the added ones, under the same variants only", () => {
    expect(overriddenBy(["px-3", "py-1", "text-blue-500", "flex"], ["p-6"])).toEqual([
      "px-3",
      "py-1",
    ])
    expect(overriddenBy(["text-blue-500", "text-sm"], ["text-red-500"])).toEqual(["text-blue-500"])
    expect(overriddenBy(["hover:mt-2", "mt-2"], ["hover:mt-4"])).toEqual(["hover:mt-2"])
    // A side over the whole is no conflict: p-6 then px-3 keeps both.
    expect(overriddenBy(["p-6"], ["px-3"])).toEqual([])
    // Added classes never remove each other or themselves.
    expect(overriddenBy(["p-6", "px-3"], ["p-6", "px-3"])).toEqual([])
    expect(overriddenBy(["card-footer", "btn"], ["p-6"])).toEqual([])
  })
})

describe("add class with a conflict", () => {
  it("removes the padding it overrides from a plain string", async () => {
    expect(await addClass("<section", "p-6")).toBe(
      changed(
        `className="px-3 py-1 text-blue-500 hover:mt-2"`,
        `className="text-blue-500 hover:mt-2 p-6"`,
      ),
    )
  })

  it("replaces a colour, and only under the same variants", async () => {
    expect(await addClass("<section", "text-red-500")).toBe(
      changed(
        `className="px-3 py-1 text-blue-500 hover:mt-2"`,
        `className="px-3 py-1 hover:mt-2 text-red-500"`,
      ),
    )
    await canvas.write(FILE, ORIGINAL)
    expect(await addClass("<section", "mt-4")).toBe(
      changed(
        `className="px-3 py-1 text-blue-500 hover:mt-2"`,
        `className="px-3 py-1 text-blue-500 hover:mt-2 mt-4"`,
      ),
    )
    await canvas.write(FILE, ORIGINAL)
    expect(await addClass("<section", "mt-4", ["hover"])).toBe(
      changed(
        `className="px-3 py-1 text-blue-500 hover:mt-2"`,
        `className="px-3 py-1 text-blue-500 hover:mt-4"`,
      ),
    )
  })

  it("removes the conflicting class from the cn() string writing it, not the conditional one", async () => {
    expect(await addClass("<h2", "mt-6 text-xl")).toBe(
      changed(
        `cn("mt-2 font-bold", active && "text-lg", className)`,
        `cn("font-bold mt-6 text-xl", active && "text-lg", className)`,
      ),
    )
  })

  it("removes it from a template literal's string part", async () => {
    expect(await addClass("<p className", "p-6")).toBe(
      changed("`px-3 py-1 ${active", "`p-6 ${active"),
    )
  })

  it("removes it from the cva() base where the class lives", async () => {
    expect(await addClass("<span", "px-4")).toBe(
      changed(`cva("inline-flex px-2 text-xs", {`, `cva("inline-flex text-xs px-4", {`),
    )
  })

  it("update classes: a class the update adds removes what it overrides among those kept", async () => {
    const section = await canvas.at(FILE, "<section")
    await canvas.run(
      canvas.rewriter.updateClasses(canvas.root, {
        reactElement: section,
        oldClasses: ["px-3", "py-1", "text-blue-500", "hover:mt-2"],
        newClasses: ["px-3", "py-1", "text-blue-500", "hover:mt-2", "p-6", "text-red-500"],
      }),
    )
    expect(await canvas.read(FILE)).toBe(
      changed(
        `className="px-3 py-1 text-blue-500 hover:mt-2"`,
        `className="hover:mt-2 p-6 text-red-500"`,
      ),
    )
    // Classes the client already had are its own choice: p-6 then px-3 both stay.
    await canvas.run(
      canvas.rewriter.updateClasses(canvas.root, {
        reactElement: section,
        oldClasses: ["hover:mt-2", "p-6", "text-red-500"],
        newClasses: ["p-6", "px-3", "text-red-500"],
      }),
    )
    expect(await canvas.read(FILE)).toBe(
      changed(
        `className="px-3 py-1 text-blue-500 hover:mt-2"`,
        `className="p-6 px-3 text-red-500"`,
      ),
    )
  })

  it("update classes in a cn() call: the overridden string class goes", async () => {
    const h2 = await canvas.at(FILE, "<h2")
    await canvas.run(
      canvas.rewriter.updateClasses(canvas.root, {
        reactElement: h2,
        oldClasses: ["mt-2", "font-bold", "text-lg"],
        newClasses: ["mt-2", "font-bold", "text-lg", "mt-8"],
      }),
    )
    expect(await canvas.read(FILE)).toBe(
      changed(
        `cn("mt-2 font-bold", active && "text-lg", className)`,
        `cn("font-bold mt-8", active && "text-lg", className)`,
      ),
    )
  })
})
