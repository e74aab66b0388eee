import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { Cause, Effect, Exit } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { nodeFileOps, type FileOps } from "./canvas-files.ts"
import { codebaseIdOf } from "./codebase-id.ts"
import { HISTORY_PATH } from "./history.ts"
import { makeTsMorphRewriter } from "./ts-morph-rewriter.ts"
import { makeCanvas, replaceOnce, type TestCanvas } from "./test-support.ts"

const APP = "src/App.tsx"
const FOOTER = "src/components/Footer.tsx"
const ITEM = "src/components/TaskItem.tsx"
const LIST = "src/components/TaskList.tsx"
const HEADER = "src/components/Header.tsx"
const BADGE = "src/components/Badge.tsx"

let canvas: TestCanvas
let original: Record<string, string>

beforeEach(async () => {
  canvas = await makeCanvas()
  original = {}
  for (const path of [APP, FOOTER, ITEM, LIST, HEADER, BADGE]) {
    original[path] = await canvas.read(path)
  }
})
afterEach(async () => {
  await canvas.dispose()
})

/** The file after the mutation equals the original with exactly this one change. */
const expectChanged = async (path: string, before: string, after: string) => {
  expect(await canvas.read(path)).toBe(replaceOnce(original[path]!, before, after))
}

describe("styling", () => {
  it("sets Tailwind classes under modifiers, replacing the ones that set the same property", async () => {
    const footer = await canvas.at(FOOTER, "<footer")
    await canvas.run(
      canvas.rewriter.styling(canvas.root, {
        reactElement: footer,
        styling: { color: "#ff0000", "padding-top": "8px" },
        stylingFramework: "Tailwind",
        modifiers: ["hover", "md"],
      }),
    )
    await expectChanged(
      FOOTER,
      `className="py-6 text-center text-xs text-slate-400"`,
      `className="py-6 text-center text-xs text-slate-400 md:hover:text-[color:#ff0000] md:hover:pt-[8px]"`,
    )
    await canvas.run(
      canvas.rewriter.styling(canvas.root, {
        reactElement: footer,
        styling: { color: "blue", fontSize: "14px" },
        stylingFramework: "Tailwind",
      }),
    )
    // text-slate-400 sets the colour; text-xs the size; text-center neither.
    await expectChanged(
      FOOTER,
      `className="py-6 text-center text-xs text-slate-400"`,
      `className="py-6 text-center md:hover:text-[color:#ff0000] md:hover:pt-[8px] text-[color:blue] text-[length:14px]"`,
    )
  })

  it("sets, changes and removes properties of an inline style object", async () => {
    const p = await canvas.at(FOOTER, "<p>")
    await canvas.run(
      canvas.rewriter.styling(canvas.root, {
        reactElement: p,
        styling: { "background-color": "red", fontSize: 12 },
        stylingFramework: "Inline",
      }),
    )
    await expectChanged(
      FOOTER,
      `<p>Made`,
      `<p style={{ backgroundColor: "red", fontSize: 12 }}>Made`,
    )
    await canvas.run(
      canvas.rewriter.styling(canvas.root, {
        reactElement: p,
        styling: { backgroundColor: null, fontSize: 14, color: "navy" },
        stylingFramework: "Inline",
      }),
    )
    await expectChanged(FOOTER, `<p>Made`, `<p style={{ fontSize: 14, color: "navy" }}>Made`)
    await canvas.run(
      canvas.rewriter.styling(canvas.root, {
        reactElement: p,
        styling: { fontSize: null, color: "" },
        stylingFramework: "Inline",
      }),
    )
    expect(await canvas.read(FOOTER)).toBe(original[FOOTER])
  })

  it("refuses modifiers on inline styles and a className built by an expression", async () => {
    const p = await canvas.at(FOOTER, "<p>")
    const inline = await canvas.refusal(
      canvas.rewriter.styling(canvas.root, {
        reactElement: p,
        styling: { color: "red" },
        stylingFramework: "Inline",
        modifiers: ["hover"],
      }),
    )
    expect(inline._tag).toBe("UnsupportedEdit")
    const badge = await canvas.at(BADGE, "<span")
    const dynamic = await canvas.refusal(
      canvas.rewriter.styling(canvas.root, {
        reactElement: badge,
        styling: { color: "red" },
        stylingFramework: "Tailwind",
      }),
    )
    expect(dynamic.code).toBe("DYNAMIC_CONTENT_NOT_EDITABLE")
    expect(await canvas.read(BADGE)).toBe(original[BADGE])
  })
})

describe("addJsxElement", () => {
  it("adds a native element after a sibling, on its own line with the sibling's indentation", async () => {
    const result = await canvas.run(
      canvas.rewriter.addJsxElement(canvas.root, {
        afterElement: await canvas.at(FOOTER, "<p>"),
        newElement: {
          type: "nativeTag",
          nativeTag: "span",
          propsToSet: { className: "italic", children: "New" },
        },
      }),
    )
    await expectChanged(
      FOOTER,
      `editor</p>\n`,
      `editor</p>\n      <span className="italic">New</span>\n`,
    )
    const text = await canvas.read(FOOTER)
    expect(result.newCodebaseId).toBe(codebaseIdOf(FOOTER, text.indexOf("<span")))
    expect(result.changedFiles).toEqual([
      { path: FOOTER, fileHash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown },
    ])
  })

  it("adds before a sibling and maps the ids of the elements after it", async () => {
    const a = await canvas.at(FOOTER, "<a ")
    const result = await canvas.run(
      canvas.rewriter.addJsxElement(canvas.root, {
        beforeElement: await canvas.at(FOOTER, "<p>"),
        newElement: { type: "nativeTag", nativeTag: "hr" },
      }),
    )
    await expectChanged(FOOTER, `      <p>Made`, `      <hr />\n      <p>Made`)
    const text = await canvas.read(FOOTER)
    expect(result.codebaseIds[a.codebaseId]).toBe(codebaseIdOf(FOOTER, text.indexOf("<a ")))
  })

  it("adds a component into a container and imports it the way the file imports", async () => {
    const result = await canvas.run(
      canvas.rewriter.addJsxElement(canvas.root, {
        destinationElement: await canvas.at(HEADER, "<header"),
        newElement: {
          type: "component",
          componentName: "Badge",
          propsToSet: { label: "New", tone: "gray" },
        },
      }),
    )
    expect(await canvas.read(HEADER)).toBe(
      replaceOnce(
        // No imports yet: the first one goes above the code, a blank line between.
        `import { Badge } from "./Badge.tsx"\n\n` + original[HEADER]!,
        `: null}\n`,
        `: null}\n      <Badge label="New" tone="gray" />\n`,
      ),
    )
    expect(result.addedCodebaseIds).toHaveLength(1)
  })

  it("adds into an empty or self-closing container by opening it", async () => {
    const files = {
      "Box.tsx": `export const Box = () => (\n  <div>\n    <section />\n    <aside></aside>\n  </div>\n)\n`,
    }
    const box = await makeCanvas(files)
    try {
      await box.run(
        box.rewriter.addJsxElement(box.root, {
          destinationElement: await box.at("Box.tsx", "<section"),
          newElement: { type: "nativeTag", nativeTag: "b" },
        }),
      )
      await box.run(
        box.rewriter.addJsxElement(box.root, {
          destinationElement: await box.at("Box.tsx", "<aside"),
          newElement: { type: "nativeTag", nativeTag: "i", propsToSet: { hidden: true } },
        }),
      )
      expect(await box.read("Box.tsx")).toBe(
        `export const Box = () => (\n  <div>\n    <section>\n      <b />\n    </section>\n    <aside>\n      <i hidden />\n    </aside>\n  </div>\n)\n`,
      )
    } finally {
      await box.dispose()
    }
  })
})

describe("moveJsxElement", () => {
  it("moves an element before a sibling, keeping its lines and mapping its id", async () => {
    const a = await canvas.at(FOOTER, "<a ")
    const result = await canvas.run(
      canvas.rewriter.moveJsxElement(canvas.root, {
        elementToMove: a,
        beforeElement: await canvas.at(FOOTER, "<p>"),
        expectedCurrentParent: await canvas.at(FOOTER, "<footer"),
      }),
    )
    const link = `      <a href="https://example.com" className="underline">\n        Learn more\n      </a>\n`
    const expected = replaceOnce(
      replaceOnce(original[FOOTER]!, link, ""),
      `      <p>Made`,
      `${link}      <p>Made`,
    )
    expect(await canvas.read(FOOTER)).toBe(expected)
    expect(result.codebaseIds[a.codebaseId]).toBe(codebaseIdOf(FOOTER, expected.indexOf("<a ")))
  })

  it("moves into another container, re-indenting the element's lines", async () => {
    const button = `        <button\n          className="text-sm text-indigo-600 hover:underline"\n          onClick={() => onToggle(task.id)}\n        >\n          {task.done ? "Undo" : "Finish"}\n        </button>\n`
    await canvas.run(
      canvas.rewriter.moveJsxElement(canvas.root, {
        elementToMove: await canvas.at(ITEM, "<button"),
        newContainerElement: await canvas.at(ITEM, "<li"),
      }),
    )
    const moved = button.replaceAll("\n  ", "\n").slice(2)
    expect(await canvas.read(ITEM)).toBe(
      replaceOnce(
        replaceOnce(original[ITEM]!, button, ""),
        `      </div>\n`,
        `      </div>\n${moved}`,
      ),
    )
  })

  it("refuses a move whose element has another parent than the client expects", async () => {
    const error = await canvas.refusal(
      canvas.rewriter.moveJsxElement(canvas.root, {
        elementToMove: await canvas.at(FOOTER, "<a "),
        afterElement: await canvas.at(FOOTER, "<p>"),
        expectedCurrentParent: await canvas.at(FOOTER, "<p>"),
      }),
    )
    expect(error._tag).toBe("ParentMismatch")
    expect(await canvas.read(FOOTER)).toBe(original[FOOTER])
  })
})

describe("removeJsxElement", () => {
  it("removes several elements with their lines, and a conditional's whole expression", async () => {
    await canvas.run(
      canvas.rewriter.removeJsxElement(canvas.root, {
        elementsToRemove: [
          await canvas.at(APP, "<h2"),
          await canvas.at(APP, "<h2"),
          await canvas.at(APP, `<p className="mt-4`),
        ],
      }),
    )
    expect(await canvas.read(APP)).toBe(
      replaceOnce(
        replaceOnce(original[APP]!, `          <h2 className="text-lg font-bold">About</h2>\n`, ""),
        `        {remaining === 0 && <p className="mt-4 font-semibold text-green-700">All done!</p>}\n`,
        "",
      ),
    )
  })

  it("refuses to remove what a list renders per item", async () => {
    const error = await canvas.refusal(
      canvas.rewriter.removeJsxElement(canvas.root, {
        elementsToRemove: [await canvas.at(LIST, "<TaskItem")],
      }),
    )
    expect(error._tag).toBe("DynamicContentNotEditable")
  })

  it("answers ElementNotFound for an id no element has", async () => {
    const error = await canvas.refusal(
      canvas.rewriter.removeJsxElement(canvas.root, {
        elementsToRemove: [{ codebaseId: "tempo-00000000-0000-5000-8000-000000000000" }],
      }),
    )
    expect(error._tag).toBe("ElementNotFound")
  })
})

describe("changePropValue", () => {
  it("changes, adds and removes props", async () => {
    const a = await canvas.at(FOOTER, "<a ")
    await canvas.run(
      canvas.rewriter.changePropValue(canvas.root, {
        elementToModify: a,
        propName: "href",
        propValue: "https://colorday.test",
      }),
    )
    await canvas.run(
      canvas.rewriter.changePropValue(canvas.root, {
        elementToModify: a,
        propName: "tabIndex",
        propValue: 2,
      }),
    )
    await expectChanged(
      FOOTER,
      `<a href="https://example.com" className="underline">`,
      `<a href="https://colorday.test" className="underline" tabIndex={2}>`,
    )
    await canvas.run(
      canvas.rewriter.changePropValue(canvas.root, {
        elementToModify: a,
        propName: "className",
        propValue: null,
      }),
    )
    await expectChanged(
      FOOTER,
      `<a href="https://example.com" className="underline">`,
      `<a href="https://colorday.test" tabIndex={2}>`,
    )
  })

  it("adds a prop on its own line when the attributes have theirs", async () => {
    await canvas.run(
      canvas.rewriter.changePropValue(canvas.root, {
        elementToModify: await canvas.at(APP, "<input"),
        propName: "title",
        propValue: 'Say "done"',
      }),
    )
    await expectChanged(
      APP,
      `onChange={(event) => setShowDone(event.target.checked)}\n`,
      `onChange={(event) => setShowDone(event.target.checked)}\n            title={"Say \\"done\\""}\n`,
    )
  })
})

describe("wrapInDiv", () => {
  it("wraps several siblings in one div, indented one level deeper", async () => {
    const result = await canvas.run(
      canvas.rewriter.wrapInDiv(canvas.root, {
        reactElements: [await canvas.at(APP, "<button"), await canvas.at(APP, "<h2")],
      }),
    )
    await expectChanged(
      APP,
      `          <h2 className="text-lg font-bold">About</h2>
          <p className="text-slate-700">Every element here can be edited from the canvas.</p>
          <button className="mt-2 rounded bg-indigo-600 px-3 py-1 text-white">Get started</button>
`,
      `          <div>
            <h2 className="text-lg font-bold">About</h2>
            <button className="mt-2 rounded bg-indigo-600 px-3 py-1 text-white">Get started</button>
          </div>
          <p className="text-slate-700">Every element here can be edited from the canvas.</p>
`,
    )
    const text = await canvas.read(APP)
    expect(result.newCodebaseId).toBe(codebaseIdOf(APP, text.indexOf("<div>")))
  })

  it("refuses elements that are not siblings", async () => {
    const error = await canvas.refusal(
      canvas.rewriter.wrapInDiv(canvas.root, {
        reactElements: [await canvas.at(APP, "<h2"), await canvas.at(APP, "<label")],
      }),
    )
    expect(error._tag).toBe("UnsupportedEdit")
  })
})

describe("duplicate", () => {
  it("duplicates several elements, each right after itself", async () => {
    const result = await canvas.run(
      canvas.rewriter.duplicate(canvas.root, {
        reactElements: [await canvas.at(FOOTER, "<p>"), await canvas.at(FOOTER, "<a ")],
      }),
    )
    const link = `      <a href="https://example.com" className="underline">\n        Learn more\n      </a>\n`
    await expectChanged(
      FOOTER,
      `      <p>Made with the Colorday editor</p>\n${link}`,
      `      <p>Made with the Colorday editor</p>\n      <p>Made with the Colorday editor</p>\n${link}${link}`,
    )
    expect(result.addedCodebaseIds).toHaveLength(2)
  })
})

describe("changeElementTag", () => {
  it("renames the opening and the closing tag", async () => {
    await canvas.run(
      canvas.rewriter.changeElementTag(canvas.root, {
        elementToModify: await canvas.at(FOOTER, "<footer"),
        newTag: "section",
      }),
    )
    expect(await canvas.read(FOOTER)).toBe(
      original[FOOTER]!.replace("<footer", "<section").replace("</footer>", "</section>"),
    )
  })

  it("refuses a tag name that is not one", async () => {
    const error = await canvas.refusal(
      canvas.rewriter.changeElementTag(canvas.root, {
        elementToModify: await canvas.at(FOOTER, "<footer"),
        newTag: "div onClick={x}",
      }),
    )
    expect(error._tag).toBe("UnsupportedEdit")
  })
})

describe("classes", () => {
  it("adds a class with modifiers, then removes it", async () => {
    const h1 = await canvas.at(HEADER, "<h1")
    await canvas.run(
      canvas.rewriter.addClass(canvas.root, {
        reactElement: h1,
        className: "underline",
        stylingFramework: "Tailwind",
        modifiers: ["hover", "lg"],
      }),
    )
    await expectChanged(
      HEADER,
      `<h1 className="text-2xl font-bold">`,
      `<h1 className="text-2xl font-bold lg:hover:underline">`,
    )
    await canvas.run(
      canvas.rewriter.removeClass(canvas.root, {
        reactElement: h1,
        className: "lg:hover:underline",
      }),
    )
    expect(await canvas.read(HEADER)).toBe(original[HEADER])
  })

  it("adds a className attribute to an element without one", async () => {
    await canvas.run(
      canvas.rewriter.addClass(canvas.root, {
        reactElement: await canvas.at(FOOTER, "<p>"),
        className: "font-bold",
      }),
    )
    await expectChanged(FOOTER, `<p>Made`, `<p className="font-bold">Made`)
  })

  it("updates classes when the old ones match, ignoring generated classes", async () => {
    const h1 = await canvas.at(HEADER, "<h1")
    await canvas.run(
      canvas.rewriter.updateClasses(canvas.root, {
        reactElement: h1,
        oldClasses: ["font-bold", "text-2xl", h1.codebaseId, "arb89-temp-styling"],
        newClasses: ["text-3xl", "font-black"],
      }),
    )
    await expectChanged(
      HEADER,
      `<h1 className="text-2xl font-bold">`,
      `<h1 className="text-3xl font-black">`,
    )
    const error = await canvas.refusal(
      canvas.rewriter.updateClasses(canvas.root, {
        reactElement: h1,
        oldClasses: ["text-2xl", "font-bold"],
        newClasses: ["text-xl"],
      }),
    )
    expect(error._tag).toBe("OldContentMismatch")
  })
})

describe("editText", () => {
  it("edits static text in place, keeping its lines", async () => {
    await canvas.run(
      canvas.rewriter.editText(canvas.root, {
        element: await canvas.at(FOOTER, "<a "),
        oldText: "Learn more",
        newText: "Read <more> & more",
      }),
    )
    await expectChanged(FOOTER, `        Learn more\n`, `        {"Read <more> & more"}\n`)
  })

  it("edits a static part of text with expressions, named by its own old text", async () => {
    await canvas.run(
      canvas.rewriter.editText(canvas.root, {
        element: await canvas.at(APP, `<p className="mb-4`),
        oldText: "of",
        newText: " out of ",
      }),
    )
    await expectChanged(APP, `{remaining} of {tasks.length}`, `{remaining} out of {tasks.length}`)
  })

  it("refuses a mismatched old text and text built by expressions", async () => {
    const mismatch = await canvas.refusal(
      canvas.rewriter.editText(canvas.root, {
        element: await canvas.at(FOOTER, "<p>"),
        oldText: "Made by hand",
        newText: "x",
      }),
    )
    expect(mismatch._tag).toBe("OldContentMismatch")
    const dynamic = await canvas.refusal(
      canvas.rewriter.editText(canvas.root, {
        element: await canvas.at(HEADER, "<h1"),
        oldText: "Today's tasks",
        newText: "x",
      }),
    )
    expect(dynamic._tag).toBe("DynamicContentNotEditable")
    expect(await canvas.read(FOOTER)).toBe(original[FOOTER])
  })
})

describe("inspectElement", () => {
  it("reports lists, conditionals and dynamic text", async () => {
    const item = await canvas.run(
      canvas.rewriter.inspectElement(canvas.root, (await canvas.at(ITEM, "<Badge")).codebaseId),
    )
    expect(item).toMatchObject({
      path: ITEM,
      tagName: "Badge",
      isComponent: true,
      conditional: true,
    })
    const listed = await canvas.run(
      canvas.rewriter.inspectElement(canvas.root, (await canvas.at(LIST, "<TaskItem")).codebaseId),
    )
    expect(listed.insideList).toBe(true)
    const counter = await canvas.run(
      canvas.rewriter.inspectElement(
        canvas.root,
        (await canvas.at(APP, `<p className="mb-4`)).codebaseId,
      ),
    )
    expect(counter).toMatchObject({ hasDynamicText: true, staticText: null, insideList: false })
    const about = await canvas.run(
      canvas.rewriter.inspectElement(canvas.root, (await canvas.at(APP, "<h2")).codebaseId),
    )
    expect(about).toMatchObject({ staticText: "About", hasDynamicText: false })
  })
})

describe("undo and redo", () => {
  it("undoes and redoes changes, and the history survives a restart", async () => {
    await canvas.run(
      canvas.rewriter.changeElementTag(canvas.root, {
        elementToModify: await canvas.at(FOOTER, "<footer"),
        newTag: "section",
      }),
    )
    const changed = await canvas.read(FOOTER)
    await canvas.run(
      canvas.rewriter.addClass(canvas.root, {
        reactElement: await canvas.at(HEADER, "<h1"),
        className: "italic",
      }),
    )
    const restarted = makeTsMorphRewriter()
    const undone = await canvas.run(restarted.undoChangeToFiles(canvas.root))
    expect(undone.changedFiles.map((file) => file.path)).toEqual([HEADER])
    expect(await canvas.read(HEADER)).toBe(original[HEADER])
    await canvas.run(restarted.undoChangeToFiles(canvas.root))
    expect(await canvas.read(FOOTER)).toBe(original[FOOTER])
    expect((await canvas.refusal(restarted.undoChangeToFiles(canvas.root)))._tag).toBe(
      "NothingToRevert",
    )
    await canvas.run(canvas.rewriter.redoChangeToFiles(canvas.root))
    expect(await canvas.read(FOOTER)).toBe(changed)
  })

  it("refuses to undo over a file changed since, naming it", async () => {
    await canvas.run(
      canvas.rewriter.addClass(canvas.root, {
        reactElement: await canvas.at(HEADER, "<h1"),
        className: "italic",
      }),
    )
    const edited = `// edited by hand\n${await canvas.read(HEADER)}`
    await canvas.write(HEADER, edited)
    const error = await canvas.refusal(canvas.rewriter.undoChangeToFiles(canvas.root))
    expect(error).toMatchObject({ _tag: "FileConflict", code: "FILE_CONFLICT", path: HEADER })
    expect(await canvas.read(HEADER)).toBe(edited)
  })
})

describe("conflicts and safety", () => {
  it("re-finds an element of a file changed on disk by its fingerprint", async () => {
    const h1 = await canvas.at(HEADER, "<h1")
    const info = await canvas.run(canvas.rewriter.inspectElement(canvas.root, h1.codebaseId))
    await canvas.write(HEADER, `// a comment above shifts every id\n${original[HEADER]}`)
    await canvas.run(
      canvas.rewriter.addClass(canvas.root, {
        reactElement: h1,
        className: "italic",
        seenFileHashes: { [HEADER]: info.fileHash },
      }),
    )
    expect(await canvas.read(HEADER)).toBe(
      `// a comment above shifts every id\n${original[HEADER]!.replace("text-2xl font-bold", "text-2xl font-bold italic")}`,
    )
  })

  it("refuses with a conflict when the element cannot be found again", async () => {
    const h1 = await canvas.at(HEADER, "<h1")
    const info = await canvas.run(canvas.rewriter.inspectElement(canvas.root, h1.codebaseId))
    const changed = `// shifted\n${original[HEADER]!.replace(`<h1 className="text-2xl font-bold">`, `<h1 className="text-xl">`)}`
    await canvas.write(HEADER, changed)
    const error = await canvas.refusal(
      canvas.rewriter.addClass(canvas.root, {
        reactElement: h1,
        className: "italic",
        seenFileHashes: { [HEADER]: info.fileHash },
      }),
    )
    expect(error).toMatchObject({ _tag: "FileConflict", path: HEADER })
    expect(await canvas.read(HEADER)).toBe(changed)
  })

  it("writes a backslash in a class escaped inside a JS string, and as it is in a JSX string", async () => {
    // Tailwind's \\_ (a literal underscore in an arbitrary value): in className={"…"} a lone
    // backslash would be read as an escape and change the class (at the end it would escape the
    // closing quote); a JSX attribute string has no escapes at all.
    const source = [
      `export const Box = () => <div className={"box"}>text</div>`,
      `export const Tag = () => <p className="tag">text</p>`,
      ``,
    ].join("\n")
    const box = await makeCanvas({ "Box.tsx": source })
    try {
      await Effect.runPromise(
        box.rewriter.addClass(box.root, {
          reactElement: await box.at("Box.tsx", "<div"),
          className: "bg-[url(/a\\_b.png)]",
        }),
      )
      await Effect.runPromise(
        box.rewriter.addClass(box.root, {
          reactElement: await box.at("Box.tsx", "<p"),
          className: "bg-[url(/a\\_b.png)]",
        }),
      )
      expect(await box.read("Box.tsx")).toBe(
        [
          `export const Box = () => <div className={"box bg-[url(/a\\\\_b.png)]"}>text</div>`,
          `export const Tag = () => <p className="tag bg-[url(/a\\_b.png)]">text</p>`,
          ``,
        ].join("\n"),
      )
    } finally {
      await box.dispose()
    }
  })

  it("never writes a result that does not parse", async () => {
    const broken = `export const Broken = () => <div><p>text</p>\n`
    const box = await makeCanvas({ "Broken.tsx": broken })
    try {
      const error = await box.refusal(
        box.rewriter.addClass(box.root, {
          reactElement: await box.at("Broken.tsx", "<p>"),
          className: "x",
        }),
      )
      expect(error._tag).toBe("ResultDoesNotParse")
      expect(await box.read("Broken.tsx")).toBe(broken)
    } finally {
      await box.dispose()
    }
  })

  it("refuses a component file outside the canvas", async () => {
    const error = await canvas.refusal(
      canvas.rewriter.addJsxElement(canvas.root, {
        destinationElement: await canvas.at(FOOTER, "<footer"),
        newElement: { type: "component", componentName: "Evil", componentFile: "../evil.tsx" },
      }),
    )
    expect(error._tag).toBe("PathOutsideCanvas")
    expect(await canvas.read(FOOTER)).toBe(original[FOOTER])
  })

  it("refuses a component file reached through a link inside the canvas that leads outside", async () => {
    const outside = await mkdtemp(join(tmpdir(), "colorday-outside-"))
    try {
      await writeFile(join(outside, "Evil.tsx"), `export const Evil = () => <b>evil</b>\n`)
      await symlink(outside, join(canvas.root, "src/linked"))
      await symlink(join(outside, "Evil.tsx"), join(canvas.root, "src/Evil.tsx"))
      // A linked folder, a linked file, and a file not there yet under a linked folder.
      for (const componentFile of ["src/linked/Evil.tsx", "src/Evil.tsx", "src/linked/New.tsx"]) {
        const error = await canvas.refusal(
          canvas.rewriter.addJsxElement(canvas.root, {
            destinationElement: await canvas.at(FOOTER, "<footer"),
            newElement: { type: "component", componentName: "Evil", componentFile },
          }),
        )
        expect(error, componentFile).toMatchObject({
          _tag: "PathOutsideCanvas",
          path: componentFile,
        })
      }
      expect(await canvas.read(FOOTER)).toBe(original[FOOTER])
      expect(await readFile(join(outside, "Evil.tsx"), "utf8")).toBe(
        `export const Evil = () => <b>evil</b>\n`,
      )
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })
})

describe("a corrupt history", () => {
  const corrupt = async (text: string) => {
    await mkdir(dirname(join(canvas.root, HISTORY_PATH)), { recursive: true })
    await writeFile(join(canvas.root, HISTORY_PATH), text)
  }

  it("refuses an edit before writing any file, naming the history file", async () => {
    for (const text of ["{ not json", `{"undo":[{"id":1}],"redo":[]}`]) {
      await corrupt(text)
      const error = await canvas.refusal(
        canvas.rewriter.addClass(canvas.root, {
          reactElement: await canvas.at(HEADER, "<h1"),
          className: "italic",
        }),
      )
      expect(error).toMatchObject({ _tag: "FileConflict", path: HISTORY_PATH })
      expect(error.message).toContain(`${HISTORY_PATH}: the canvas's undo history is unreadable`)
      expect(await canvas.read(HEADER)).toBe(original[HEADER])
      expect(await readFile(join(canvas.root, HISTORY_PATH), "utf8")).toBe(text)
    }
  })

  it("refuses undo and redo the same way", async () => {
    await corrupt("[]")
    for (const revert of [canvas.rewriter.undoChangeToFiles, canvas.rewriter.redoChangeToFiles]) {
      expect(await canvas.refusal(revert(canvas.root))).toMatchObject({
        _tag: "FileConflict",
        path: HISTORY_PATH,
      })
    }
  })
})

describe("writing several files", () => {
  /** Every temporary file left anywhere under the root. */
  const temporaries = async (root: string) =>
    (await readdir(root, { recursive: true })).filter((name) => name.endsWith(".tmp"))

  /** File operations whose rename fails for the `nth` call that `matches`. */
  const failingRename = (nth: number, matches: (to: string) => boolean = () => true) => {
    let seen = 0
    const ops: FileOps = {
      ...nodeFileOps,
      rename: async (from, to) => {
        if (matches(to)) {
          seen += 1
          if (seen === nth) throw new Error(`injected rename failure for ${to}`)
        }
        await nodeFileOps.rename(from, to)
      },
    }
    return ops
  }

  /** Removes an element of the Footer and one of the Header: one change to two files. */
  const removeFromTwoFiles = async (box: TestCanvas) =>
    box.rewriter.removeJsxElement(box.root, {
      elementsToRemove: [await box.at(FOOTER, "<p>"), await box.at(HEADER, "<h1")],
    })

  const expectDefect = async (effect: Effect.Effect<unknown, unknown>, message: RegExp) => {
    const exit = await Effect.runPromiseExit(effect)
    expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause)).toBe(true)
    if (Exit.isFailure(exit)) expect(String(Cause.squash(exit.cause))).toMatch(message)
  }

  it("puts every file back when the second rename fails, leaving no temporary file", async () => {
    let failing = true
    const ops = failingRename(2)
    const box = await makeCanvas(
      undefined,
      makeTsMorphRewriter({
        fileOps: {
          ...ops,
          rename: (from, to) => (failing ? ops.rename(from, to) : nodeFileOps.rename(from, to)),
        },
      }),
    )
    try {
      await expectDefect(await removeFromTwoFiles(box), /injected rename failure/)
      for (const path of [FOOTER, HEADER]) expect(await box.read(path), path).toBe(original[path])
      expect(await temporaries(box.root)).toEqual([])
      expect((await box.refusal(box.rewriter.undoChangeToFiles(box.root)))._tag).toBe(
        "NothingToRevert",
      )
      // The canvas is still whole: the same edit goes through once renames work again.
      failing = false
      const result = await box.run(await removeFromTwoFiles(box))
      expect(result.changedFiles.map((file) => file.path).sort()).toEqual([FOOTER, HEADER])
      expect(await box.read(HEADER)).not.toContain("<h1")
      await box.run(box.rewriter.undoChangeToFiles(box.root))
      for (const path of [FOOTER, HEADER]) expect(await box.read(path), path).toBe(original[path])
    } finally {
      await box.dispose()
    }
  })

  it("puts the files back when the history cannot be written", async () => {
    const box = await makeCanvas(
      undefined,
      makeTsMorphRewriter({ fileOps: failingRename(1, (to) => to.endsWith("history.json")) }),
    )
    try {
      await expectDefect(await removeFromTwoFiles(box), /injected rename failure/)
      for (const path of [FOOTER, HEADER]) expect(await box.read(path), path).toBe(original[path])
      expect(await temporaries(box.root)).toEqual([])
    } finally {
      await box.dispose()
    }
  })
})

describe("wrapInDiv of one element", () => {
  it("wraps a conditional's whole content in place", async () => {
    await canvas.run(
      canvas.rewriter.wrapInDiv(canvas.root, {
        reactElements: [await canvas.at(ITEM, "<Badge")],
      }),
    )
    await expectChanged(
      ITEM,
      `{task.done && <Badge label="Done" tone="green" />}`,
      `{task.done && <div><Badge label="Done" tone="green" /></div>}`,
    )
  })
})
