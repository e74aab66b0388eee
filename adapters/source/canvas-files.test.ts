import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { nodeFileOps, replaceFiles, writeAtomically, type FileOps } from "./canvas-files.ts"

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "colorday-canvas-files-"))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const read = (name: string) => readFile(join(dir, name), "utf8")
const temporaries = async () => (await readdir(dir)).filter((name) => name.endsWith(".tmp"))

/** Node's file operations, with rename failing on its `nth` call. */
const renameFailingAt = (nth: number): FileOps => {
  let calls = 0
  return {
    ...nodeFileOps,
    rename: async (from, to) => {
      calls += 1
      if (calls === nth) throw new Error("injected rename failure")
      await nodeFileOps.rename(from, to)
    },
  }
}

describe("writeAtomically", () => {
  it("replaces the file's bytes and leaves no temporary file", async () => {
    await writeFile(join(dir, "App.tsx"), "old")
    await writeAtomically(join(dir, "App.tsx"), "new")
    expect(await read("App.tsx")).toBe("new")
    expect(await temporaries()).toEqual([])
  })

  it("keeps the old bytes and leaves no temporary file when the rename fails", async () => {
    await writeFile(join(dir, "App.tsx"), "old")
    await expect(writeAtomically(join(dir, "App.tsx"), "new", renameFailingAt(1))).rejects.toThrow(
      "injected rename failure",
    )
    expect(await read("App.tsx")).toBe("old")
    expect(await temporaries()).toEqual([])
  })
})

describe("replaceFiles", () => {
  const files = ["A.tsx", "B.tsx", "C.tsx"]
  const replacements = () =>
    Promise.all(
      files.map(async (name) => ({
        file: join(dir, name),
        text: `new ${name}`,
        previous: await readFile(join(dir, name)),
      })),
    )
  beforeEach(async () => {
    for (const name of files) await writeFile(join(dir, name), `old ${name}`)
  })

  it("replaces every file", async () => {
    await replaceFiles(await replacements())
    for (const name of files) expect(await read(name)).toBe(`new ${name}`)
    expect(await temporaries()).toEqual([])
  })

  it("puts the files already renamed back when a later rename fails", async () => {
    await expect(replaceFiles(await replacements(), renameFailingAt(2))).rejects.toThrow(
      "injected rename failure",
    )
    for (const name of files) expect(await read(name), name).toBe(`old ${name}`)
    expect(await temporaries()).toEqual([])
  })

  it("puts every file back on rollback", async () => {
    const { rollback } = await replaceFiles(await replacements())
    await rollback(new Error("the history could not be written"))
    for (const name of files) expect(await read(name), name).toBe(`old ${name}`)
    expect(await temporaries()).toEqual([])
  })
})
