/**
 * The frame's temporary markers. The class prefix and the styling class come from
 * domain/editing/class-names.ts, which imports nothing at run time.
 */
import {
  TEMPORARY_CLASS_PREFIX,
  TEMPORARY_STYLING_CLASS,
  isTemporaryClass,
  sanitiseClassName,
} from "../../domain/editing/class-names.ts"

export { TEMPORARY_CLASS_PREFIX, TEMPORARY_STYLING_CLASS, isTemporaryClass, sanitiseClassName }

/** Hides an element an instant update removed (React still owns it, so it stays in the DOM). */
export const REMOVED_CLASS = `${TEMPORARY_CLASS_PREFIX}removed`
/** Marks an element the frame inserted itself (a placeholder, a re-inserted or moved copy). */
export const PLACEHOLDER_CLASS = `${TEMPORARY_CLASS_PREFIX}placeholder`
/** Hides the original of an element shown elsewhere by a temporary move. */
export const MOVED_AWAY_CLASS = `${TEMPORARY_CLASS_PREFIX}moved-away`
/** Previews the styles a pseudo-class modifier would apply (setModifiersForSelectedElement). */
export const MODIFIER_PREVIEW_CLASS = `${TEMPORARY_CLASS_PREFIX}modifier-preview`
/** The name a temporary move of an element (by its key) is tracked under, to take it back. */
export const tempMoveName = (elementKey: string) => `temp-move-${elementKey}`
