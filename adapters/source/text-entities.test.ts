import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeCanvas, replaceOnce, type TestCanvas } from "./test-support.ts"

/*
 * Text with HTML entities (issue 18 §3): the frame sends the text the DOM shows (entities
 * decoded); it is compared decoded, and written back with the characters the file wrote as
 * entities written the same way.
 */

const PATH = "Notice.tsx"
const SOURCE = [
  `export function Notice({ count }: { count: number }) {`,
  `  return (`,
  `    <section>`,
  `      <p>We&apos;ll keep your choice &amp; your draft.</p>`,
  `      <p>Tom &amp; Jerry: {count}</p>`,
  `      <p>Plain text</p>`,
  `      <p>Fish &#38; chips&nbsp;&copy;</p>`,
  `    </section>`,
  `  )`,
  `}`,
  ``,
].join("\n")

let canvas: TestCanvas
beforeAll(async () => {
  canvas = await makeCanvas({ [PATH]: SOURCE })
})
afterAll(() => canvas.dispose())

const editText = async (snippet: string, oldText: string | undefined, newText: string) => {
  await canvas.write(PATH, SOURCE)
  return canvas.rewriter.editText(canvas.root, {
    element: await canvas.at(PATH, snippet),
    ...(oldText === undefined ? {} : { oldText }),
    newText,
  })
}

describe("text with HTML entities", () => {
  it("compares the decoded text and keeps the file's entities", async () => {
    await canvas.run(
      await editText(
        "<p>We&apos;ll",
        "We'll keep your choice & your draft.",
        "We'll save your choice & your draft, won't we?",
      ),
    )
    expect(await canvas.read(PATH)).toBe(
      replaceOnce(
        SOURCE,
        "We&apos;ll keep your choice &amp; your draft.",
        "We&apos;ll save your choice &amp; your draft, won&apos;t we?",
      ),
    )
  })

  it("keeps numeric and named entities as written, and &nbsp; for a no-break space", async () => {
    await canvas.run(await editText("<p>Fish", "Fish & chips\u00a0©", "Fish & peas\u00a0©"))
    expect(await canvas.read(PATH)).toBe(
      replaceOnce(SOURCE, "Fish &#38; chips&nbsp;&copy;", "Fish &#38; peas&nbsp;&copy;"),
    )
  })

  it("edits a static part of mixed content named by its decoded text", async () => {
    await canvas.run(await editText("<p>Tom", "Tom & Jerry: ", "Tom & Spike: "))
    expect(await canvas.read(PATH)).toBe(
      replaceOnce(SOURCE, "Tom &amp; Jerry: {count}", "Tom &amp; Spike: {count}"),
    )
  })

  it("writes a string expression where the text had no entities, as before", async () => {
    await canvas.run(await editText("<p>Plain", "Plain text", "Salt & pepper"))
    expect(await canvas.read(PATH)).toBe(
      replaceOnce(SOURCE, "<p>Plain text</p>", `<p>{"Salt & pepper"}</p>`),
    )
  })

  it("still refuses an old text that is not the element's, and the raw entities as old text", async () => {
    const refused = await canvas.refusal(await editText("<p>We&apos;ll", "We will", "x"))
    expect(refused._tag).toBe("OldContentMismatch")
    const raw = await canvas.refusal(
      await editText("<p>We&apos;ll", "We&apos;ll keep your choice &amp; your draft.", "x"),
    )
    expect(raw._tag).toBe("OldContentMismatch")
    expect(await canvas.read(PATH)).toBe(SOURCE)
  })

  it("reports the decoded text when inspecting", async () => {
    await canvas.write(PATH, SOURCE)
    const info = await canvas.run(
      canvas.rewriter.inspectElement(canvas.root, (await canvas.at(PATH, "<p>We")).codebaseId),
    )
    expect(info.staticText).toBe("We'll keep your choice & your draft.")
  })
})
