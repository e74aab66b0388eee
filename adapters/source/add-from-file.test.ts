import { readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { APP, FOOTER, canvas, original, prepareSampleCanvas } from "./sample-canvas.ts"

/* ADD_JSX from a file's contents (fileContentsToSourceFrom) and with extraFiles (issue 18 §1). */

prepareSampleCanvas()

const STORY = [
  `import { Badge as Tag } from "./components/Badge.tsx"`,
  ``,
  `export default function Story() {`,
  `  return <Tag label="Draft" tone="gray" />`,
  `}`,
  ``,
].join("\n")

const exists = (path: string) =>
  readFile(join(canvas.root, path), "utf8").then(
    (text) => text,
    () => null,
  )

describe("adding JSX from a file's contents", () => {
  it("adds what the default export renders, importing an aliased binding under its alias", async () => {
    await canvas.run(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(APP, "<button"),
        fileContentsToSourceFrom: STORY,
        fileContentsSourceFilename: "src/Story.tsx",
      }),
    )
    const text = await canvas.read(APP)
    expect(text).toContain(`Get started</button>\n          <Tag label="Draft" tone="gray" />\n`)
    expect(text).toContain(`import { Badge as Tag } from "./components/Badge.tsx"\n`)
  })

  it("refuses JSX that uses a name its own file declares (a prop), and contents with no JSX", async () => {
    const usesProp = `export default function Story({ title }: { title: string }) {\n  return <h3>{title}</h3>\n}\n`
    const refused = await canvas.refusal(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(APP, "<button"),
        fileContentsToSourceFrom: usesProp,
      }),
    )
    expect(refused).toMatchObject({ _tag: "UnsupportedEdit" })
    expect(refused.message).toContain("title")
    const none = await canvas.refusal(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(APP, "<button"),
        fileContentsToSourceFrom: `export const answer = 42\n`,
      }),
    )
    expect(none.message).toBe("fileContentsToSourceFrom renders no JSX")
    expect(await canvas.read(APP)).toBe(original[APP])
  })
})

/** What the editor's paste sends (pasted-file.ts): the copy's file's imports and its JSX. */
const pasted = (imports: string, jsx: string) =>
  `${imports}\n\nexport default function Pasted() {\n  return (\n    ${jsx}\n  )\n}\n`

describe("pasting JSX that uses names of the file it was copied from", () => {
  it("imports a component its file exports, from that file", async () => {
    await canvas.run(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(FOOTER, "<p"),
        // Copied from Badge.tsx, where Badge is declared (and exported), not imported.
        fileContentsToSourceFrom: pasted("", `<Badge label="New" tone="gray" />`),
        fileContentsSourceFilename: "src/components/Badge.tsx",
      }),
    )
    const text = await canvas.read(FOOTER)
    expect(text).toContain(`<Badge label="New" tone="gray" />`)
    expect(text).toContain(`import { Badge } from "./Badge.tsx"\n`)
  })

  it("refuses a name the file declares without exporting, and a prop, naming them", async () => {
    const unexported = await canvas.refusal(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(FOOTER, "<p"),
        fileContentsToSourceFrom: pasted(
          `import { useState } from "react"`,
          `<p>{initialTasks.length} tasks</p>`,
        ),
        fileContentsSourceFilename: APP,
      }),
    )
    expect(unexported.message).toBe(
      "The pasted JSX uses initialTasks, which src/App.tsx declares without exporting: export it there to paste it into Footer.tsx",
    )
    const prop = await canvas.refusal(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(FOOTER, "<p"),
        fileContentsToSourceFrom: pasted("", `<h1 className="text-2xl font-bold">{title}</h1>`),
        fileContentsSourceFilename: "src/components/Header.tsx",
      }),
    )
    expect(prop.message).toBe(
      "The pasted JSX uses title, declared inside a component of src/components/Header.tsx (a prop or a local value): it would be undefined in Footer.tsx",
    )
    expect(await canvas.read(FOOTER)).toBe(original[FOOTER])
  })

  it("pastes into its own file as it is, and leaves globals and the JSX's own names alone", async () => {
    await canvas.run(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(APP, "<button"),
        fileContentsToSourceFrom: pasted(
          `import { useState } from "react"`,
          `<ul>{initialTasks.map((task) => <li key={task.id}>{Math.round(task.id)}</li>)}</ul>`,
        ),
        fileContentsSourceFilename: APP,
      }),
    )
    const text = await canvas.read(APP)
    expect(text).toContain("initialTasks.map((task) =>")
    expect(text.match(/^import /gm)).toHaveLength(original[APP]!.match(/^import /gm)!.length)
  })
})

describe("extraFiles", () => {
  const CHIP = "src/ui/chips/Chip.tsx"
  const chip = `export function Chip() {\n  return <span>Chip</span>\n}\n`

  it("creates a new file (and its folder) with the edit; undo removes it, redo creates it again", async () => {
    await canvas.run(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(APP, "<button"),
        newElement: { type: "native", nativeTag: "hr" },
        extraFiles: { [CHIP]: chip },
      }),
    )
    expect(await exists(CHIP)).toBe(chip)
    await canvas.run(canvas.rewriter.undoChangeToFiles(canvas.root))
    expect(await exists(CHIP)).toBeNull()
    expect(await canvas.read(APP)).toBe(original[APP])
    await canvas.run(canvas.rewriter.redoChangeToFiles(canvas.root))
    expect(await exists(CHIP)).toBe(chip)
    expect(await canvas.read(APP)).toContain("<hr />")
  })

  it("refuses to overwrite a file with other contents, and to undo over a created file changed since", async () => {
    const refused = await canvas.refusal(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(APP, "<button"),
        newElement: { type: "native", nativeTag: "hr" },
        extraFiles: { "src/components/Badge.tsx": chip },
      }),
    )
    expect(refused).toMatchObject({ _tag: "FileConflict", path: "src/components/Badge.tsx" })
    expect(await canvas.read(APP)).toBe(original[APP])

    await canvas.run(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(APP, "<button"),
        newElement: { type: "native", nativeTag: "hr" },
        extraFiles: { [CHIP]: chip },
      }),
    )
    await writeFile(join(canvas.root, CHIP), `${chip}// edited\n`)
    const undo = await canvas.refusal(canvas.rewriter.undoChangeToFiles(canvas.root))
    expect(undo).toMatchObject({ _tag: "FileConflict", path: CHIP })
    expect(await exists(CHIP)).toBe(`${chip}// edited\n`)
    expect(await canvas.read(APP)).toContain("<hr />")
  })

  it("refuses a path outside the canvas", async () => {
    const refused = await canvas.refusal(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(APP, "<button"),
        newElement: { type: "native", nativeTag: "hr" },
        extraFiles: { "../outside.tsx": chip },
      }),
    )
    expect(refused).toMatchObject({ _tag: "PathOutsideCanvas" })
  })
})
