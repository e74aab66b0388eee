import { Result } from "effect"
import { InvalidKeyId, MalformedElementKey } from "./editing.errors.ts"
import type { ElementKeyIdPart } from "./editing.errors.ts"
import {
  ELEMENT_KEY_PREFIX,
  type ElementKey,
  type ElementKeyParts,
  elementKeyOf,
  isUniquePath,
  isValidKeyId,
  ROOT_UNIQUE_PATH,
  splitElementKey,
  STORYBOARD_TOP_CONSTANT,
} from "./element-key.ts"

/** Element keys built and parsed with the refusal that names what is wrong. */

const checkId = (part: ElementKeyIdPart, value: string): InvalidKeyId | undefined =>
  isValidKeyId(value) ? undefined : new InvalidKeyId({ part, value })

/** The parts' first broken rule, if any: codebase id, then storyboard id, then unique path. */
export const elementKeyRefusal = (
  parts: ElementKeyParts,
): InvalidKeyId | MalformedElementKey | undefined =>
  checkId("codebaseId", parts.codebaseId) ??
  checkId("storyboardId", parts.storyboardId) ??
  (isUniquePath(parts.uniquePath)
    ? undefined
    : new MalformedElementKey({
        key: `${ELEMENT_KEY_PREFIX}${parts.codebaseId}_${parts.storyboardId}_${parts.uniquePath}`,
        reason: `unique path ${JSON.stringify(parts.uniquePath)} is not '0' followed by -index parts`,
      }))

export const buildElementKey = (
  parts: ElementKeyParts,
): Result.Result<ElementKey, InvalidKeyId | MalformedElementKey> => {
  const refusal = elementKeyRefusal(parts)
  return refusal ? Result.fail(refusal) : Result.succeed(elementKeyOf(parts))
}

/** The key of a storyboard itself: the top constant as codebase id and the path 0. */
export const storyboardElementKey = (
  storyboardId: string,
): Result.Result<ElementKey, InvalidKeyId | MalformedElementKey> =>
  buildElementKey({
    codebaseId: STORYBOARD_TOP_CONSTANT,
    storyboardId,
    uniquePath: ROOT_UNIQUE_PATH,
  })

/** A key's parts (split as splitElementKey splits them), or the first rule it breaks. */
export const parseElementKey = (
  key: string,
): Result.Result<ElementKeyParts, InvalidKeyId | MalformedElementKey> => {
  const split = splitElementKey(key)
  if ("malformed" in split) {
    return Result.fail(new MalformedElementKey({ key, reason: split.malformed }))
  }
  const refusal = elementKeyRefusal(split.parts)
  return refusal ? Result.fail(refusal) : Result.succeed(split.parts)
}
