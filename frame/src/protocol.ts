/**
 * The messages between the frame and the parent tool (§7). The spec leaves the envelope open; ours:
 *
 * - parent → frame: `{ id, type, payload }` with `type` one of PARENT_MESSAGE_TYPES. A message
 *   without an id or without a payload object is ignored (§5).
 * - frame → parent: `{ source: "colorday-frame", id, type, payload, replyTo? }`; a reply to
 *   executeFunction or inspectElement carries the request's id in `replyTo`.
 *
 * Both sides check origins: the frame accepts only messages from its parent window at the allowed
 * origin and posts only to that origin; the parent should accept only messages from the iframe's
 * window at the app's origin whose `source` is FRAME_MESSAGE_SOURCE (see isFrameMessage).
 *
 * executeFunction arguments are `args` (an array) or `compressedArgs`: lz-string's
 * compressToBase64 of the JSON of that array.
 */

export const FRAME_MESSAGE_SOURCE = "colorday-frame"

export const PARENT_MESSAGE_TYPES = [
  "executeFunction",
  "inspectElement",
  "GET_STATE_AND_PROPS",
] as const
export type ParentMessageType = (typeof PARENT_MESSAGE_TYPES)[number]

/** Everything the frame sends (§7, "Messages sent by the frame to the parent"). */
export const FRAME_MESSAGE_TYPES = [
  "FRAME_READY",
  "SELECTED_ELEMENT_KEY",
  "HOVERED_ELEMENT_KEY",
  "MULTI_SELECTED_ELEMENT_KEYS",
  "NAV_TREE",
  "PROCESSED_CSS_RULES",
  "CSS_EVALS",
  "ELEMENT_CLASS_LIST",
  "LATEST_HREF",
  "MOUSE_MOVE",
  "DRAG_START",
  "DRAG_END",
  "DRAG_CANCEL",
  "WHEEL",
  "KEY_DOWN",
  "KEY_UP",
  "CONTEXT_MENU",
  "HYDRATION_STATUS",
  "START_EDITING_TEXT",
  "EDITED_TEXT",
  "INSTANT_UPDATE_DONE",
  "EDIT_DYNAMIC_TEXT",
  "EXECUTE_FUNCTION_RESULT",
  "INSPECT_ELEMENT_RESULT",
  // Ours, beyond §7: the selected element's computed styles for the inspector (style-report.ts).
  "COMPUTED_STYLES",
  // Ours: a resize handle was released, with the element's new width and/or height (resize.ts).
  "RESIZE_END",
] as const
export type FrameMessageType = (typeof FRAME_MESSAGE_TYPES)[number]

export interface FrameMessage {
  readonly source: typeof FRAME_MESSAGE_SOURCE
  readonly id: string
  readonly type: FrameMessageType
  readonly payload: unknown
  readonly replyTo?: string
}

export interface ParentMessage {
  readonly id: string
  readonly type: string
  readonly payload: Readonly<Record<string, unknown>>
}

/** The callable functions of executeFunction (§7); nothing else runs by name. */
export const CALLABLE_FUNCTIONS = [
  "initProject",
  "setNewLookups",
  "enableDriveMode",
  "disableDriveMode",
  "setHoveredElement",
  "setSelectedElement",
  "setMultiselectedElementKeys",
  "processRulesForSelectedElement",
  "setModifiersForSelectedElement",
  "getCssEvals",
  "ruleMatchesElement",
  "getElementClassList",
  "applyChangeItemToDocument",
  "updateCodebaseIds",
  "dispatchEvent",
  "updateOutlines",
  "goBack",
  "goForward",
  "refresh",
  "syntheticMouseOver",
  "syntheticMouseMove",
  "syntheticMouseUp",
  "clearHoveredOutlines",
  "setZoomPerc",
  "setAiContext",
  "tempMoveElement",
  "tempAddDiv",
  "tempMoveToNewParent",
  "checkIfHydrationError",
  "triggerDragStart",
  "triggerDragCancel",
  "setIsFlushing",
  // Ours: the parent's preview of a resize's class is in place; the inline one goes (resize.ts).
  "endResizePreview",
  // Ours: where Add element will put the new element, before / after / inside (insert-indicator.ts).
  "showInsertIndicator",
  // Ours: an element dragged from Add element is over this point: where it would go (insert-indicator.ts).
  "insertTargetAt",
] as const
export type CallableFunction = (typeof CALLABLE_FUNCTIONS)[number]

export const FUNCTION_NOT_FOUND = "INNER FRAME ERROR: Function to execute not found"

/** inspectElement's error replies (§8). */
export const INSPECT_ERRORS = {
  noComponentName: "No component name",
  noElement: "Could not find element",
  noComponent: "Could not find component",
  noComponentFound: "No component found",
} as const

/** Markers that replace object and function values in an inspect reply (§3). */
export const OBJECT_MARKER = "__COLORDAY_OBJECT__"
export const FUNCTION_MARKER = "__COLORDAY_FUNCTION__"

export type HydrationMessageStatus = "NO_ERROR" | "HYDRATION_ERROR" | "OTHER_ERROR"

export interface HydrationStatusMessage {
  readonly status: HydrationMessageStatus
  readonly errorDescr?: string
  readonly errorLabel?: string
  readonly errorBody?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A parent message worth handling: an id and a payload object; anything else is ignored. */
export const asParentMessage = (data: unknown): ParentMessage | undefined => {
  if (!isRecord(data)) return undefined
  const { id, type, payload } = data
  if (typeof id !== "string" && typeof id !== "number") return undefined
  if (String(id) === "" || typeof type !== "string" || !isRecord(payload)) return undefined
  return { id: String(id), type, payload }
}

/** For the parent: a message from the frame, from the iframe's window at the app's origin. */
export const isFrameMessage = (
  event: MessageEvent,
  frameWindow: Window | null,
  frameOrigin: string,
): event is MessageEvent<FrameMessage> =>
  event.origin === frameOrigin &&
  frameWindow !== null &&
  event.source === frameWindow &&
  isRecord(event.data) &&
  event.data.source === FRAME_MESSAGE_SOURCE &&
  typeof event.data.type === "string"
