/**
 * The content hash of each source file as the canvas shows it: what this editor's own edits wrote
 * (the frame renames its ids to that version at once), and what the frame's nav tree was built
 * on (the hot reload's versions, a change made on disk included). Sent with every edit as
 * `seenFileHashes`, so the server re-finds an element in a file changed since, or refuses (409).
 */
export class FileVersions {
  private readonly current = new Map<string, { readonly hash: string; readonly at: number }>()
  /** When this editor last wrote each version of each file (undo writes an old one again). */
  private readonly written = new Map<string, Map<string, number>>()
  private clock = 0

  wrote(files: ReadonlyArray<{ readonly path: string; readonly fileHash: string }>): void {
    for (const { path, fileHash } of files) {
      this.clock += 1
      const mine = this.written.get(path) ?? new Map<string, number>()
      mine.set(fileHash, this.clock)
      this.written.set(path, mine)
      this.current.set(path, { hash: fileHash, at: this.clock })
    }
  }

  /** The versions a nav tree was built on; one of our own older writes, arriving late, is not news. */
  seen(versions: Readonly<Record<string, unknown>>): void {
    for (const [path, hash] of Object.entries(versions)) {
      if (typeof hash !== "string") continue
      const now = this.current.get(path)
      if (now?.hash === hash) continue
      const mineAt = this.written.get(path)?.get(hash)
      if (now !== undefined && mineAt !== undefined && mineAt < now.at) continue
      this.current.set(path, { hash, at: now?.at ?? 0 })
    }
  }

  hashes(): Record<string, string> | undefined {
    if (this.current.size === 0) return undefined
    return Object.fromEntries([...this.current].map(([path, { hash }]) => [path, hash]))
  }
}
