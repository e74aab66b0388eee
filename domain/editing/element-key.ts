/**
 * Element keys: pure rules with no Effect import, so the frame script (which carries no Effect
 * runtime) uses these very functions; element-key-parsing.ts answers with typed refusals.
 */

export const ELEMENT_KEY_PREFIX = "TE_"
/** The codebase id of storyboard-level elements, which no JSX element carries. */
export const STORYBOARD_TOP_CONSTANT = "STORYBOARD-TOP-CONSTANT"
/** The unique path of the body, and of every storyboard-level element. */
export const ROOT_UNIQUE_PATH = "0"

/** TE_{codebase}_{storyboard}_{path}: names one element of one storyboard on the page. */
export type ElementKey = `TE_${string}_${string}_${string}`

export interface ElementKeyParts {
  readonly codebaseId: string
  readonly storyboardId: string
  readonly uniquePath: string
}

const KEY_ID = /^[A-Za-z0-9_-]+$/
// Child indexes are written without leading zeros, so one path has one spelling.
const UNIQUE_PATH = /^0(-(0|[1-9][0-9]*))*$/
// __next is the one accepted codebase id with underscores; see parseElementKey.
const NEXT_ROOT = "__next"

/** Ids may contain only letters, digits, hyphen and underscore (and are never empty). */
export const isValidKeyId = (id: string): boolean => KEY_ID.test(id)

export const isUniquePath = (path: string): boolean => UNIQUE_PATH.test(path)

/** The key of parts already known to be valid (no check: see buildElementKey for one). */
export const elementKeyOf = (parts: ElementKeyParts): ElementKey =>
  elementKeyFrom(parts.codebaseId, parts.storyboardId, parts.uniquePath)

// One array, reused, joined into each key: join writes one flat string, where + of long strings
// makes a V8 cons string per +, kept with the key until a Map lookup flattens it into a copy. The
// frame makes a key for every element of a page, all with one storyboard id, whose "_id_" middle
// is made once. Measured in Chromium (a key made, then set and looked up in a Map): 216 B per key
// against 264 with + and the middle kept, 305 with a template literal, 289 with [...].join("").
const keyParts = [ELEMENT_KEY_PREFIX, "", "", ""]
let lastStoryboardId: string | undefined

/** elementKeyOf, the parts as arguments (no object to make per key). */
export const elementKeyFrom = (
  codebaseId: string,
  storyboardId: string,
  uniquePath: string,
): ElementKey => {
  if (storyboardId !== lastStoryboardId) {
    keyParts[2] = `_${storyboardId}_`
    lastStoryboardId = storyboardId
  }
  keyParts[1] = codebaseId
  keyParts[3] = uniquePath
  return keyParts.join("") as ElementKey
}

export const isStoryboardLevel = (parts: ElementKeyParts): boolean =>
  parts.codebaseId === STORYBOARD_TOP_CONSTANT && parts.uniquePath === ROOT_UNIQUE_PATH

/**
 * Splits a key into its parts, or says why it cannot. The path never holds an underscore, so it is
 * what follows the last one. Ids may hold underscores, which makes the split between codebase id
 * and storyboard id ambiguous: the codebase id ends at the first underscore after its first
 * character, except for __next. Every codebase id (tempo- ids, placeholders, root, body, __next,
 * the top constant) therefore round-trips whatever the storyboard id. The parts are not checked.
 */
export const splitElementKey = (
  key: string,
): { readonly parts: ElementKeyParts } | { readonly malformed: string } => {
  if (!key.startsWith(ELEMENT_KEY_PREFIX)) return { malformed: "it does not start with TE_" }
  const body = key.slice(ELEMENT_KEY_PREFIX.length)
  const lastUnderscore = body.lastIndexOf("_")
  if (lastUnderscore < 0) return { malformed: "it has no storyboard id or unique path" }
  const ids = body.slice(0, lastUnderscore)
  // Neither id is empty, so the first underscore that can separate them is at index 1 or later.
  const separator = ids.startsWith(`${NEXT_ROOT}_`) ? NEXT_ROOT.length : ids.indexOf("_", 1)
  if (separator < 0) return { malformed: "it has no storyboard id" }
  return {
    parts: {
      codebaseId: ids.slice(0, separator),
      storyboardId: ids.slice(separator + 1),
      uniquePath: body.slice(lastUnderscore + 1),
    },
  }
}

/** Whether every part follows its rule (valid ids, a unique path). */
export const areValidKeyParts = (parts: ElementKeyParts): boolean =>
  isValidKeyId(parts.codebaseId) &&
  isValidKeyId(parts.storyboardId) &&
  isUniquePath(parts.uniquePath)

/** The parts of a valid key, or undefined. */
export const elementKeyParts = (key: string): ElementKeyParts | undefined => {
  const split = splitElementKey(key)
  return "parts" in split && areValidKeyParts(split.parts) ? split.parts : undefined
}

export const isElementKey = (key: string): key is ElementKey => elementKeyParts(key) !== undefined

/** '0' for the body; '0-' and the child indexes from the body down, joined by dashes, below it. */
export const uniquePathOf = (childIndexes: ReadonlyArray<number>): string => {
  for (const index of childIndexes) {
    // A defect, not a refusal: indexes come from the DOM, never from a person.
    if (!Number.isSafeInteger(index) || index < 0) {
      throw new RangeError(`A child index is a non-negative integer, not ${index}`)
    }
  }
  return [ROOT_UNIQUE_PATH, ...childIndexes.map(String)].join("-")
}

/** The child indexes from the body down, or undefined when the path is not a unique path. */
export const childIndexesOf = (path: string): Array<number> | undefined =>
  isUniquePath(path) ? path.split("-").slice(1).map(Number) : undefined

/** The unique path of the parent; the body has none. */
export const parentUniquePath = (path: string): string | undefined => {
  const indexes = childIndexesOf(path)
  if (indexes === undefined || indexes.length === 0) return undefined
  return uniquePathOf(indexes.slice(0, -1))
}

/** Shift-selection adds only siblings: two different elements under the same parent. */
export const areSiblingPaths = (a: string, b: string): boolean => {
  if (a === b) return false
  const parent = parentUniquePath(a)
  return parent !== undefined && parent === parentUniquePath(b)
}

/**
 * The key with its codebase id renamed by an edit's old → new id map (what the server answers);
 * a key whose id the map does not name, or that would not be valid renamed, stays as it is.
 */
export const renameElementKey = (key: string, ids: Readonly<Record<string, string>>): string => {
  const parts = elementKeyParts(key)
  const to = parts && Object.hasOwn(ids, parts.codebaseId) ? ids[parts.codebaseId] : undefined
  if (!parts || to === undefined) return key
  const renamed = { ...parts, codebaseId: to }
  return areValidKeyParts(renamed) ? elementKeyOf(renamed) : key
}
