/**
 * Codebase ids: pure rules with no Effect import, so the frame script (which carries no Effect
 * runtime) uses these very functions.
 */

/** Every codebase id is a class name starting with this prefix (root, body and __next aside). */
export const CODEBASE_ID_PREFIX = "tempo-"
export const WRAP_IN_DIV_PLACEHOLDER = "tempo-wrap-in-div-placeholder"
export const DUPLICATE_PLACEHOLDER_PREFIX = "tempo-duplicate-placeholder-"
export const ADD_JSX_PLACEHOLDER_PREFIX = "tempo-add-jsx-placeholder-"
/** Page-level ids the frame may select although no JSX element carries them. */
export const PAGE_LEVEL_CODEBASE_IDS = ["root", "body", "__next"] as const

export type CodebaseId = string

export type CodebaseIdKind =
  | "uuid"
  | "wrap-in-div-placeholder"
  | "duplicate-placeholder"
  | "add-jsx-placeholder"
  | "root"
  | "body"
  | "__next"

// Versions 1 to 5 only, RFC 4122 variant; case-insensitive like the usual uuid validators.
const UUID_V1_TO_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
// No underscore in a placeholder suffix, so an element key built from it parses back unambiguously.
const PLACEHOLDER_SUFFIX = /^[A-Za-z0-9-]+$/

/** True for a uuid of versions 1 to 5 in its canonical 8-4-4-4-12 form. */
export const isUuidV1ToV5 = (value: string): boolean => UUID_V1_TO_V5.test(value)

/** What kind of codebase id a string is, or undefined when it is none. */
export const classifyCodebaseId = (value: string): CodebaseIdKind | undefined => {
  if (value === "root" || value === "body" || value === "__next") return value
  if (!value.startsWith(CODEBASE_ID_PREFIX)) return undefined
  if (value === WRAP_IN_DIV_PLACEHOLDER) return "wrap-in-div-placeholder"
  if (value.startsWith(DUPLICATE_PLACEHOLDER_PREFIX)) {
    const suffix = value.slice(DUPLICATE_PLACEHOLDER_PREFIX.length)
    return PLACEHOLDER_SUFFIX.test(suffix) ? "duplicate-placeholder" : undefined
  }
  if (value.startsWith(ADD_JSX_PLACEHOLDER_PREFIX)) {
    const suffix = value.slice(ADD_JSX_PLACEHOLDER_PREFIX.length)
    return PLACEHOLDER_SUFFIX.test(suffix) ? "add-jsx-placeholder" : undefined
  }
  return isUuidV1ToV5(value.slice(CODEBASE_ID_PREFIX.length)) ? "uuid" : undefined
}

export const isCodebaseId = (value: string): boolean => classifyCodebaseId(value) !== undefined

/** Placeholders stand in for elements an instant update created before the source has them. */
export const isPlaceholderCodebaseId = (value: string): boolean => {
  const kind = classifyCodebaseId(value)
  return (
    kind === "wrap-in-div-placeholder" ||
    kind === "duplicate-placeholder" ||
    kind === "add-jsx-placeholder"
  )
}

/** Ids that name the page itself rather than a JSX element of the source. */
export const isPageLevelCodebaseId = (value: string): boolean =>
  (PAGE_LEVEL_CODEBASE_IDS as ReadonlyArray<string>).includes(value)

/**
 * The codebase id an element carries among its classes: the first one that is a uuid id, else the
 * first placeholder (an element keeps its real id when a placeholder class is added beside it).
 */
export const codebaseIdInClassList = (classes: Iterable<string>): CodebaseId | undefined => {
  let placeholder: CodebaseId | undefined
  for (const className of classes) {
    const kind = classifyCodebaseId(className)
    if (kind === "uuid") return className
    if (placeholder === undefined && kind !== undefined && isPlaceholderCodebaseId(className)) {
      placeholder = className
    }
  }
  return placeholder
}

/** The same ids, each kept once where it first occurs (remove, wrap and duplicate lists). */
export const dropDuplicateIds = <Id extends string>(ids: ReadonlyArray<Id>): Array<Id> => [
  ...new Set(ids),
]

/**
 * The elements a request may name: duplicates dropped, and ids that are empty or that `lookup`
 * does not know omitted (the frame may hold ids of elements already gone).
 */
export const knownElements = <Element>(
  ids: ReadonlyArray<string>,
  lookup: (codebaseId: string) => Element | undefined,
): Array<Element> =>
  dropDuplicateIds(ids).flatMap((id) => {
    if (id === "") return []
    const element = lookup(id)
    return element === undefined ? [] : [element]
  })
