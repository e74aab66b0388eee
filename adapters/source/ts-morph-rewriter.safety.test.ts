import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { Cause, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { nodeFileOps, type FileOps } from "./canvas-files.ts"
import { HISTORY_PATH } from "./history.ts"
import { makeTsMorphRewriter } from "./ts-morph-rewriter.ts"
import { makeCanvas, type TestCanvas } from "./test-support.ts"
import { FOOTER, HEADER, canvas, original, prepareSampleCanvas } from "./sample-canvas.ts"

/* Undo and redo, conflicts with the files on disk, a corrupt history, writes across files. */

prepareSampleCanvas()

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
