import { describe, expect, it } from "vitest"
import { codebaseIdOf } from "./codebase-id.ts"
import { makeCanvas, replaceOnce } from "./test-support.ts"
import {
  APP,
  FOOTER,
  HEADER,
  ITEM,
  LIST,
  canvas,
  expectChanged,
  original,
  prepareSampleCanvas,
} from "./sample-canvas.ts"

/* Edits to the element tree: add, move, remove, wrap in a div, duplicate. */

prepareSampleCanvas()

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

  it("moves a list item's key to the div that wraps it, which is the item now (issue 18 §3)", async () => {
    await canvas.run(
      canvas.rewriter.wrapInDiv(canvas.root, {
        reactElements: [await canvas.at(LIST, "<TaskItem")],
      }),
    )
    await expectChanged(
      LIST,
      `        <TaskItem key={task.id} task={task} onToggle={onToggle} />\n`,
      `        <div key={task.id}>\n          <TaskItem task={task} onToggle={onToggle} />\n        </div>\n`,
    )
  })

  it("leaves the key of an element that is one of its parent's children", async () => {
    const source = `export const L = () => <ul>{[1].map((n) => <li key={n}><b key="x">{n}</b></li>)}</ul>\n`
    const keyed = await makeCanvas({ "L.tsx": source })
    try {
      const at = source.indexOf("<b ")
      await keyed.run(
        keyed.rewriter.wrapInDiv(keyed.root, {
          reactElements: [{ codebaseId: codebaseIdOf("L.tsx", at) }],
        }),
      )
      expect(await keyed.read("L.tsx")).toBe(
        source.replace(`<b key="x">{n}</b>`, `<div><b key="x">{n}</b></div>`),
      )
    } finally {
      await keyed.dispose()
    }
  })
})

describe("moves keep their names in scope (issue 18 §3)", () => {
  const source = [
    `export function Card() {`,
    `  const width = 3`,
    `  return (`,
    `    <div>`,
    `      <span title={String(width)}>{width}</span>`,
    `    </div>`,
    `  )`,
    `}`,
    `export function Other() {`,
    `  return (`,
    `    <section>`,
    `      <p>Plain</p>`,
    `    </section>`,
    `  )`,
    `}`,
    ``,
  ].join("\n")
  const id = (snippet: string) => ({ codebaseId: codebaseIdOf("Two.tsx", source.indexOf(snippet)) })

  it("refuses to move JSX out of the component that declares a name it reads, naming it", async () => {
    const two = await makeCanvas({ "Two.tsx": source })
    try {
      const refused = await two.refusal(
        two.rewriter.moveJsxElement(two.root, {
          elementToMove: id("<span"),
          newContainerElement: id("<section"),
        }),
      )
      expect(refused).toMatchObject({ _tag: "UnsupportedEdit" })
      expect(refused.message).toContain("width")
      expect(await two.read("Two.tsx")).toBe(source)
      // JSX that reads nothing of its component moves freely.
      await two.run(
        two.rewriter.moveJsxElement(two.root, {
          elementToMove: id("<p>"),
          newContainerElement: id("<div>"),
        }),
      )
      expect(await two.read("Two.tsx")).toContain(`      <p>Plain</p>\n    </div>`)
    } finally {
      await two.dispose()
    }
  })
})
