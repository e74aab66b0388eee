import { createHash } from "node:crypto"
import { isAbsolute, relative, sep } from "node:path"

/**
 * The namespace of every codebase id: the v5 uuid of "https://colorday.dev/codebase-id" in the
 * URL namespace of RFC 4122. Changing it changes every id, so it never changes.
 */
export const CODEBASE_ID_NAMESPACE = "1e3b2b80-e802-5ad3-a1b6-bc49bdcfb969"

export const CODEBASE_ID_PREFIX = "tempo-"

/** A name-based (version 5, SHA-1) uuid of `name` in `namespace`, per RFC 4122 §4.3. */
export const uuidV5 = (name: string, namespace: string): string => {
  const digest = createHash("sha1")
    .update(Buffer.from(namespace.replaceAll("-", ""), "hex"))
    .update(name, "utf8")
    .digest()
  const bytes = digest.subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Ids computed before, by `<path>:<offset>`: every edit re-reads its file's elements, most of
 * them at the offsets they had (before the edit) or had earlier (after an undo). Emptied when full.
 */
const knownIds = new Map<string, string>()
const KNOWN_IDS_KEPT = 50_000

/**
 * The codebase id of a JSX element: `tempo-` + the v5 uuid of `<path>:<offset>`, where `path` is
 * the file's path relative to the canvas root with `/` separators and `offset` is where the
 * element starts: the index of its `<` in the file's text as a JavaScript string (UTF-16 code
 * units, BOM included if the file has one). The Vite plugin and the rewriter both call this, so
 * the class on a DOM element names a place in the source. Positional: an edit above an element
 * changes its id, which is why every edit answers with the map from old ids to new ones.
 */
export const codebaseIdOf = (relativePath: string, offset: number): string => {
  const name = `${relativePath}:${offset}`
  let id = knownIds.get(name)
  if (id === undefined) {
    id = `${CODEBASE_ID_PREFIX}${uuidV5(name, CODEBASE_ID_NAMESPACE)}`
    if (knownIds.size >= KNOWN_IDS_KEPT) knownIds.clear()
    knownIds.set(name, id)
  }
  return id
}

/**
 * The path of `file` as codebase ids name it: relative to `root`, `/`-separated. Null when the file
 * is not inside the root.
 */
export const canvasPathOf = (root: string, file: string): string | null => {
  const path = relative(root, file)
  if (path === "" || path === ".." || path.startsWith(`..${sep}`) || isAbsolute(path)) return null
  return sep === "/" ? path : path.split(sep).join("/")
}
