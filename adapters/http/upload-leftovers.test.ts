import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { sweepUploadLeftovers, UPLOAD_FILE_PREFIX } from "./upload-leftovers.ts"

describe("sweepUploadLeftovers", () => {
  let folder = ""
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "upload-leftovers-"))
  })
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  const file = async (name: string, modifiedAt: number) => {
    const path = join(folder, name)
    await writeFile(path, "bytes")
    await utimes(path, modifiedAt / 1000, modifiedAt / 1000)
  }

  it("deletes only uploads' files last written before the cut-off", async () => {
    const now = Date.now()
    const hour = 60 * 60_000
    await file(`${UPLOAD_FILE_PREFIX}old-1`, now - 2 * hour)
    await file(`${UPLOAD_FILE_PREFIX}old-2`, now - 3 * hour)
    await file(`${UPLOAD_FILE_PREFIX}in-progress`, now - 60_000)
    await file("someone-elses-file", now - 5 * hour)
    await mkdir(join(folder, `${UPLOAD_FILE_PREFIX}a-folder`))

    expect(await sweepUploadLeftovers(now - hour, folder)).toBe(2)
    expect((await readdir(folder)).sort()).toEqual([
      `${UPLOAD_FILE_PREFIX}a-folder`,
      `${UPLOAD_FILE_PREFIX}in-progress`,
      "someone-elses-file",
    ])
    expect(await sweepUploadLeftovers(now - hour, folder)).toBe(0)
  })

  it("answers 0 for a folder that does not exist", async () => {
    expect(await sweepUploadLeftovers(Date.now(), join(folder, "missing"))).toBe(0)
  })
})
