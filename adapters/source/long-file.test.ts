import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { cardBlock as block } from "./long-file-fixture.ts"
import { makeCanvas, replaceOnce, type TestCanvas } from "./test-support.ts"

const LONG = `import { Shared } from './Shared';\nimport type { JSX } from 'react';\n${Array.from(
  { length: 60 },
  (_, index) => block(index),
).join("")}`

const SHARED = `export function Shared() {\n    return <div>shared</div>;\n}\nexport function Extra() {\n    return <div>extra</div>;\n}\n`

let canvas: TestCanvas
beforeEach(async () => {
  canvas = await makeCanvas({ "Long.tsx": LONG, "Shared.tsx": SHARED })
})
afterEach(async () => {
  await canvas.dispose()
})

const card = (n: number) => block(n).slice(block(n).indexOf("        <section"))

describe("a 2,000-line file", () => {
  it("is long", () => {
    expect(LONG.split("\n").length).toBeGreaterThan(2000)
  })

  it("changes only the edited range for a class, a text, a prop and a tag", async () => {
    const footer = await canvas.at("Long.tsx", "<footer", 57)
    await canvas.run(
      canvas.rewriter.addClass(canvas.root, { reactElement: footer, className: "mt-4" }),
    )
    await canvas.run(
      canvas.rewriter.editText(canvas.root, {
        element: footer,
        oldText: "Card 57 ends here",
        newText: "The end",
      }),
    )
    const section = await canvas.at("Long.tsx", "<section", 3)
    await canvas.run(
      canvas.rewriter.changePropValue(canvas.root, {
        elementToModify: section,
        propName: "id",
        propValue: "third",
      }),
    )
    await canvas.run(
      canvas.rewriter.changeElementTag(canvas.root, {
        elementToModify: section,
        newTag: "article",
      }),
    )
    let expected = replaceOnce(
      LONG,
      `                className="card-footer"\n                title="Footer 57"\n            >\n                Card 57 ends here`,
      `                className="card-footer mt-4"\n                title="Footer 57"\n            >\n                The end`,
    )
    expected = replaceOnce(
      expected,
      card(3),
      card(3)
        .replace(
          `<section className="card card-3" data-index={3}>`,
          `<article className="card card-3" data-index={3} id="third">`,
        )
        .replace("</section>", "</article>"),
    )
    expect(await canvas.read("Long.tsx")).toBe(expected)
  })

  it("styles, removes, duplicates and reclasses with only the edited lines changed", async () => {
    const title = await canvas.at("Long.tsx", "<h2", 50)
    await canvas.run(
      canvas.rewriter.styling(canvas.root, {
        reactElement: title,
        styling: { color: "red" },
        stylingFramework: "Inline",
      }),
    )
    await canvas.run(
      canvas.rewriter.styling(canvas.root, {
        reactElement: await canvas.at("Long.tsx", "<ul", 50),
        styling: { padding: "8px" },
        stylingFramework: "Tailwind",
        modifiers: ["md", "hover"],
      }),
    )
    await canvas.run(
      canvas.rewriter.removeJsxElement(canvas.root, {
        elementsToRemove: [await canvas.at("Long.tsx", "<p>", 10)],
      }),
    )
    await canvas.run(
      canvas.rewriter.duplicate(canvas.root, {
        reactElements: [await canvas.at("Long.tsx", "<h2", 20)],
      }),
    )
    await canvas.run(
      canvas.rewriter.removeClass(canvas.root, {
        reactElement: await canvas.at("Long.tsx", "<footer", 30),
        className: "card-footer",
      }),
    )
    await canvas.run(
      canvas.rewriter.updateClasses(canvas.root, {
        reactElement: await canvas.at("Long.tsx", "<section", 40),
        oldClasses: ["card", "card-40"],
        newClasses: ["card", "featured"],
      }),
    )
    let expected = replaceOnce(
      LONG,
      card(50),
      card(50)
        .replace(
          "<h2 className='title'>{title}</h2>",
          "<h2 className='title' style={{ color: 'red' }}>{title}</h2>",
        )
        // A new attribute takes the quotes most of the file's attributes use (double here).
        .replace("            <ul>", '            <ul className="md:hover:p-2">'),
    )
    expected = replaceOnce(
      expected,
      card(10),
      card(10).replace(
        "            <p>\n                Total: {total} items\n            </p>\n",
        "",
      ),
    )
    expected = replaceOnce(
      expected,
      card(20),
      card(20).replace(
        "            <h2 className='title'>{title}</h2>\n",
        "            <h2 className='title'>{title}</h2>\n            <h2 className='title'>{title}</h2>\n",
      ),
    )
    expected = replaceOnce(
      expected,
      card(30),
      card(30).replace(
        `            <footer\n                className="card-footer"\n                title="Footer 30"`,
        `            <footer\n                title="Footer 30"`,
      ),
    )
    expected = replaceOnce(
      expected,
      card(40),
      card(40).replace(`className="card card-40"`, `className="card featured"`),
    )
    expect(await canvas.read("Long.tsx")).toBe(expected)
  })

  it("wraps, moves and adds with the file's 4-space indentation, quotes and semicolons", async () => {
    await canvas.run(
      canvas.rewriter.wrapInDiv(canvas.root, {
        reactElements: [
          await canvas.at("Long.tsx", "<h2", 40),
          await canvas.at("Long.tsx", "<ul>", 40),
        ],
      }),
    )
    await canvas.run(
      canvas.rewriter.moveJsxElement(canvas.root, {
        elementToMove: await canvas.at("Long.tsx", "<p>", 10),
        afterElement: await canvas.at("Long.tsx", "<footer", 10),
      }),
    )
    await canvas.run(
      canvas.rewriter.addJsxElement(canvas.root, {
        beforeElement: await canvas.at("Long.tsx", "<h2", 0),
        newElement: { type: "component", componentName: "Extra", propsToSet: { level: 2 } },
      }),
    )
    let expected = replaceOnce(
      LONG,
      `import { Shared } from './Shared';`,
      `import { Shared, Extra } from './Shared';`,
    )
    expected = replaceOnce(
      expected,
      `        <section className="card card-0" data-index={0}>\n`,
      `        <section className="card card-0" data-index={0}>\n            <Extra level={2} />\n`,
    )
    expected = replaceOnce(
      expected,
      card(40),
      card(40).replace(
        `            <h2 className='title'>{title}</h2>
            {highlighted && <span className="badge">Featured</span>}
            <ul>
                {items.map((item) => (
                    <li key={item.id}>{item.label}</li>
                ))}
            </ul>
`,
        `            <div>
                <h2 className='title'>{title}</h2>
                <ul>
                    {items.map((item) => (
                        <li key={item.id}>{item.label}</li>
                    ))}
                </ul>
            </div>
            {highlighted && <span className="badge">Featured</span>}
`,
      ),
    )
    const paragraph = `            <p>\n                Total: {total} items\n            </p>\n`
    expected = replaceOnce(
      expected,
      card(10),
      card(10)
        .replace(paragraph, "")
        .replace(
          `                Card 10 ends here\n            </footer>\n`,
          (footerEnd) => `${footerEnd}${paragraph}`,
        ),
    )
    expect(await canvas.read("Long.tsx")).toBe(expected)
  })

  it("imports a component from another file with the file's quotes and semicolons", async () => {
    const other = await makeCanvas({
      "Page.tsx": `import type { JSX } from 'react';\n\nexport const Page = (): JSX.Element => <main></main>;\n`,
      "Shared.tsx": SHARED,
    })
    try {
      await other.run(
        other.rewriter.addJsxElement(other.root, {
          destinationElement: await other.at("Page.tsx", "<main"),
          newElement: { type: "component", componentName: "Shared" },
        }),
      )
      expect(await other.read("Page.tsx")).toBe(
        `import type { JSX } from 'react';\nimport { Shared } from './Shared';\n\nexport const Page = (): JSX.Element => <main>\n  <Shared />\n</main>;\n`,
      )
    } finally {
      await other.dispose()
    }
  })
})
