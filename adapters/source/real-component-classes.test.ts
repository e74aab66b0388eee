import { readFile } from "node:fs/promises"
import { join } from "node:path"
import type { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { contentHash } from "./canvas-files.ts"
import { buildFileModel, parseErrorsOf, parseText, type FileModel } from "./jsx-tree.ts"
import { makeCanvas, replaceOnce, type TestCanvas } from "./test-support.ts"

/*
 * Class edits on component code written the way shadcn/ui writes it (fixtures/real-code): cn()
 * and cva() call sites, conditional strings, template literals. Every element's class list can be
 * added to and have a class removed, unless nothing of it is written in the source.
 */

const FIXTURES = join(import.meta.dirname, "../../fixtures/real-code")
const FILES = ["sidebar.tsx", "button.tsx"]

let canvas: TestCanvas
const original: Record<string, string> = {}

beforeAll(async () => {
  for (const path of FILES) original[path] = await readFile(join(FIXTURES, path), "utf8")
  canvas = await makeCanvas(original)
})
afterAll(() => canvas.dispose())

const modelOf = (path: string, text: string): FileModel =>
  buildFileModel(path, text, contentHash(text), parseText(path, text))

/** Runs `edit` on each element of a fresh copy of `path`; the ids refused, and the texts after. */
const eachElement = async (
  path: string,
  edit: (codebaseId: string, hash: string) => Promise<unknown>,
) => {
  const model = modelOf(path, original[path]!)
  const refused: string[] = []
  const results: string[] = []
  for (const element of model.elements) {
    await canvas.write(path, original[path]!)
    try {
      await edit(element.id, model.hash)
      const after = await canvas.read(path)
      expect(parseErrorsOf(parseText(path, after))).toEqual([])
      results.push(after)
    } catch (error) {
      refused.push(`${element.tagName}@${element.start}: ${String(error)}`)
    }
  }
  await canvas.write(path, original[path]!)
  return { total: model.elements.length, refused, results }
}

/** Runs `edit` on the element at `snippet` of a fresh copy of `path`; its text after. */
const after = async (
  path: string,
  snippet: string,
  edit: (reactElement: { codebaseId: string }) => Effect.Effect<unknown, unknown>,
) => {
  await canvas.write(path, original[path]!)
  await canvas.run(edit(await canvas.at(path, snippet)))
  return canvas.read(path)
}

const refusalOf = async (
  path: string,
  snippet: string,
  edit: (reactElement: { codebaseId: string }) => Effect.Effect<unknown, unknown>,
) => {
  await canvas.write(path, original[path]!)
  const error = await canvas.refusal(edit(await canvas.at(path, snippet)))
  expect(await canvas.read(path)).toBe(original[path])
  return error as { readonly _tag: string; readonly message: string }
}

const changed = (path: string, before: string, replaced: string) =>
  replaceOnce(original[path]!, before, replaced)

const add = (className: string) => (reactElement: { codebaseId: string }) =>
  canvas.rewriter.addClass(canvas.root, { reactElement, className, stylingFramework: "Tailwind" })
const remove = (className: string) => (reactElement: { codebaseId: string }) =>
  canvas.rewriter.removeClass(canvas.root, { reactElement, className })
const padding = (value: string) => (reactElement: { codebaseId: string }) =>
  canvas.rewriter.styling(canvas.root, {
    reactElement,
    styling: { padding: value },
    stylingFramework: "Tailwind",
  })

describe("class edits on shadcn-style components", () => {
  it("adds a class to every element of sidebar.tsx but the one whose className is only a prop", async () => {
    // Before cn() and template literals were edited: 17 of 44 (27 refused).
    const { total, refused, results } = await eachElement("sidebar.tsx", (codebaseId, hash) =>
      canvas.run(
        canvas.rewriter.addClass(canvas.root, {
          reactElement: { codebaseId },
          seenFileHashes: { "sidebar.tsx": hash },
          className: "ring-7",
          stylingFramework: "Tailwind",
        }),
      ),
    )
    console.log(`sidebar.tsx: add-class applied on ${total - refused.length} of ${total} elements`)
    expect(total).toBe(44)
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatch(/^span@\d+: .*no class string in the source/)
    for (const text of results) expect(text.split("ring-7").length).toBe(2)
  })

  it("styles every element of sidebar.tsx but that one, with the scale's p-6 and no p-* left beside it", async () => {
    const { refused, results } = await eachElement("sidebar.tsx", (codebaseId) =>
      canvas.run(padding("24px")({ codebaseId })),
    )
    expect(refused).toHaveLength(1)
    for (const text of results) {
      expect(text).toMatch(/\bp-6\b/)
      expect(text).not.toContain("p-[24px]")
    }
  })

  it("adds to and removes from every element of button.tsx, and styles each", async () => {
    const added = await eachElement("button.tsx", (codebaseId) =>
      canvas.run(add("ring-7")({ codebaseId })),
    )
    expect(added.refused).toEqual([])
    const styled = await eachElement("button.tsx", (codebaseId) =>
      canvas.run(padding("24px")({ codebaseId })),
    )
    expect(styled.refused).toEqual([])
    for (const text of styled.results) expect(text).toMatch(/\bp-6\b/)
  })

  it("appends to a cn() call's string, or adds a string argument before the caller's className", async () => {
    expect(await after("sidebar.tsx", "<Button\n      data-sidebar", add("ring-7"))).toBe(
      changed("sidebar.tsx", `cn("size-7", className)`, `cn("size-7 ring-7", className)`),
    )
    expect(
      await after("sidebar.tsx", '<Comp\n      data-slot="sidebar-menu-button"', add("ring-7")),
    ).toBe(
      changed(
        "sidebar.tsx",
        "cn(sidebarMenuButtonVariants({ variant, size }), className)",
        `cn(sidebarMenuButtonVariants({ variant, size }), "ring-7", className)`,
      ),
    )
    expect(await after("button.tsx", "<Comp", add("ring-7"))).toBe(
      changed(
        "button.tsx",
        "cn(buttonVariants({ variant, size, className }))",
        `cn(buttonVariants({ variant, size, className }), "ring-7")`,
      ),
    )
  })

  it("adds to a template literal's own strings, and wraps a ternary in one", async () => {
    expect(await after("sidebar.tsx", `<a href="/"`, add("ring-7"))).toBe(
      changed(
        "sidebar.tsx",
        '`flex items-center gap-2 px-2 ${className ?? ""}`',
        '`flex items-center gap-2 px-2 ring-7 ${className ?? ""}`',
      ),
    )
    expect(await after("sidebar.tsx", "<small", add("ring-7"))).toBe(
      changed(
        "sidebar.tsx",
        `{title.length > 12 ? "hidden" : "text-xs text-muted-foreground"}`,
        '{`${title.length > 12 ? "hidden" : "text-xs text-muted-foreground"} ring-7`}',
      ),
    )
  })

  it("removes a class from the string writing it: conditional, a cva() base or variant", async () => {
    const subButton = `<Comp\n      data-slot="sidebar-menu-sub-button"`
    expect(await after("sidebar.tsx", subButton, remove("text-xs"))).toBe(
      changed("sidebar.tsx", `size === "sm" && "text-xs",`, `size === "sm" && "",`),
    )
    expect(await after("button.tsx", "<Comp", remove("gap-2 hover:bg-primary/90"))).toBe(
      changed(
        "button.tsx",
        `default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90",`,
        `default: "bg-primary text-primary-foreground shadow-xs",`,
      ).replace(
        `"inline-flex items-center justify-center gap-2 whitespace-nowrap`,
        `"inline-flex items-center justify-center whitespace-nowrap`,
      ),
    )
    const refused = await refusalOf(
      "sidebar.tsx",
      "<Button\n      data-sidebar",
      remove("hover:bg-accent"),
    )
    expect(refused._tag).toBe("DynamicContentNotEditable")
    expect(refused.message).toContain("hover:bg-accent comes from an expression")
  })

  it("styles with the spacing scale, removing what the new class overrides", async () => {
    const skeleton = `<div\n      data-slot="sidebar-menu-skeleton"`
    expect(await after("sidebar.tsx", skeleton, padding("24px"))).toBe(
      changed(
        "sidebar.tsx",
        `cn("flex h-8 items-center gap-2 rounded-md px-2", className)`,
        `cn("flex h-8 items-center gap-2 rounded-md p-6", className)`,
      ),
    )
    expect(await after("sidebar.tsx", skeleton, padding("0.3rem"))).toBe(
      changed(
        "sidebar.tsx",
        `cn("flex h-8 items-center gap-2 rounded-md px-2", className)`,
        `cn("flex h-8 items-center gap-2 rounded-md p-[0.3rem]", className)`,
      ),
    )
  })

  it("updates classes when the DOM also has the caller's and the variants' classes", async () => {
    const header = `<div\n      data-slot="sidebar-header"`
    expect(
      await after("sidebar.tsx", header, (reactElement) =>
        canvas.rewriter.updateClasses(canvas.root, {
          reactElement,
          oldClasses: ["flex flex-col gap-2 p-2 border-b"],
          newClasses: ["flex flex-row gap-2 p-2 border-b"],
        }),
      ),
    ).toBe(
      // The header's (the footer's is the same, after it).
      original["sidebar.tsx"]!.replace(
        `cn("flex flex-col gap-2 p-2", className)`,
        `cn("flex gap-2 p-2 flex-row", className)`,
      ),
    )
    const stale = await refusalOf("sidebar.tsx", header, (reactElement) =>
      canvas.rewriter.updateClasses(canvas.root, {
        reactElement,
        oldClasses: ["flex gap-2"],
        newClasses: ["flex gap-4"],
      }),
    )
    expect(stale._tag).toBe("OldContentMismatch")
  })

  it("writes quoted arbitrary values, in a quote the string can hold", async () => {
    const inner = `<div className="flex h-full w-full flex-col">`
    expect(await after("sidebar.tsx", inner, add("bg-[url('/hero.png')]"))).toBe(
      changed(
        "sidebar.tsx",
        inner,
        `<div className="flex h-full w-full flex-col bg-[url('/hero.png')]">`,
      ),
    )
    expect(await after("sidebar.tsx", inner, add(`after:content-["→"]`))).toBe(
      changed(
        "sidebar.tsx",
        inner,
        `<div className='flex h-full w-full flex-col after:content-["→"]'>`,
      ),
    )
    expect(
      await after("sidebar.tsx", "<Button\n      data-sidebar", add(`after:content-["→"]`)),
    ).toBe(
      changed(
        "sidebar.tsx",
        `cn("size-7", className)`,
        `cn("size-7 after:content-[\\"→\\"]", className)`,
      ),
    )
    const bad = await refusalOf("sidebar.tsx", inner, add(`a"b`))
    expect(bad._tag).toBe("UnsupportedEdit")
  })

  it("undoes a class edit in a cn() call to the exact bytes", async () => {
    await after("sidebar.tsx", "<Button\n      data-sidebar", add("ring-7"))
    await canvas.run(canvas.rewriter.undoChangeToFiles(canvas.root))
    expect(await canvas.read("sidebar.tsx")).toBe(original["sidebar.tsx"])
  })
})

describe("class strings joined by +", () => {
  it("leaves a class glued to what is added to it, and keeps the strings apart", async () => {
    const path = "Joined.tsx"
    const source = `export const Joined = ({ tone }: { tone: string }) => <b className={"flex text-" + tone + " p-2"} />\n`
    await canvas.write(path, source)
    await canvas.run(
      canvas.rewriter.addClass(canvas.root, {
        reactElement: await canvas.at(path, "<b"),
        className: "ring-7",
        stylingFramework: "Tailwind",
      }),
    )
    expect(await canvas.read(path)).toBe(source.replace(`" p-2"`, `" p-2 ring-7"`))
    await canvas.write(path, source)
    const glued = await canvas.refusal(
      canvas.rewriter.removeClass(canvas.root, {
        reactElement: await canvas.at(path, "<b"),
        className: "text-",
      }),
    )
    expect((glued as { _tag: string })._tag).toBe("DynamicContentNotEditable")
  })
})
