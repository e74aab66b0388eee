/**
 * Codebase ids and element keys, as the frame reads them off the DOM: the domain's own rules
 * (domain/editing/codebase-id.ts and element-key.ts import no Effect, so the frame bundle carries
 * none), under the short names the frame's code uses.
 */
import {
  elementKeyOf,
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
  elementKeyOf({ codebaseId, storyboardId, uniquePath: path })

export const storyboardKey = (storyboardId: string): string =>
  elementKey(STORYBOARD_TOP_CONSTANT, storyboardId, ROOT_UNIQUE_PATH)

/** The parts of a valid element key, or undefined. */
export const parseKey = (key: string): KeyParts | undefined => elementKeyParts(key)

export const codebaseIdOfKey = (key: string): string | undefined => parseKey(key)?.codebaseId

/** '0' for the body, '0-' and the child indexes from the body down below it. */
export const uniquePath = uniquePathOf

export const parentPath = parentUniquePath
