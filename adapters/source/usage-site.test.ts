import { cp, mkdir, readFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { makeCanvas, replaceOnce, type TestCanvas } from "./test-support.ts"

/*
 * Usage site vs definition (issue 18 §3), on a shadcn-style pair (fixtures/usage-site): the
 * shared components/ui/button.tsx, whose <button> takes its classes from `cn(…, className)` and
 * its text from `{...props}`, and whose Badge's <strong> shows `{children}`; and App.tsx, which
 * uses them. A class or text edit naming the instance it was rendered by goes to that instance.
 */

const FIXTURE = join(import.meta.dirname, "../../fixtures/usage-site")
const UI = "components/ui/button.tsx"
const APP = "App.tsx"

let canvas: TestCanvas
const original: Record<string, string> = {}

beforeAll(async () => {
  canvas = await makeCanvas({})
  await cp(FIXTURE, canvas.root, { recursive: true })
  for (const path of [UI, APP]) original[path] = await readFile(join(FIXTURE, path), "utf8")
})
afterAll(() => canvas.dispose())
beforeEach(async () => {
  for (const path of [UI, APP]) await canvas.write(path, original[path]!)
})

/** The <button> of Button's definition, as the canvas renders it for the instance at `usage`. */
const button = async (usage: string) => ({
  codebaseId: (await canvas.at(UI, "<button")).codebaseId,
  instanceCodebaseId: (await canvas.at(APP, usage)).codebaseId,
})

const changed = (path: string, before: string, after: string) =>
  replaceOnce(original[path]!, before, after)

const addClass = async (
  reactElement: { codebaseId: string; instanceCodebaseId?: string },
  className: string,
) =>
  canvas.run(
    canvas.rewriter.addClass(canvas.root, {
      reactElement,
      className,
      stylingFramework: "Tailwind",
    }),
  )

describe("class edits at the usage site", () => {
  it("adds to the instance's className, and the definition is left as it is", async () => {
    const result = await addClass(await button("<Button className"), "ring-2")
    expect(result.changedFiles.map((file) => file.path)).toEqual([APP])
    expect(await canvas.read(APP)).toBe(
      changed(APP, `<Button className="mt-4"`, `<Button className="mt-4 ring-2"`),
    )
    expect(await canvas.read(UI)).toBe(original[UI])
    await canvas.run(canvas.rewriter.undoChangeToFiles(canvas.root))
    expect(await canvas.read(APP)).toBe(original[APP])
  })

  it("gives an instance without one a className prop", async () => {
    await addClass(await button(`<Button variant="outline"`), "ring-2")
    expect(await canvas.read(APP)).toBe(
      changed(APP, `<Button variant="outline">`, `<Button variant="outline" className="ring-2">`),
    )
  })

  it("styles the instance with the scale's class, replacing what it overrides there", async () => {
    await canvas.run(
      canvas.rewriter.styling(canvas.root, {
        reactElement: await button("<Button className"),
        styling: { marginTop: "24px" },
        stylingFramework: "Tailwind",
      }),
    )
    expect(await canvas.read(APP)).toBe(
      changed(APP, `<Button className="mt-4"`, `<Button className="mt-6"`),
    )
  })

  it("removes the instance's own class; one the component writes is refused with where it is", async () => {
    await canvas.run(
      canvas.rewriter.removeClass(canvas.root, {
        reactElement: await button("<Button className"),
        className: "mt-4",
      }),
    )
    expect(await canvas.read(APP)).toBe(changed(APP, `<Button className="mt-4"`, `<Button`))
    await canvas.write(APP, original[APP]!)
    const error = (await canvas.refusal(
      canvas.rewriter.removeClass(canvas.root, {
        reactElement: await button("<Button className"),
        className: "px-4",
      }),
    )) as { _tag: string; message: string }
    expect(error._tag).toBe("UnsupportedEdit")
    expect(error.message).toContain(`px-4 is written in the component (${UI})`)
  })

  it("updates classes from the DOM's whole list: the instance's part changes", async () => {
    const dom = ["inline-flex", "items-center", "h-9", "px-4", "py-2", "mt-4"]
    await canvas.run(
      canvas.rewriter.updateClasses(canvas.root, {
        reactElement: await button("<Button className"),
        oldClasses: dom,
        newClasses: [...dom.filter((token) => token !== "mt-4"), "mt-8", "shadow"],
      }),
    )
    expect(await canvas.read(APP)).toBe(
      changed(APP, `<Button className="mt-4"`, `<Button className="mt-8 shadow"`),
    )
  })

  it("without an instance, edits the component's definition as before", async () => {
    const result = await addClass(await canvas.at(UI, "<button"), "ring-2")
    expect(result.changedFiles.map((file) => file.path)).toEqual([UI])
    expect(await canvas.read(APP)).toBe(original[APP])
  })

  it("edits the definition when the element's classes do not come from props", async () => {
    const strong = {
      codebaseId: (await canvas.at(UI, "<strong")).codebaseId,
      instanceCodebaseId: (await canvas.at(APP, "<Badge")).codebaseId,
    }
    await addClass(strong, "italic")
    expect(await canvas.read(UI)).toBe(
      changed(
        UI,
        `<strong className="font-semibold">`,
        `<strong className="font-semibold italic">`,
      ),
    )
    expect(await canvas.read(APP)).toBe(original[APP])
  })

  it("edits the definition when the instance named is another component's", async () => {
    await addClass(
      {
        codebaseId: (await canvas.at(UI, "<button")).codebaseId,
        instanceCodebaseId: (await canvas.at(APP, "<Badge")).codebaseId,
      },
      "ring-2",
    )
    expect(await canvas.read(APP)).toBe(original[APP])
    expect(await canvas.read(UI)).not.toBe(original[UI])
  })

  it("refuses an instance id that names no component element", async () => {
    const error = (await canvas.refusal(
      canvas.rewriter.addClass(canvas.root, {
        reactElement: {
          codebaseId: (await canvas.at(UI, "<button")).codebaseId,
          instanceCodebaseId: (await canvas.at(APP, "<main")).codebaseId,
        },
        className: "ring-2",
      }),
    )) as { _tag: string; message: string }
    expect(error._tag).toBe("UnsupportedEdit")
    expect(error.message).toContain("not a component element")
    expect(await canvas.read(APP)).toBe(original[APP])
  })
})

describe("text edits at the usage site", () => {
  it("edits the instance's children when the text comes through {...props}", async () => {
    await canvas.run(
      canvas.rewriter.editText(canvas.root, {
        element: await button("<Button className"),
        oldText: "Save changes",
        newText: "Save",
      }),
    )
    expect(await canvas.read(APP)).toBe(
      changed(APP, "\n        Save changes\n", "\n        Save\n"),
    )
  })

  it("edits the instance's children when the text is {children}", async () => {
    await canvas.run(
      canvas.rewriter.editText(canvas.root, {
        element: {
          codebaseId: (await canvas.at(UI, "<strong")).codebaseId,
          instanceCodebaseId: (await canvas.at(APP, "<Badge")).codebaseId,
        },
        oldText: "New",
        newText: "Hot",
      }),
    )
    expect(await canvas.read(APP)).toBe(changed(APP, "<Badge>New</Badge>", "<Badge>Hot</Badge>"))
  })

  it("without an instance, says the text comes from props and where to edit it", async () => {
    const error = (await canvas.refusal(
      canvas.rewriter.editText(canvas.root, {
        element: await canvas.at(UI, "<strong"),
        oldText: "New",
        newText: "Hot",
      }),
    )) as { _tag: string; message: string; code: string }
    expect(error._tag).toBe("DynamicContentNotEditable")
    expect(error.code).toBe("DYNAMIC_CONTENT_NOT_EDITABLE")
    expect(error.message).toContain("its text comes from the component's children")
    expect(error.message).toContain("edit the instance where <Badge> is used")
    expect(await canvas.read(UI)).toBe(original[UI])
  })
})

/*
 * More files using the components: a self-closing instance, instances by an aliased name, and a
 * component imported as another file's default export.
 */
const TOOLBAR = "Toolbar.tsx"
const ICON = "components/ui/icon-button.tsx"
const more: Record<string, string> = {
  [TOOLBAR]: [
    `import { Badge as Tag, Button as Btn } from "./components/ui/button"`,
    `import { Button } from "./components/ui/button"`,
    `import Icon from "./components/ui/icon-button"`,
    `import { Button as Other } from "./other/button"`,
    ``,
    `export function Toolbar() {`,
    `  return (`,
    `    <nav>`,
    `      <Button variant="outline" />`,
    `      <Button`,
    `        size="sm"`,
    `      />`,
    `      <Button children="Ready" />`,
    `      <Btn className="mt-1">Go</Btn>`,
    `      <Tag className="mt-2">Hot</Tag>`,
    `      <Other className="mt-3">Elsewhere</Other>`,
    `      <Icon className="m-1" />`,
    `    </nav>`,
    `  )`,
    `}`,
    ``,
  ].join("\n"),
  [ICON]: [
    `import { cn } from "@/lib/utils"`,
    ``,
    `export default function IconButton({ className, ...props }: { className?: string }) {`,
    `  return <button className={cn("p-1", className)} {...props} />`,
    `}`,
    ``,
  ].join("\n"),
  "other/button.tsx": [
    `export function Button({ className }: { className?: string }) {`,
    `  return <a className={className}>elsewhere</a>`,
    `}`,
    ``,
  ].join("\n"),
}

describe("instances written otherwise", () => {
  beforeEach(async () => {
    for (const [path, text] of Object.entries(more)) {
      await mkdir(dirname(join(canvas.root, path)), { recursive: true })
      await canvas.write(path, text)
    }
  })

  /** The element of `definition` at `snippet`, as rendered for the instance at `usage` in the toolbar. */
  const at = async (definition: string, snippet: string, usage: string) => ({
    codebaseId: (await canvas.at(definition, snippet)).codebaseId,
    instanceCodebaseId: (await canvas.at(TOOLBAR, usage)).codebaseId,
  })

  const editText = async (
    element: { codebaseId: string; instanceCodebaseId: string },
    oldText: string,
    newText: string,
  ) => canvas.run(canvas.rewriter.editText(canvas.root, { element, oldText, newText }))

  const toolbarWith = (before: string, after: string) => replaceOnce(more[TOOLBAR]!, before, after)

  it("gives a self-closing instance children for its text, and undo takes them back", async () => {
    await editText(await at(UI, "<button", `<Button variant`), "", "Save")
    expect(await canvas.read(TOOLBAR)).toBe(
      toolbarWith(`<Button variant="outline" />`, `<Button variant="outline">Save</Button>`),
    )
    await canvas.run(canvas.rewriter.undoChangeToFiles(canvas.root))
    expect(await canvas.read(TOOLBAR)).toBe(more[TOOLBAR])
    // Attributes over several lines: the line break before the `/>` stays.
    await editText(await at(UI, "<button", `<Button\n`), "", "It's {new}")
    expect(await canvas.read(TOOLBAR)).toBe(
      toolbarWith(
        `        size="sm"\n      />`,
        `        size="sm"\n      >{"It's {new}"}</Button>`,
      ),
    )
    expect(await canvas.read(UI)).toBe(original[UI])
  })

  it("refuses a self-closing instance's text when the DOM showed other text, or its children prop gives it", async () => {
    const mismatch = (await canvas.refusal(
      canvas.rewriter.editText(canvas.root, {
        element: await at(UI, "<button", `<Button variant`),
        oldText: "Cancel",
        newText: "Save",
      }),
    )) as { _tag: string }
    expect(mismatch._tag).toBe("OldContentMismatch")
    const prop = (await canvas.refusal(
      canvas.rewriter.editText(canvas.root, {
        element: await at(UI, "<button", `<Button children`),
        oldText: "Ready",
        newText: "Set",
      }),
    )) as { _tag: string; message: string }
    expect(prop._tag).toBe("UnsupportedEdit")
    expect(prop.message).toContain("children prop")
    expect(await canvas.read(TOOLBAR)).toBe(more[TOOLBAR])
    expect(await canvas.read(UI)).toBe(original[UI])
  })

  it("edits an instance used by an aliased name (Button as Btn) at the usage site", async () => {
    await addClass(await at(UI, "<button", "<Btn"), "ring-2")
    await editText(await at(UI, "<button", "<Btn"), "Go", "Went")
    expect(await canvas.read(TOOLBAR)).toBe(
      toolbarWith(`<Btn className="mt-1">Go</Btn>`, `<Btn className="mt-1 ring-2">Went</Btn>`),
    )
    expect(await canvas.read(UI)).toBe(original[UI])
  })

  it("edits an instance of another file's default export by the name it is imported as", async () => {
    await addClass(await at(ICON, "<button", "<Icon"), "ring-2")
    await editText(await at(ICON, "<button", "<Icon"), "", "Hi")
    expect(await canvas.read(TOOLBAR)).toBe(
      toolbarWith(`<Icon className="m-1" />`, `<Icon className="m-1 ring-2">Hi</Icon>`),
    )
    expect(await canvas.read(ICON)).toBe(more[ICON])
  })

  it("edits the definition when an alias names another component, or the same name in another file", async () => {
    // Tag is Badge: the Button's <button> is not rendered by it.
    await addClass(await at(UI, "<button", "<Tag"), "ring-2")
    expect(await canvas.read(UI)).not.toBe(original[UI])
    await canvas.write(UI, original[UI]!)
    // Other is ./other/button's Button, not components/ui/button's.
    await addClass(await at(UI, "<button", "<Other"), "ring-4")
    expect(await canvas.read(UI)).not.toBe(original[UI])
    expect(await canvas.read(TOOLBAR)).toBe(more[TOOLBAR])
  })
})
