import { readdir, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"

/**
 * An upload is written to a file of this name in TMPDIR while it is read (uploads.ts), and the
 * file is deleted with the answer. A process killed meanwhile leaves it behind.
 */
export const UPLOAD_FILE_PREFIX = "colorday-upload-"

/**
 * Deletes the uploads' temporary files last written before `before` (ms since the epoch) that a
 * killed process left in `folder`; answers how many. Other instances on the machine share TMPDIR,
 * so only files far older than any upload takes are touched (the orphan sweep's grace, an hour
 * by default). Files of other programs and folders are left alone.
 */
export const sweepUploadLeftovers = async (
  before: number,
  folder: string = tmpdir(),
): Promise<number> => {
  const names = await readdir(folder).catch(() => [] as Array<string>)
  let removed = 0
  for (const name of names) {
    if (!name.startsWith(UPLOAD_FILE_PREFIX)) continue
    const path = join(folder, name)
    const info = await stat(path).catch(() => undefined)
    if (!info?.isFile() || info.mtimeMs >= before) continue
    await rm(path, { force: true })
    removed += 1
  }
  return removed
}
