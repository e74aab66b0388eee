/**
 * Codebase ids and element keys, as the frame reads them off the DOM: the domain's own rules
 * (domain/editing/codebase-id.ts and element-key.ts import no Effect, so the frame bundle carries
 * none), under the short names the frame's code uses.
 */
import { CODEBASE_ID_PREFIX, isPlaceholderCodebaseId } from "../../domain/editing/codebase-id.ts"
import {
  elementKeyFrom,
  elementKeyParts,
  type ElementKeyParts,
  parentUniquePath,
  ROOT_UNIQUE_PATH,
  STORYBOARD_TOP_CONSTANT,
  uniquePathOf,
} from "../../domain/editing/element-key.ts"

export {
  ADD_JSX_PLACEHOLDER_PREFIX,
  CODEBASE_ID_PREFIX,
  codebaseIdInClassList,
  DUPLICATE_PLACEHOLDER_PREFIX,
  isCodebaseId,
  isPlaceholderCodebaseId,
  PAGE_LEVEL_CODEBASE_IDS,
  WRAP_IN_DIV_PLACEHOLDER,
} from "../../domain/editing/codebase-id.ts"
export {
  isValidKeyId,
  ROOT_UNIQUE_PATH,
  STORYBOARD_TOP_CONSTANT,
} from "../../domain/editing/element-key.ts"

/** The prop (and, where a component spreads its props, the attribute) naming a component's id. */
export const CODEBASE_ID_PROP = "data-codebase-id"

export type KeyParts = ElementKeyParts

export const elementKey = (codebaseId: string, storyboardId: string, path: string): string =>
  elementKeyFrom(codebaseId, storyboardId, path)

export const storyboardKey = (storyboardId: string): string =>
  elementKey(STORYBOARD_TOP_CONSTANT, storyboardId, ROOT_UNIQUE_PATH)

/** The parts of a valid element key, or undefined. */
export const parseKey = (key: string): KeyParts | undefined => elementKeyParts(key)

export const codebaseIdOfKey = (key: string): string | undefined => parseKey(key)?.codebaseId

/** '0' for the body, '0-' and the child indexes from the body down below it. */
export const uniquePath = uniquePathOf

export const parentPath = parentUniquePath

const HEX = new Uint8Array(128)
for (const digit of "0123456789abcdefABCDEF") HEX[digit.charCodeAt(0)] = 1
const DASH = 45
const PREFIX_LENGTH = CODEBASE_ID_PREFIX.length
const UUID_LENGTH = 36

/**
 * Whether `value` is `tempo-` and a uuid of versions 1 to 5 (the domain's "uuid" kind of codebase
 * id), read char by char: the nav tree asks it of every class on the page, and the domain's regex
 * over a slice of each allocates.
 */
export const isUuidCodebaseId = (value: string): boolean => {
  if (value.length !== PREFIX_LENGTH + UUID_LENGTH || !value.startsWith(CODEBASE_ID_PREFIX)) {
    return false
  }
  for (let i = 0; i < UUID_LENGTH; i += 1) {
    const code = value.charCodeAt(PREFIX_LENGTH + i)
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== DASH) return false
    } else if (code >= 128 || HEX[code] !== 1) return false
  }
  const version = value.charCodeAt(PREFIX_LENGTH + 14)
  const variant = value.charCodeAt(PREFIX_LENGTH + 19) | 32 // lower case
  return (
    version >= 49 &&
    version <= 53 &&
    (variant === 56 || variant === 57 || variant === 97 || variant === 98)
  )
}

/**
 * codebaseIdInClassList for the classes of one element (an array): the same answer, the first
 * uuid id else the first placeholder, with the uuid check above.
 */
export const codebaseIdInClasses = (classes: ReadonlyArray<string>): string | undefined => {
  let placeholder: string | undefined
  // Indexed: for-of made an iterator per element here.
  for (let i = 0; i < classes.length; i += 1) {
    const name = classes[i] as string
    if (isUuidCodebaseId(name)) return name
    if (placeholder === undefined && isPlaceholderCodebaseId(name)) placeholder = name
  }
  return placeholder
}
