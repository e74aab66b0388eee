/**
 * Side by side (issue 21): two live frames of the same app at two widths (a phone and a desktop),
 * seen by the session as one channel. Every call goes to both, so selection, previews, zoom and
 * drive mode are the same in each; the answer is the active frame's. The active frame is the one
 * the user last worked in (the pointer moved, a key, a press, a drag, a text edit, a resize): its
 * messages reach the session, and the session writes style edits under its width's breakpoint.
 * The other frame's state reports (its tree, its computed styles, its hover) are left out, as the
 * active one's stand for both; a selection made in the active frame is passed on to the other.
 */
import type { FrameChannel, FrameMessage, FrameMessageType } from "./frame-channel.ts"

export type FrameIndex = 0 | 1

/** Messages that come only from what the user does in a frame: that frame becomes the active one. */
const WORKED_IN: ReadonlySet<FrameMessageType> = new Set<FrameMessageType>([
  "MOUSE_MOVE",
  "KEY_DOWN",
  "CONTEXT_MENU",
  "DRAG_START",
  "DRAG_END",
  "START_EDITING_TEXT",
  "EDITED_TEXT",
  "EDIT_DYNAMIC_TEXT",
  "RESIZE_END",
  "WHEEL",
])

/** Passed on from either frame: a frame that loaded is set up again by the session. */
const FROM_EITHER: ReadonlySet<FrameMessageType> = new Set<FrameMessageType>(["FRAME_READY"])

export interface FramePair extends FrameChannel {
  /** Whether the second frame is shown (side by side); off, the pair is the first frame alone. */
  setSecondOn(on: boolean): void
  readonly active: () => FrameIndex
}

export const createFramePair = (
  frames: readonly [FrameChannel, FrameChannel],
  onActive: (index: FrameIndex) => void,
): FramePair => {
  let secondOn = false
  let active: FrameIndex = 0
  const listeners = new Set<(message: FrameMessage) => void>()
  const live = (): ReadonlyArray<FrameIndex> => (secondOn ? [0, 1] : [0])

  const activate = (index: FrameIndex) => {
    if (index === active) return
    active = index
    onActive(index)
  }

  /** The other frame follows a selection made in the active one. */
  const mirror = (message: FrameMessage, from: FrameIndex) => {
    if (!secondOn) return
    const other = frames[from === 0 ? 1 : 0]
    const payload = message.payload as Record<string, unknown> | null
    if (message.type === "SELECTED_ELEMENT_KEY") {
      void other.execute("setSelectedElement", [payload?.elementKey ?? null]).catch(() => undefined)
    } else if (message.type === "MULTI_SELECTED_ELEMENT_KEYS") {
      const keys = Array.isArray(payload?.elementKeys) ? payload.elementKeys : []
      if (keys.length > 1) {
        void other.execute("setMultiselectedElementKeys", [keys]).catch(() => undefined)
      }
    }
  }

  const receive = (from: FrameIndex) => (message: FrameMessage) => {
    if (from === 1 && !secondOn) return
    if (WORKED_IN.has(message.type)) activate(from)
    else if (from !== active && !FROM_EITHER.has(message.type)) return
    mirror(message, from)
    for (const listener of listeners) listener(message)
  }
  const unsubscribe = frames.map((frame, index) => frame.subscribe(receive(index as FrameIndex)))

  return {
    execute: async (functionName, args = []) => {
      const answers = await Promise.allSettled(
        live().map((index) => frames[index].execute(functionName, args)),
      )
      const own = answers[live().indexOf(active)] ?? answers[0]
      if (!own) return undefined
      if (own.status === "rejected") {
        throw own.reason instanceof Error ? own.reason : new Error(String(own.reason))
      }
      return own.value
    },
    inspect: (payload) => frames[active].inspect(payload),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose: () => {
      for (const stop of unsubscribe) stop()
      for (const frame of frames) frame.dispose()
      listeners.clear()
    },
    setSecondOn: (on) => {
      secondOn = on
      if (!on) activate(0)
    },
    active: () => active,
  }
}
