import { describe, expect, it } from "vitest"
import {
  APP,
  BADGE,
  FOOTER,
  HEADER,
  ITEM,
  LIST,
  canvas,
  expectChanged,
  original,
  prepareSampleCanvas,
} from "./sample-canvas.ts"

/* Edits to one element: its styles and classes, a prop, its tag, its text; and inspecting it. */

prepareSampleCanvas()

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
      `className="py-6 text-center text-xs text-slate-400 md:hover:text-[color:#ff0000] md:hover:pt-2"`,
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
      `className="py-6 text-center md:hover:text-[color:#ff0000] md:hover:pt-2 text-[color:blue] text-[length:14px]"`,
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

  it("refuses modifiers on inline styles; styles a template literal className in its strings", async () => {
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
    await canvas.run(
      canvas.rewriter.styling(canvas.root, {
        reactElement: badge,
        styling: { padding: "12px" },
        stylingFramework: "Tailwind",
      }),
    )
    // px-2 and py-0.5 are what p-3 overrides (tailwind-merge's view), 12px the scale's step 3.
    await expectChanged(
      BADGE,
      "className={`rounded px-2 py-0.5 text-xs ${colors}`}",
      "className={`rounded text-xs p-3 ${colors}`}",
    )
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
